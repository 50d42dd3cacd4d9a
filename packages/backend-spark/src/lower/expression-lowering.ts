import {
  type BinaryOperator, type Expression, type ExpressionVisitor, type LiteralNode, type RowsFrame, type SortKey,
  ThundError, ThundErrorCode, type UnaryOperator, effectiveNulls, outputName, visitExpression,
} from '@thund/ir';
import { Expression_SortOrder_NullOrdering, Expression_SortOrder_SortDirection, Expression_Window_WindowFrame_FrameType } from '../gen/spark/connect/expressions_pb.js';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Expression_SortOrderSchema } from '../gen/spark/connect/expressions_pb.js';
import { type ExprInit, alias, attribute, call, cast, literalBool, literalInt, literalLong, literalString } from './expr-init.js';
import { lowerFunction, withResultType } from './function-lowering.js';
import { quoteIdentifier, sparkType } from './spark-types.js';

export type SortOrderInit = MessageInitShape<typeof Expression_SortOrderSchema>;

/** Spark Connect function names of the binary operators (`neq` and `div` are built below). */
const BINARY_FUNCTION: Readonly<Record<Exclude<BinaryOperator, 'neq' | 'div'>, string>> = {
  eq: '==', lt: '<', lte: '<=', gt: '>', gte: '>=',
  and: 'and', or: 'or',
  add: '+', sub: '-', mul: '*', mod: '%',
  like: 'like',
};

const UNARY_FUNCTION: Readonly<Record<UnaryOperator, string>> = {
  not: 'not', neg: 'negative', is_null: 'isnull', is_not_null: 'isnotnull',
};

const INT32_MAX = 2_147_483_647;

function nullIfZero(divisor: ExprInit): ExprInit {
  return call('nullif', [divisor, literalInt(0)]);
}

/**
 * Lowers expression nodes to Spark Connect Expression protos (init data).
 * One method per expression kind: ExpressionVisitor makes a new IR kind a
 * compile error here. Names are backquoted identifiers, values literals.
 */
export class ExpressionLowering implements ExpressionVisitor<ExprInit> {
  /** The Spark Connect expression of a node (an alias keeps its name). */
  lower(node: Expression): ExprInit {
    return visitExpression(this, node);
  }

  /** A projected expression under its portable output name: a cast keeps its operand's name, a struct field is named by it. */
  lowerOutput(node: Expression): ExprInit {
    const name = outputName(node);
    return (node.kind === 'cast' || node.kind === 'field') && name !== undefined ? alias(this.lower(node), name) : this.lower(node);
  }

  /** An expression without its top-level alias (for PARTITION BY and ORDER BY). */
  lowerUnaliased(node: Expression): ExprInit {
    return this.lower(node.kind === 'alias' ? node.expr : node);
  }

  /** A sort key as a SortOrder, with its null ordering always set (`effectiveNulls`). */
  sortOrder(key: SortKey): SortOrderInit {
    return {
      child: this.lowerUnaliased(key.expr),
      direction: key.direction === 'asc' ? Expression_SortOrder_SortDirection.ASCENDING : Expression_SortOrder_SortDirection.DESCENDING,
      nullOrdering: effectiveNulls(key) === 'first' ? Expression_SortOrder_NullOrdering.SORT_NULLS_FIRST : Expression_SortOrder_NullOrdering.SORT_NULLS_LAST,
    };
  }

  /** An unresolved attribute: the backquoted column name, qualified by its relation when it has one. */
  readonly column = (node: Extract<Expression, { kind: 'column' }>): ExprInit =>
    attribute(node.relation === undefined ? quoteIdentifier(node.name) : `${quoteIdentifier(node.relation)}.${quoteIdentifier(node.name)}`);

  /**
   * A literal: a safe integer is an integer (long beyond 32 bits), any other
   * number a double, and a typed literal a cast of its value to that type.
   */
  readonly literal = (node: LiteralNode): ExprInit => {
    if (node.type === undefined) return literalValue(node.value);
    // Typed literals: dates, timestamps and decimals arrive as strings and are converted by Spark.
    return cast(literalValue(node.value), sparkType(node.type));
  };

  /** A cast to the Spark type of the target type. */
  readonly cast = (node: Extract<Expression, { kind: 'cast' }>): ExprInit => cast(this.lower(node.expr), sparkType(node.to), node.orNull === true ? 'try' : undefined);

  /**
   * A binary operator as Spark's function of that name. `neq` is `not(==)`,
   * `div` true (DOUBLE) division; division and modulo by zero are NULL, as on
   * every backend.
   */
  readonly binary = (node: Extract<Expression, { kind: 'binary' }>): ExprInit => {
    const left = this.lower(node.left);
    const right = this.lower(node.right);
    if (node.op === 'neq') return call('not', [call('==', [left, right])]);
    // `div` is true division on every backend, whatever the operand types (Spark keeps decimals decimal).
    // Division and modulo by zero are NULL on every backend (Spark's ANSI mode would raise).
    if (node.op === 'div') return call('/', [cast(left, 'DOUBLE'), nullIfZero(right)]);
    if (node.op === 'mod') return call('%', [left, nullIfZero(right)]);
    return call(BINARY_FUNCTION[node.op], [left, right]);
  };

  /** `not`, `negative`, `isnull` or `isnotnull` of the operand. */
  readonly unary = (node: Extract<Expression, { kind: 'unary' }>): ExprInit => call(UNARY_FUNCTION[node.op], [this.lower(node.expr)]);

  /** CASE is Spark Connect's `when` function: condition/value pairs, then the optional ELSE value. */
  readonly case = (node: Extract<Expression, { kind: 'case' }>): ExprInit => call('when', [
    ...node.branches.flatMap((b) => [this.lower(b.when), this.lower(b.then)]),
    ...(node.otherwise === undefined ? [] : [this.lower(node.otherwise)]),
  ]);

  /** Spark's `in` function; an empty list is the literal FALSE. */
  readonly in = (node: Extract<Expression, { kind: 'in' }>): ExprInit =>
    // An empty list is FALSE on every backend (even for NULL operands).
    node.list.length === 0 ? literalBool(false) : call('in', [this.lower(node.expr), ...node.list.map((e) => this.lower(e))]);

  /**
   * A cataloged function by its Spark lowering (see {@link SPARK_FUNCTIONS}),
   * cast to the catalog's result type where Spark's differs; a function with
   * none is `THUND_UNSUPPORTED`.
   */
  readonly call = (node: Extract<Expression, { kind: 'call' }>): ExprInit => withResultType(node.name, lowerFunction(node.name, node.args.map((a) => this.lower(a)), node.args));

  /** A window expression: the lowered function over its partition, order and ROWS frame, cast like a call. */
  readonly window_call = (node: Extract<Expression, { kind: 'window_call' }>): ExprInit => withResultType(node.name, {
    exprType: {
      case: 'window',
      value: {
        windowFunction: lowerFunction(node.name, node.args.map((a) => this.lower(a)), node.args),
        partitionSpec: node.partitionBy.map((e) => this.lowerUnaliased(e)),
        orderSpec: node.orderBy.map((k) => this.sortOrder(k)),
        ...(node.frame === undefined ? {} : { frameSpec: rowsFrame(node.frame) }),
      },
    },
  });

  /** The lowered expression under the alias's name. */
  readonly alias = (node: Extract<Expression, { kind: 'alias' }>): ExprInit => alias(this.lower(node.expr), node.name);

  /** An unresolved star: `*`, or `relation.*`. */
  readonly star = (node: Extract<Expression, { kind: 'star' }>): ExprInit => ({
    exprType: { case: 'unresolvedStar', value: node.relation === undefined ? {} : { unparsedTarget: `${quoteIdentifier(node.relation)}.*` } },
  });

  /** A struct's field: Spark's extract-value with the field's name (matched case-insensitively). */
  readonly field = (node: Extract<Expression, { kind: 'field' }>): ExprInit => extractValue(this.lower(node.expr), literalString(node.name));

  /** A list's element (0-based; outside the list fails, ANSI) or a map's value (NULL when absent): Spark's extract-value. */
  readonly subscript = (node: Extract<Expression, { kind: 'subscript' }>): ExprInit => extractValue(this.lower(node.expr), this.lower(node.index));
}

function extractValue(child: ExprInit, extraction: ExprInit): ExprInit {
  return { exprType: { case: 'unresolvedExtractValue', value: { child, extraction } } };
}

function literalValue(value: LiteralNode['value']): ExprInit {
  if (value === null) return { exprType: { case: 'literal', value: { literalType: { case: 'null', value: { kind: { case: 'null', value: {} } } } } } };
  if (typeof value === 'boolean') return literalBool(value);
  if (typeof value === 'string') return { exprType: { case: 'literal', value: { literalType: { case: 'string', value } } } };
  // Integers are integer literals when they fit (Spark widens them as needed), else long; other
  // numbers double, as are integers beyond ±2^53 (a JS number holds them only approximately).
  if (Number.isSafeInteger(value)) {
    return Math.abs(value) <= INT32_MAX ? literalInt(value) : literalLong(value);
  }
  return { exprType: { case: 'literal', value: { literalType: { case: 'double', value } } } };
}

function bound(offset: number | null) {
  if (offset === null) return { boundary: { case: 'unbounded' as const, value: true } };
  if (!Number.isInteger(offset)) throw new ThundError(ThundErrorCode.Validation, `window frame bounds must be integers, got ${offset}`, { backend: 'spark' });
  if (offset === 0) return { boundary: { case: 'currentRow' as const, value: true } };
  return { boundary: { case: 'value' as const, value: literalInt(offset) } };
}

function rowsFrame(frame: RowsFrame) {
  return { frameType: Expression_Window_WindowFrame_FrameType.ROW, lower: bound(frame.start), upper: bound(frame.end) };
}
