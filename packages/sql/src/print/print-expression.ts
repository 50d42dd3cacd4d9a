import { type DataType, type Expression, type LiteralNode, type RowsFrame, type SortKey, ThundError, ThundErrorCode, effectiveNulls, lookupFunction } from '@thund/ir';
import { sparkTypeName } from '../parse/data-type.js';

/** Words a bare name must not be, or the parser would read them as syntax: such names are `quoted`. */
const RESERVED = new Set([
  'ALL', 'AND', 'ANTI', 'APPLY', 'AS', 'ASC', 'BETWEEN', 'BY', 'CASE', 'CAST', 'COLUMNS', 'CREATE', 'CROSS', 'DATE', 'DESC', 'DISTINCT',
  'ELSE', 'END', 'EXCEPT', 'EXISTS', 'FALSE', 'FROM', 'FULL', 'GROUP', 'HAVING', 'IGNORE', 'IN', 'INNER', 'INTERSECT', 'INTERVAL',
  'IS', 'JOIN', 'KEYS', 'LATERAL', 'LEFT', 'LIKE', 'LIMIT', 'MINUS', 'NATURAL', 'NOT', 'NULL', 'NULLS', 'OFFSET', 'ON', 'OR', 'ORDER',
  'OVER', 'QUALIFY', 'RANGE', 'READ_FILES', 'RIGHT', 'ROWS', 'SELECT', 'SEMI', 'SEQUENCE', 'SORT', 'STORED', 'STREAM', 'THEN',
  'TIMESTAMP', 'TIMESTAMP_NTZ', 'TRACK', 'TRUE', 'UNION', 'USING', 'WATERMARK', 'WHEN', 'WHERE', 'WINDOW', 'WITH', 'CLUSTER', 'DISTRIBUTE',
]);

/** A name as Spark SQL reads it back: bare when it can be, else `back-quoted`. */
export function sqlName(name: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !RESERVED.has(name.toUpperCase())) return name;
  return `\`${name.replaceAll('`', '``')}\``;
}

/** A string literal: single quotes, backslash escapes (Spark's default string syntax). */
export function sqlString(value: string): string {
  return `'${value.replace(/[\\'\n\r\t\0]/g, (c) => ({ '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t', '\0': '\\0' })[c] as string)}'`;
}

/** Catalog functions whose Spark SQL name differs (Spark 4.3 has no starts_with). */
const SPARK_SQL_NAMES: Readonly<Record<string, string>> = { starts_with: 'startswith' };

/** An IR node the SQL printer cannot write so that it reads back the same. */
export class SqlPrintError extends ThundError {
  override name = 'SqlPrintError';

  constructor(message: string) {
    super(ThundErrorCode.Unsupported, `cannot print as SQL: ${message}`);
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/**
 * Prints a portable expression as Spark SQL that `@thund/sql` reads back to
 * the same expression: every operation parenthesised, catalog functions by
 * name, literals in the form that keeps their type.
 */
export function printExpression(expr: Expression): string {
  switch (expr.kind) {
    case 'column':
      return expr.relation === undefined ? sqlName(expr.name) : `${sqlName(expr.relation)}.${sqlName(expr.name)}`;
    case 'star':
      return expr.relation === undefined ? '*' : `${sqlName(expr.relation)}.*`;
    case 'literal':
      return printLiteral(expr);
    case 'cast':
      return `${expr.orNull === true ? 'TRY_CAST' : 'CAST'}(${printExpression(expr.expr)} AS ${sparkTypeName(expr.to)})`;
    case 'binary': {
      const op = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=', and: 'AND', or: 'OR', add: '+', sub: '-', mul: '*', div: '/', mod: '%', like: 'LIKE' }[expr.op];
      return `(${printExpression(expr.left)} ${op} ${printExpression(expr.right)})`;
    }
    case 'unary':
      switch (expr.op) {
        case 'not':
          return `(NOT ${printExpression(expr.expr)})`;
        case 'neg':
          return `-(${printExpression(expr.expr)})`;
        case 'is_null':
          return `(${printExpression(expr.expr)} IS NULL)`;
        case 'is_not_null':
          return `(${printExpression(expr.expr)} IS NOT NULL)`;
      }
      break;
    case 'case': {
      const branches = expr.branches.map((b) => `WHEN ${printExpression(b.when)} THEN ${printExpression(b.then)}`).join(' ');
      return `CASE ${branches}${expr.otherwise === undefined ? '' : ` ELSE ${printExpression(expr.otherwise)}`} END`;
    }
    case 'in':
      return `(${printExpression(expr.expr)} IN (${expr.list.map(printExpression).join(', ')}))`;
    case 'call':
      return printCall(expr.name, expr.args);
    case 'window_call': {
      const parts: string[] = [];
      if (expr.partitionBy.length > 0) parts.push(`PARTITION BY ${expr.partitionBy.map(printExpression).join(', ')}`);
      if (expr.orderBy.length > 0) parts.push(`ORDER BY ${printSortKeys(expr.orderBy)}`);
      if (expr.frame !== undefined) parts.push(printFrame(expr.frame));
      return `${printCall(expr.name, expr.args)} OVER (${parts.join(' ')})`;
    }
    case 'alias':
      return `${printExpression(expr.expr)} AS ${sqlName(expr.name)}`;
    case 'field':
      return `(${printExpression(expr.expr)}).${sqlName(expr.name)}`;
    case 'subscript':
      return `(${printExpression(expr.expr)})[${printExpression(expr.index)}]`;
  }
  throw new SqlPrintError(`unknown expression kind ${(expr as { kind: string }).kind}`);
}

function printCall(name: string, args: readonly Expression[]): string {
  if (lookupFunction(name) === undefined) throw new SqlPrintError(`function ${name} is not in the catalog`);
  if (name === 'count' && args.length === 0) return 'count(*)';
  if (name === 'count_distinct') return `count(DISTINCT ${args.map(printExpression).join(', ')})`;
  // from_json's schema is a typed NULL in the plan and a DDL string in SQL.
  const schema = args[1];
  // add_interval is SQL's x + INTERVAL n unit (no Spark function has its name).
  const [value, amount, intervalUnit] = args;
  if (name === 'add_interval' && value !== undefined && amount?.kind === 'literal' && typeof amount.value === 'number' && intervalUnit?.kind === 'literal' && typeof intervalUnit.value === 'string') {
    return `(${printExpression(value)} ${amount.value < 0 ? '-' : '+'} INTERVAL ${Math.abs(amount.value)} ${intervalUnit.value.toUpperCase()})`;
  }
  // Spark's grammar reads timestampdiff's unit as a bare word (a string there is an error).
  const unit = args[0];
  if (name === 'timestampdiff' && unit?.kind === 'literal' && typeof unit.value === 'string' && /^[A-Za-z]+$/.test(unit.value)) {
    return `timestampdiff(${unit.value.toUpperCase()}, ${args.slice(1).map(printExpression).join(', ')})`;
  }
  if (name === 'from_json' && schema?.kind === 'literal' && schema.type !== undefined) return `from_json(${printExpression(args[0] as Expression)}, ${sqlString(sparkTypeName(schema.type))})`;
  return `${SPARK_SQL_NAMES[name] ?? name}(${args.map(printExpression).join(', ')})`;
}

/** Sort keys with NULLS always written: Spark SQL's default NULL order is the reverse of the plan's. */
export function printSortKeys(keys: readonly SortKey[]): string {
  return keys.map((k) => `${printExpression(k.expr)} ${k.direction === 'asc' ? 'ASC' : 'DESC'} NULLS ${effectiveNulls(k).toUpperCase()}`).join(', ');
}

function printFrame(frame: RowsFrame): string {
  const bound = (offset: number | null, unbounded: string): string => {
    if (offset === null) return unbounded;
    if (offset === 0) return 'CURRENT ROW';
    return offset < 0 ? `${-offset} PRECEDING` : `${offset} FOLLOWING`;
  };
  return `ROWS BETWEEN ${bound(frame.start, 'UNBOUNDED PRECEDING')} AND ${bound(frame.end, 'UNBOUNDED FOLLOWING')}`;
}

/** A literal in the one form the parser reads back with the same value and type. */
function printLiteral(node: LiteralNode): string {
  const { value, type } = node;
  if (value === null) {
    if (type === undefined) return 'NULL';
    throw new SqlPrintError(`a typed NULL (${JSON.stringify(type)}) reads back as a cast`);
  }
  if (typeof value === 'boolean') {
    if (type !== undefined && type !== 'bool') throw new SqlPrintError('a boolean literal of another type');
    return type === undefined ? (value ? 'TRUE' : 'FALSE') : printTyped(value ? 'TRUE' : 'FALSE', type);
  }
  if (typeof value === 'string') return type === undefined ? sqlString(value) : printTypedString(value, type);
  if (!Number.isFinite(value)) throw new SqlPrintError(`${value} has no SQL literal`);
  // An untyped number that is not a safe integer is a double (1.5e20 too): the D suffix reads back as one.
  if (type === undefined) return Number.isSafeInteger(value) ? String(value) : `${value}D`;
  return printTyped(String(value), type, value);
}

function printTypedString(value: string, type: DataType): string {
  if (type === 'date32') return `DATE ${sqlString(value)}`;
  // An integer beyond ±(2^53 − 1) is held as its digits; bare, Spark SQL reads it back as a BIGINT.
  if (type === 'int64' && /^-?\d+$/.test(value) && BigInt(value).toString() === value && !Number.isSafeInteger(Number(value))) return value;
  if (type === 'timestamp') return `TIMESTAMP_NTZ ${sqlString(value)}`;
  if (typeof type !== 'string' && type.type === 'timestamp' && type.unit === 'us' && type.timezone === 'UTC') return `TIMESTAMP ${sqlString(value)}`;
  if (typeof type !== 'string' && type.type === 'decimal' && /^-?\d*\.?\d*$/.test(value)) {
    const digits = value.replace(/^-/, '');
    const [whole = '', fraction = ''] = digits.split('.');
    const precision = Math.max(whole.replace(/^0+/, '').length + fraction.length, 1, fraction.length);
    if (precision === type.precision && fraction.length === type.scale && digits.includes('.')) return value;
    if (precision === type.precision && fraction.length === type.scale) return `${value}BD`;
  }
  throw new SqlPrintError(`the literal ${JSON.stringify(value)} of type ${JSON.stringify(type)} has no SQL form that reads back the same`);
}

/** A typed safe integer (beyond ±(2^53 − 1) the parser keeps digits as a string, or makes the number an untyped double). */
function printTyped(text: string, type: DataType, value?: number): string {
  if (type === 'float64' && value !== undefined && Number.isSafeInteger(value)) return `${text}D`;
  if (type === 'int64' && value !== undefined && Number.isSafeInteger(value)) return `${text}L`;
  if (type === 'int16' && value !== undefined && Number.isSafeInteger(value)) return `${text}S`;
  if (type === 'int8' && value !== undefined && Number.isSafeInteger(value)) return `${text}Y`;
  throw new SqlPrintError(`the literal ${text} of type ${JSON.stringify(type)} has no SQL form that reads back the same`);
}
