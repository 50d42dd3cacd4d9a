import {
  type BinaryOperator, type ColumnTypes, type DataType, type Expression, type ExpressionVisitor, type LiteralNode, type RowsFrame, type SortKey,
  ThundError, ThundErrorCode, type UnaryOperator, effectiveNulls, expressionType, outputName, visitExpression,
} from '@thund/ir';
import { duckdbType } from './duckdb-types.js';
import { sparkCast } from './spark-cast.js';
import { lowerFunction, windowResultType } from './function-lowering.js';
import { OVER } from './functions/lowering.js';
import { quoteIdentifier, quoteString } from './sql-text.js';
import { fieldSql, subscriptSql } from './nested-access-sql.js';

const BINARY_SQL: Readonly<Record<Exclude<BinaryOperator, 'div'>, string>> = {
  eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=',
  and: 'AND', or: 'OR',
  add: '+', sub: '-', mul: '*', mod: '%',
  like: 'LIKE',
};

const UNARY_SQL: Readonly<Record<UnaryOperator, (operand: string) => string>> = {
  not: (x) => `(NOT ${x})`,
  neg: (x) => `(- ${x})`,
  is_null: (x) => `(${x} IS NULL)`,
  is_not_null: (x) => `(${x} IS NOT NULL)`,
};

/**
 * Compiles expression nodes to DuckDB SQL. One method per expression kind
 * (the ExpressionVisitor type makes a new IR kind a compile error here).
 * Every user-supplied name is a quoted identifier and every value a quoted
 * literal; nothing is spliced raw.
 */
export class ExpressionCompiler implements ExpressionVisitor<string> {
  readonly #types: ColumnTypes | undefined;

  /** With `types`, the columns' types where the pipeline tells them: functions whose DuckDB form depends on their arguments' types use them. */
  constructor(types?: ColumnTypes) {
    this.#types = types;
  }

  /** The argument types of a call, where known. */
  #argumentTypes(args: readonly Expression[]): readonly (DataType | undefined)[] {
    const types = this.#types;
    return types === undefined ? args.map(() => undefined) : args.map((a) => expressionType(a, types));
  }

  /** The DuckDB SQL of an expression (an alias keeps its `AS name`). */
  compile(node: Expression): string {
    return visitExpression(this, node);
  }

  /** A projected expression under its portable output name: a cast keeps its operand's name, a struct field is named by it. */
  compileOutput(node: Expression): string {
    const name = outputName(node);
    return (node.kind === 'cast' || node.kind === 'field') && name !== undefined ? `${this.compile(node)} AS ${quoteIdentifier(name)}` : this.compile(node);
  }

  /** An expression without its top-level alias (for GROUP BY and PARTITION BY). */
  compileUnaliased(node: Expression): string {
    return this.compile(node.kind === 'alias' ? node.expr : node);
  }

  /** A sort key as an ORDER BY item, with its NULLS placement always spelled out (`effectiveNulls`). */
  sortKey(key: SortKey): string {
    return `${this.compileUnaliased(key.expr)} ${key.direction === 'asc' ? 'ASC' : 'DESC'} NULLS ${effectiveNulls(key) === 'first' ? 'FIRST' : 'LAST'}`;
  }

  /** A column reference, qualified by its relation when it has one. */
  readonly column = (node: Extract<Expression, { kind: 'column' }>): string =>
    node.relation === undefined ? quoteIdentifier(node.name) : `${quoteIdentifier(node.relation)}.${quoteIdentifier(node.name)}`;

  /**
   * A literal: a safe integer is an INTEGER (BIGINT beyond 32 bits), any
   * other number a DOUBLE (never DECIMAL), and a typed literal a CAST of its
   * value to that type.
   */
  readonly literal = (node: LiteralNode): string => {
    if (node.type === undefined) return literalValue(node.value);
    // Typed literals: dates, timestamps and decimals arrive as strings and are converted by DuckDB.
    const bare = typeof node.value === 'number' && Number.isFinite(node.value) ? String(node.value) : literalValue(node.value);
    return `CAST(${bare} AS ${duckdbType(node.type)})`;
  };

  /**
   * A cast, TRY_CAST with `orNull`. From a type known here, with Spark's
   * meaning where DuckDB's differs (spark-cast.ts); from a type known only
   * at run time, by DuckDB's rules.
   */
  readonly cast = (node: Extract<Expression, { kind: 'cast' }>): string => {
    const operand = this.compile(node.expr);
    const orNull = node.orNull === true;
    const from = this.#types === undefined ? undefined : expressionType(node.expr, this.#types);
    return sparkCast(operand, from, node.to, orNull) ?? `${orNull ? 'TRY_CAST' : 'CAST'}(${operand} AS ${duckdbType(node.to)})`;
  };

  /**
   * A binary operation, parenthesised. `div` is true (DOUBLE) division;
   * division and modulo by zero are NULL; LIKE escapes with a backslash, as
   * on Spark.
   */
  readonly binary = (node: Extract<Expression, { kind: 'binary' }>): string => {
    const left = this.compile(node.left);
    const right = this.compile(node.right);
    // `div` is true division on every backend, whatever the operand types; division and modulo
    // by zero are NULL on every backend (DuckDB alone would give ±Infinity/NaN for doubles).
    if (node.op === 'div') return `(CAST(${left} AS DOUBLE) / NULLIF(${right}, 0))`;
    if (node.op === 'mod') return `(${left} % NULLIF(${right}, 0))`;
    // A backslash escapes % and _ in a pattern on every backend, as in Spark (DuckDB has no escape by default).
    if (node.op === 'like') return `(${left} LIKE ${right} ESCAPE '\\')`;
    return `(${left} ${BINARY_SQL[node.op]} ${right})`;
  };

  /** NOT, negation, IS NULL or IS NOT NULL, parenthesised. */
  readonly unary = (node: Extract<Expression, { kind: 'unary' }>): string => UNARY_SQL[node.op](this.compile(node.expr));

  /** A searched CASE WHEN … THEN … [ELSE …] END. */
  readonly case = (node: Extract<Expression, { kind: 'case' }>): string => {
    const branches = node.branches.map((b) => `WHEN ${this.compile(b.when)} THEN ${this.compile(b.then)}`);
    const otherwise = node.otherwise === undefined ? '' : ` ELSE ${this.compile(node.otherwise)}`;
    return `CASE ${branches.join(' ')}${otherwise} END`;
  };

  /** An IN list; an empty list (which SQL cannot spell) is always false. */
  readonly in = (node: Extract<Expression, { kind: 'in' }>): string => {
    if (node.list.length === 0) return `(${this.compile(node.expr)} IN (NULL) AND FALSE)`;
    return `(${this.compile(node.expr)} IN (${node.list.map((e) => this.compile(e)).join(', ')}))`;
  };

  /** A function call in its DuckDB form (see {@link FUNCTION_LOWERING}); a function with none is `THUND_UNSUPPORTED`. */
  readonly call = (node: Extract<Expression, { kind: 'call' }>): string =>
    lowerFunction(node.name, node.args.map((a) => this.compile(a)), node.args, this.#argumentTypes(node.args)).replaceAll(OVER, '');

  /** A window function call: its DuckDB form `OVER (PARTITION BY … ORDER BY … ROWS BETWEEN …)`. */
  readonly window_call = (node: Extract<Expression, { kind: 'window_call' }>): string => {
    const fn = lowerFunction(node.name, node.args.map((a) => this.compile(a)), node.args, this.#argumentTypes(node.args));
    const parts: string[] = [];
    if (node.partitionBy.length > 0) parts.push(`PARTITION BY ${node.partitionBy.map((e) => this.compileUnaliased(e)).join(', ')}`);
    if (node.orderBy.length > 0) parts.push(`ORDER BY ${node.orderBy.map((k) => this.sortKey(k)).join(', ')}`);
    if (node.frame !== undefined) parts.push(rowsFrame(node.frame));
    const over = ` OVER (${parts.join(' ')})`;
    const windowed = fn.includes(OVER) ? fn.replaceAll(OVER, over) : `${fn}${over}`;
    const type = windowResultType(node.name);
    return type === undefined ? windowed : `CAST(${windowed} AS ${type})`;
  };

  /** The expression `AS` its quoted name. */
  readonly alias = (node: Extract<Expression, { kind: 'alias' }>): string => `${this.compile(node.expr)} AS ${quoteIdentifier(node.name)}`;

  /** `*`, or `relation.*`. */
  readonly star = (node: Extract<Expression, { kind: 'star' }>): string =>
    node.relation === undefined ? '*' : `${quoteIdentifier(node.relation)}.*`;

  /** A struct's field (`struct_extract`, see nested-access-sql.ts). */
  readonly field = (node: Extract<Expression, { kind: 'field' }>): string => fieldSql(this.compile(node.expr), node.name, this.#argumentTypes([node.expr])[0]);

  /** A list's element or a map's value, with Spark's meaning (see nested-access-sql.ts). */
  readonly subscript = (node: Extract<Expression, { kind: 'subscript' }>): string => {
    const [container, index] = this.#argumentTypes([node.expr, node.index]);
    const literal = node.index.kind === 'literal' ? node.index.value : undefined;
    return subscriptSql(this.compile(node.expr), this.compile(node.index), { ...(container === undefined ? {} : { container }), ...(index === undefined ? {} : { index }), literal });
  };
}

function literalValue(value: LiteralNode['value']): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return quoteString(value);
  if (Number.isNaN(value)) return "CAST('NaN' AS DOUBLE)";
  if (!Number.isFinite(value)) return value > 0 ? "CAST('Infinity' AS DOUBLE)" : "CAST('-Infinity' AS DOUBLE)";
  // Integers are int64 literals; other numbers (and integers beyond ±2^53, which
  // a JS number cannot hold exactly) float64 (DuckDB would make `1.5` a DECIMAL).
  if (Number.isSafeInteger(value)) return Math.abs(value) > 2_147_483_647 ? `CAST(${value} AS BIGINT)` : String(value);
  return `CAST(${String(value)} AS DOUBLE)`;
}

function bound(offset: number | null, unbounded: string): string {
  if (offset === null) return unbounded;
  if (!Number.isInteger(offset)) throw new ThundError(ThundErrorCode.Validation, `window frame bounds must be integers, got ${offset}`);
  if (offset === 0) return 'CURRENT ROW';
  return offset < 0 ? `${-offset} PRECEDING` : `${offset} FOLLOWING`;
}

function rowsFrame(frame: RowsFrame): string {
  return `ROWS BETWEEN ${bound(frame.start, 'UNBOUNDED PRECEDING')} AND ${bound(frame.end, 'UNBOUNDED FOLLOWING')}`;
}
