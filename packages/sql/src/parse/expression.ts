import {
  AliasNode, BinaryNode, type BinaryOperator, CallNode, CaseNode, CastNode, ColumnNode, type Expression, FieldNode, INTEGER_RANGES, InListNode,
  LiteralNode, type RowsFrame, type SortKey, StarNode, SubscriptNode, TIMESTAMPDIFF_UNITS, UnaryNode, WindowCallNode, integerLiteral, integerLiteralType,
  lookupFunction,
} from '@thund/ir';
import { type Token, isKeyword } from '../lex/token.js';
import type { Cursor } from './cursor.js';
import { castFunctionType, parseDataType, sparkTypeName } from './data-type.js';
import { EVENT_TIME_FUNCTIONS, catalogName, unknownFunctionMessage } from './function-names.js';
import { starExcept } from '../lower/star-except.js';
import { GENERATOR_CALLS, generatorItem, parseGeneratorAliases } from './generator.js';
import { jsonSchemaArgument, parseStructArguments } from './nested-calls.js';
import { parseAddedInterval } from './interval.js';
import { parseQuery } from './query.js';

const COMPARISONS: Readonly<Record<string, BinaryOperator>> = { '=': 'eq', '==': 'eq', '<>': 'neq', '!=': 'neq', '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' };
const ADDITIVE: Readonly<Record<string, BinaryOperator>> = { '+': 'add', '-': 'sub' };
/** The widest DECIMAL, in digits (Spark's and DuckDB's). */
const MAX_DECIMAL_DIGITS = 38;
const MULTIPLICATIVE: Readonly<Record<string, BinaryOperator>> = { '*': 'mul', '/': 'div', '%': 'mod' };

/** Words that end an expression where an alias could otherwise be read. */
export const CLAUSE_WORDS: ReadonlySet<string> = new Set([
  'FROM', 'WHERE', 'GROUP', 'HAVING', 'ORDER', 'LIMIT', 'OFFSET', 'UNION', 'EXCEPT', 'INTERSECT', 'JOIN', 'INNER', 'LEFT', 'RIGHT',
  'FULL', 'CROSS', 'SEMI', 'ANTI', 'ON', 'USING', 'AS', 'WATERMARK', 'WINDOW', 'NATURAL', 'LATERAL', 'AND', 'OR', 'NOT', 'IS', 'IN',
  'LIKE', 'ILIKE', 'RLIKE', 'REGEXP', 'BETWEEN', 'WHEN', 'THEN', 'ELSE', 'END', 'ASC', 'DESC', 'NULLS', 'KEYS', 'SEQUENCE', 'APPLY', 'COLUMNS', 'STORED',
  'TRACK', 'IGNORE', 'SELECT', 'WITH', 'BY', 'OVER', 'ROWS', 'RANGE', 'CREATE',
]);

/** A Spark SQL expression, as a portable-plan expression (one nesting level: see `Cursor.nested`). */
export function parseExpression(cursor: Cursor): Expression {
  return cursor.nested(() => parseOr(cursor));
}

const OR_FIX = 'write a long OR of equalities as x IN (…), or split the query into temporary views';

function parseOr(cursor: Cursor): Expression {
  return cursor.scope(() => {
    let left = parseAnd(cursor);
    while (cursor.isKeyword('OR')) {
      const token = cursor.next();
      cursor.link(token, 'each OR of this chain', OR_FIX);
      left = cursor.mark(BinaryNode.create('or', left, parseAnd(cursor)), token);
    }
    return left;
  });
}

function parseAnd(cursor: Cursor): Expression {
  return cursor.scope(() => {
    let left = parseNot(cursor);
    while (cursor.isKeyword('AND')) {
      const token = cursor.next();
      cursor.link(token, 'each AND of this chain');
      left = cursor.mark(BinaryNode.create('and', left, parseNot(cursor)), token);
    }
    return left;
  });
}

/** `NOT NOT … x`, read in a loop. */
function parseNot(cursor: Cursor): Expression {
  return cursor.scope(() => {
    const nots: Token[] = [];
    while (cursor.isKeyword('NOT')) {
      const token = cursor.next();
      cursor.link(token, 'each NOT of this chain');
      nots.push(token);
    }
    let expr = parsePredicate(cursor);
    for (const token of nots.reverse()) expr = cursor.mark(UnaryNode.create('not', expr), token);
    return expr;
  });
}

function parsePredicate(cursor: Cursor): Expression {
  const start = cursor.peek();
  const left = parseAdditive(cursor);
  const token = cursor.peek();
  if (token.kind === 'symbol' && token.value in COMPARISONS) {
    cursor.next();
    return cursor.mark(BinaryNode.create(COMPARISONS[token.value] as BinaryOperator, left, parseAdditive(cursor)), start);
  }
  if (token.kind === 'symbol' && token.value === '<=>') throw cursor.error('<=> (null-safe equality) is not supported: write (a = b OR (a IS NULL AND b IS NULL))');
  if (cursor.acceptKeyword('IS')) {
    const negated = cursor.acceptKeyword('NOT');
    if (!cursor.acceptKeyword('NULL')) throw cursor.error('only IS NULL and IS NOT NULL are supported here');
    return cursor.mark(UnaryNode.create(negated ? 'is_not_null' : 'is_null', left), start);
  }
  const negated = cursor.isKeyword('NOT') && ['IN', 'LIKE', 'ILIKE', 'RLIKE', 'REGEXP', 'BETWEEN'].some((word) => isKeyword(cursor.peek(1), word));
  if (negated) cursor.next();
  const wrap = (node: Expression): Expression => cursor.mark(negated ? UnaryNode.create('not', cursor.mark(node, start)) : node, start);
  if (cursor.acceptKeyword('IN')) {
    const open = cursor.peek();
    cursor.expectSymbol('(');
    if (cursor.isKeyword('SELECT') || cursor.isKeyword('WITH')) {
      const query = parseQuery(cursor);
      cursor.expectSymbol(')');
      return wrap(cursor.mark(ColumnNode.create(cursor.placeholder({ kind: 'in', expr: left, query, position: open.position })), start));
    }
    const list = [parseExpression(cursor)];
    while (cursor.acceptSymbol(',')) list.push(parseExpression(cursor));
    cursor.expectSymbol(')');
    return wrap(InListNode.create(left, list));
  }
  if (cursor.acceptKeyword('LIKE')) return wrap(BinaryNode.create('like', left, parseAdditive(cursor)));
  // a RLIKE p (REGEXP) is rlike(a, p): a Java regular expression found anywhere in a.
  if (cursor.acceptKeyword('RLIKE') || cursor.acceptKeyword('REGEXP')) return wrap(CallNode.create('rlike', [left, parseAdditive(cursor)]));
  // a ILIKE p is lower(a) LIKE lower(p): Spark's own rewrite of ILIKE.
  if (cursor.acceptKeyword('ILIKE')) {
    const pattern = parseAdditive(cursor);
    return wrap(BinaryNode.create('like', cursor.mark(CallNode.create('lower', [left]), start), cursor.mark(CallNode.create('lower', [pattern]), start)));
  }
  if (cursor.acceptKeyword('BETWEEN')) {
    const low = parseAdditive(cursor);
    cursor.expectKeyword('AND');
    const high = parseAdditive(cursor);
    return wrap(BinaryNode.create('and', cursor.mark(BinaryNode.create('gte', left, low), start), cursor.mark(BinaryNode.create('lte', left, high), start)));
  }
  return left;
}

function parseAdditive(cursor: Cursor): Expression {
  return cursor.scope(() => {
    let left = parseMultiplicative(cursor);
    for (;;) {
      const token = cursor.peek();
      if (token.kind === 'symbol' && (token.value === '+' || token.value === '-') && isKeyword(cursor.peek(1), 'INTERVAL')) {
        // x ± INTERVAL n unit: add_interval(x, ±n, unit), which keeps Spark's types (a date plus days is a date).
        cursor.next();
        cursor.link(token, `each ${token.value} of this chain`);
        const intervalToken = cursor.peek();
        const { amount, unit } = parseAddedInterval(cursor);
        const signed = token.value === '-' ? -amount : amount;
        left = cursor.mark(CallNode.create('add_interval', [left, cursor.mark(LiteralNode.create(signed === 0 ? 0 : signed), intervalToken), cursor.mark(LiteralNode.create(unit), intervalToken)]), token);
      } else if (token.kind === 'symbol' && token.value in ADDITIVE) {
        cursor.next();
        cursor.link(token, `each ${token.value} of this chain`);
        left = cursor.mark(BinaryNode.create(ADDITIVE[token.value] as BinaryOperator, left, parseMultiplicative(cursor)), token);
      } else if (token.kind === 'symbol' && token.value === '||') {
        cursor.next();
        cursor.link(token, 'each || of this chain', 'write one concat(a, b, …), or split the query into temporary views');
        left = cursor.mark(CallNode.create('concat', [left, parseMultiplicative(cursor)]), token);
      } else {
        return left;
      }
    }
  });
}

function parseMultiplicative(cursor: Cursor): Expression {
  return cursor.scope(() => {
    let left = parseUnary(cursor);
    for (;;) {
      const token = cursor.peek();
      if (token.kind === 'symbol' && token.value in MULTIPLICATIVE) {
        cursor.next();
        cursor.link(token, `each ${token.value} of this chain`);
        left = cursor.mark(BinaryNode.create(MULTIPLICATIVE[token.value] as BinaryOperator, left, parseUnary(cursor)), token);
      } else if (isKeyword(token, 'DIV')) {
        // a DIV b is Spark's div(a, b): the integer quotient, cut toward zero.
        cursor.next();
        left = cursor.mark(CallNode.create('div', [left, parseUnary(cursor)]), token);
      } else {
        return left;
      }
    }
  });
}

/** Signs before an operand (`- - x`), read in a loop. */
function parseUnary(cursor: Cursor): Expression {
  return cursor.scope(() => {
    const signs: Token[] = [];
    while (cursor.isSymbol('-') || cursor.isSymbol('+')) {
      const token = cursor.next();
      cursor.link(token, 'each sign of this chain');
      signs.push(token);
    }
    let expr: Expression;
    const last = signs[signs.length - 1];
    // A negative number is one literal, typed with its sign as Spark types it (-2147483648 is an INT); -(x) is a negation.
    if (last?.value === '-' && cursor.peek().kind === 'number' && !cursor.isSymbol('::', 1)) {
      signs.pop();
      expr = cursor.mark(numberLiteral(cursor, cursor.next(), last), last);
    } else {
      expr = parsePostfix(cursor);
    }
    for (const sign of signs.reverse()) {
      if (sign.value === '-') expr = cursor.mark(UnaryNode.create('neg', expr), sign);
    }
    return expr;
  });
}

/** A primary followed by `::` casts, `.field` accesses and `[subscript]`s, in any order (`a.b[0].c::INT`). */
function parsePostfix(cursor: Cursor): Expression {
  return cursor.scope(() => {
    const start = cursor.peek();
    let expr = parsePrimary(cursor);
    for (;;) {
      if (cursor.isSymbol('::')) {
        cursor.link(cursor.next(), 'each :: cast of this chain');
        expr = cursor.mark(CastNode.create(expr, parseDataType(cursor)), start);
      } else if (cursor.isSymbol('[')) {
        const token = cursor.next();
        cursor.link(token, 'each [subscript] of this chain');
        const index = parseExpression(cursor);
        cursor.expectSymbol(']');
        expr = cursor.mark(SubscriptNode.create(expr, index), start);
      } else if (cursor.isSymbol('.') && cursor.isIdentifier(1)) {
        const token = cursor.next();
        cursor.link(token, 'each .field of this chain');
        expr = cursor.mark(FieldNode.create(expr, cursor.identifier('a field name')), start);
      } else {
        return expr;
      }
    }
  });
}

function parsePrimary(cursor: Cursor): Expression {
  const token = cursor.peek();
  switch (token.kind) {
    case 'number':
      cursor.next();
      return cursor.mark(numberLiteral(cursor, token), token);
    case 'string':
      cursor.next();
      return cursor.mark(LiteralNode.create(stringRun(cursor, token.value)), token);
    case 'symbol':
      if (token.value === '(') {
        cursor.next();
        if (cursor.isKeyword('SELECT') || cursor.isKeyword('WITH')) {
          const query = parseQuery(cursor);
          cursor.expectSymbol(')');
          return cursor.mark(ColumnNode.create(cursor.placeholder({ kind: 'scalar', query, position: token.position })), token);
        }
        const inner = parseExpression(cursor);
        cursor.expectSymbol(')');
        return inner;
      }
      if (token.value === '*') throw cursor.error('* is allowed only as a whole select item or in count(*)');
      throw cursor.error(`expected an expression, found "${token.value}"`);
    case 'end':
      throw cursor.error('expected an expression, found the end of the statement');
    default:
      return parseWordPrimary(cursor, token);
  }
}

function parseWordPrimary(cursor: Cursor, token: Token): Expression {
  if (token.kind === 'word') {
    const word = token.value.toUpperCase();
    if (word === 'NULL' || word === 'TRUE' || word === 'FALSE') {
      cursor.next();
      return cursor.mark(LiteralNode.create(word === 'NULL' ? null : word === 'TRUE'), token);
    }
    if ((word === 'DATE' || word === 'TIMESTAMP' || word === 'TIMESTAMP_NTZ') && cursor.peek(1).kind === 'string') {
      cursor.next();
      const text = cursor.string();
      const type = word === 'DATE' ? 'date32' : word === 'TIMESTAMP_NTZ' ? 'timestamp' : { type: 'timestamp' as const, unit: 'us' as const, timezone: 'UTC' };
      return cursor.mark(LiteralNode.create(text, type), token);
    }
    if (word === 'INTERVAL') throw cursor.error('INTERVAL values are supported only in a WATERMARK clause and as window sizes (window(ts, \'10 minutes\'))');
    if (word === 'CASE') return parseCase(cursor);
    if ((word === 'CAST' || word === 'TRY_CAST') && cursor.isSymbol('(', 1)) {
      cursor.next();
      cursor.expectSymbol('(');
      const expr = parseExpression(cursor);
      cursor.expectKeyword('AS');
      const to = parseDataType(cursor);
      cursor.expectSymbol(')');
      return cursor.mark(CastNode.create(expr, to, word === 'TRY_CAST'), token);
    }
    if (word === 'EXISTS' && cursor.isSymbol('(', 1)) {
      cursor.next();
      cursor.expectSymbol('(');
      if (!cursor.isKeyword('SELECT') && !cursor.isKeyword('WITH')) throw cursor.error('EXISTS takes a subquery: EXISTS (SELECT …)');
      const query = parseQuery(cursor);
      cursor.expectSymbol(')');
      return cursor.mark(ColumnNode.create(cursor.placeholder({ kind: 'exists', query, position: token.position })), token);
    }
  }
  if (cursor.isSymbol('(', 1)) return parseCall(cursor);
  // CURRENT_TIMESTAMP and CURRENT_DATE are calls without parentheses, as in standard SQL and Spark.
  if (token.kind === 'word' && ['CURRENT_TIMESTAMP', 'CURRENT_DATE'].includes(token.value.toUpperCase()) && !cursor.isSymbol('.', 1)) {
    cursor.next();
    return cursor.mark(CallNode.create(token.value.toLowerCase(), []), token);
  }
  const first = cursor.identifier('an expression');
  if (cursor.isSymbol('.') && cursor.isSymbol('*', 1)) {
    cursor.next();
    cursor.next();
    return cursor.mark(StarNode.create(first), token);
  }
  // `a.b` is a table's column or a struct column's field: lowering decides by the tables in scope (`qualify`); more parts are fields.
  if (cursor.isSymbol('.') && cursor.isIdentifier(1)) {
    cursor.next();
    return cursor.mark(ColumnNode.create(cursor.identifier('a column name'), first), token);
  }
  return cursor.mark(ColumnNode.create(first), token);
}

function parseCase(cursor: Cursor): Expression {
  const token = cursor.next();
  const operand = cursor.isKeyword('WHEN') ? undefined : parseExpression(cursor);
  const branches: { when: Expression; then: Expression }[] = [];
  while (cursor.acceptKeyword('WHEN')) {
    const whenToken = cursor.peek();
    const value = parseExpression(cursor);
    cursor.expectKeyword('THEN');
    const when = operand === undefined ? value : cursor.mark(BinaryNode.create('eq', operand, value), whenToken);
    branches.push({ when, then: parseExpression(cursor) });
  }
  if (branches.length === 0) throw cursor.error('CASE needs at least one WHEN … THEN …');
  const otherwise = cursor.acceptKeyword('ELSE') ? parseExpression(cursor) : undefined;
  cursor.expectKeyword('END');
  return cursor.mark(CaseNode.create(branches, otherwise), token);
}

function parseCall(cursor: Cursor): Expression {
  const token = cursor.peek();
  const sparkName = cursor.identifier('a function name');
  cursor.expectSymbol('(');
  const lower = sparkName.toLowerCase();
  if (EVENT_TIME_FUNCTIONS.has(lower)) {
    // Read as a call here; the query reader accepts it only as an event-time GROUP BY key.
    const args = parseArguments(cursor);
    return cursor.mark(CallNode.create(lower, args), token);
  }
  // A generator (explode, …) is read as a call here; lowering makes a SELECT list's generator a generate node.
  if (GENERATOR_CALLS.has(lower)) return cursor.mark(CallNode.create(lower, parseArguments(cursor)), token);
  // date(x), bigint(x), … are CAST(x AS DATE), CAST(x AS BIGINT), …; to_timestamp(x) without a format is CAST(x AS TIMESTAMP).
  const castTo = castFunctionType(lower);
  if (castTo !== undefined) {
    const [value, ...more] = parseArguments(cursor);
    if (value === undefined || more.length > 0) throw cursor.error(`${sparkName} takes one argument, the value to cast`, token);
    return cursor.mark(CastNode.create(value, castTo), token);
  }
  if (lower === 'to_timestamp') {
    const args = parseArguments(cursor);
    const [value] = args;
    if (args.length === 1 && value !== undefined) return cursor.mark(CastNode.create(value, { type: 'timestamp', unit: 'us', timezone: 'UTC' }), token);
    return cursor.mark(CallNode.create('to_timestamp', args), token);
  }
  // to_date(x) is CAST(x AS DATE) and to_date(x, pattern) the date of to_timestamp(x, pattern): Spark's own rewrite (ParseToDate).
  if (lower === 'to_date') {
    const args = parseArguments(cursor);
    const [value, pattern, ...more] = args;
    if (value === undefined || more.length > 0) throw cursor.error('to_date takes a value and, for a string, an optional pattern: to_date(x) or to_date(x, \'yyyy-MM-dd\')', token);
    const timestamp = pattern === undefined ? value : cursor.mark(CallNode.create('to_timestamp', [value, pattern]), token);
    return cursor.mark(CastNode.create(timestamp, 'date32'), token);
  }
  // timestampdiff(HOUR, a, b), and datediff/date_diff of three arguments: the unit is a bare word, read as a string.
  if (DIFF_WITH_UNIT.has(lower)) {
    const args = parseArguments(cursor);
    const [unit, start, end] = args;
    const unitName = unit?.kind === 'column' && unit.relation === undefined && Object.hasOwn(TIMESTAMPDIFF_UNITS, unit.name.toUpperCase()) ? unit.name.toUpperCase() : undefined;
    if (args.length === 3 && unit !== undefined && unitName !== undefined && start !== undefined && end !== undefined) {
      return cursor.mark(CallNode.create('timestampdiff', [cursor.mark(LiteralNode.create(unitName), token), start, end]), token);
    }
    if (lower.startsWith('timestamp')) throw cursor.error(`${sparkName} takes a unit (${Object.keys(TIMESTAMPDIFF_UNITS).join(', ')}), a start and an end: ${sparkName}(HOUR, start, end)`, token);
    return cursor.mark(CallNode.create(catalogName(lower) ?? lower, args), token);
  }
  // EXTRACT(field FROM x) is date_part('field', x), as Spark reads it.
  if (lower === 'extract') {
    const fieldToken = cursor.peek();
    const field = cursor.identifier('a field (YEAR, MONTH, DAY, …)');
    if (!cursor.acceptKeyword('FROM')) throw cursor.error('EXTRACT reads EXTRACT(field FROM value), e.g. EXTRACT(YEAR FROM order_date)', token);
    const source = parseExpression(cursor);
    cursor.expectSymbol(')');
    return cursor.mark(CallNode.create('date_part', [cursor.mark(LiteralNode.create(field), fieldToken), source]), token);
  }
  // if(condition, then, else) is a CASE with one branch (Spark's iff is the same function).
  if (lower === 'if' || lower === 'iff') {
    const [condition, then, otherwise, ...more] = parseArguments(cursor);
    if (condition === undefined || then === undefined || otherwise === undefined || more.length > 0) {
      throw cursor.error(`${sparkName} takes three arguments: ${sparkName}(condition, value if true, value otherwise)`, token);
    }
    return cursor.mark(CaseNode.create([{ when: condition, then }], otherwise), token);
  }
  // struct(a, b AS x) is the plan's named_struct, fields named as Spark names them.
  if (lower === 'struct') return cursor.mark(CallNode.create('named_struct', parseStructArguments(cursor)), token);
  let name = catalogName(sparkName);
  if (name === undefined && lower !== 'count') throw cursor.error(unknownFunctionMessage(sparkName), token);
  let args: Expression[];
  if (lower === 'count' && cursor.isSymbol('*')) {
    cursor.next();
    cursor.expectSymbol(')');
    args = [];
  } else if (cursor.acceptKeyword('DISTINCT')) {
    if (lower !== 'count') throw cursor.error(`DISTINCT is supported in count(DISTINCT x) only, not in ${sparkName}`, token);
    name = 'count_distinct';
    args = parseArguments(cursor);
    if (args.length !== 1) throw cursor.error('count(DISTINCT …) takes one column here', token);
  } else {
    args = parseArguments(cursor);
  }
  if (name === undefined) throw cursor.error(unknownFunctionMessage(sparkName), token);
  const signature = lookupFunction(name);
  if (cursor.isKeyword('OVER')) {
    cursor.next();
    return cursor.mark(parseOver(cursor, name, args), token);
  }
  if (signature?.kind === 'window') throw cursor.error(`${sparkName} is a window function: add OVER (PARTITION BY … ORDER BY …)`, token);
  if (name === 'from_json') args = jsonSchemaArgument(cursor, args, token);
  return cursor.mark(CallNode.create(name, args), token);
}

/** The functions Spark's grammar reads with a bare unit first: timestampdiff(HOUR, a, b), datediff(DAY, a, b). */
const DIFF_WITH_UNIT: ReadonlySet<string> = new Set(['timestampdiff', 'timestamp_diff', 'datediff', 'date_diff']);

function parseArguments(cursor: Cursor): Expression[] {
  const args: Expression[] = [];
  if (cursor.acceptSymbol(')')) return args;
  do {
    args.push(parseExpression(cursor));
  } while (cursor.acceptSymbol(','));
  cursor.expectSymbol(')');
  return args;
}

function parseOver(cursor: Cursor, name: string, args: readonly Expression[]): Expression {
  if (!cursor.isSymbol('(')) throw cursor.error('named windows (OVER w) are not supported: write OVER (PARTITION BY … ORDER BY …)');
  cursor.next();
  const partitionBy: Expression[] = [];
  if (cursor.acceptKeyword('PARTITION', 'BY')) {
    do partitionBy.push(parseExpression(cursor));
    while (cursor.acceptSymbol(','));
  }
  const orderBy = cursor.acceptKeyword('ORDER', 'BY') ? parseSortKeys(cursor) : [];
  const frame = parseFrame(cursor);
  cursor.expectSymbol(')');
  return WindowCallNode.create(name, args, partitionBy, orderBy, frame);
}

/**
 * `ROWS BETWEEN a AND b`, or its shorthand `ROWS a` (from a to the current
 * row). Of RANGE frames, the two that do not depend on ORDER BY values:
 * from the partition's start to the current row and its peers, which is
 * the default frame (none), and the whole partition (ROWS from end to end).
 */
function parseFrame(cursor: Cursor): RowsFrame | undefined {
  const token = cursor.peek();
  if (cursor.acceptKeyword('ROWS')) return parseBounds(cursor);
  if (!cursor.acceptKeyword('RANGE')) return undefined;
  const { start, end } = parseBounds(cursor);
  if (start === null && end === 0) return undefined;
  if (start === null && end === null) return { start, end };
  throw cursor.error('RANGE frames are read from UNBOUNDED PRECEDING to CURRENT ROW (the default) or to UNBOUNDED FOLLOWING: for other frames use ROWS BETWEEN …', token);
}

/** `BETWEEN a AND b`, or one bound `a`, the frame then ending at the current row. */
function parseBounds(cursor: Cursor): RowsFrame {
  const token = cursor.peek();
  let frame: RowsFrame;
  if (cursor.acceptKeyword('BETWEEN')) {
    const start = parseFrameBound(cursor, 'start');
    cursor.expectKeyword('AND');
    frame = { start, end: parseFrameBound(cursor, 'end') };
  } else {
    if (cursor.isKeyword('UNBOUNDED', 'FOLLOWING')) throw cursor.error('a frame of one bound starts there and ends at the current row: write BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING');
    frame = { start: parseFrameBound(cursor, 'start'), end: 0 };
  }
  if (frame.start !== null && frame.end !== null && frame.start > frame.end) {
    throw cursor.error('this frame starts after it ends (Spark refuses it): write its bounds in order, e.g. BETWEEN 1 PRECEDING AND 1 FOLLOWING', token);
  }
  return frame;
}

/** A frame bound: rows before (negative) or after the current row; null is unbounded, on the side the bound is. */
function parseFrameBound(cursor: Cursor, side: 'start' | 'end'): number | null {
  const start = cursor.peek();
  if (cursor.acceptKeyword('UNBOUNDED')) {
    const word = side === 'start' ? 'PRECEDING' : 'FOLLOWING';
    if (!cursor.acceptKeyword(word)) throw cursor.error(`a frame's ${side} is UNBOUNDED ${word}, CURRENT ROW or n PRECEDING/FOLLOWING`, start);
    return null;
  }
  if (cursor.acceptKeyword('CURRENT', 'ROW')) return 0;
  const token = cursor.next();
  if (token.kind !== 'number' || !/^\d+$/.test(token.value)) throw cursor.error('expected UNBOUNDED, CURRENT ROW or a row count', token);
  if (cursor.acceptKeyword('PRECEDING')) return -Number(token.value);
  cursor.expectKeyword('FOLLOWING');
  return Number(token.value);
}

/** `expr [ASC|DESC] [NULLS FIRST|LAST], …` */
export function parseSortKeys(cursor: Cursor): SortKey[] {
  const keys: SortKey[] = [];
  do {
    const expr = parseExpression(cursor);
    let direction: 'asc' | 'desc' = 'asc';
    if (cursor.acceptKeyword('DESC')) direction = 'desc';
    else cursor.acceptKeyword('ASC');
    // Spark SQL sorts NULLs first ascending and last descending, the plan's default the other way round:
    // the key says where NULLs go whenever that differs from the plan's default.
    let nulls: 'first' | 'last' = direction === 'asc' ? 'first' : 'last';
    if (cursor.acceptKeyword('NULLS')) {
      if (cursor.acceptKeyword('FIRST')) nulls = 'first';
      else {
        cursor.expectKeyword('LAST');
        nulls = 'last';
      }
    }
    const planDefault = direction === 'asc' ? 'last' : 'first';
    keys.push(nulls === planDefault ? { expr, direction } : { expr, direction, nulls });
  } while (cursor.acceptSymbol(','));
  return keys;
}

/** `expr [AS] alias`: an alias makes an alias node. */
export function parseSelectExpression(cursor: Cursor): Expression {
  const token = cursor.peek();
  if (cursor.isSymbol('*')) {
    cursor.next();
    return starExceptOrStar(cursor, cursor.mark(StarNode.create(), token), token);
  }
  const expr = parseExpression(cursor);
  if (expr.kind === 'star') return starExceptOrStar(cursor, expr, token);
  if (cursor.acceptKeyword('AS')) {
    if (cursor.isSymbol('(') && generatorItem(expr) !== undefined) return cursor.mark(parseGeneratorAliases(cursor, expr), token);
    return cursor.mark(AliasNode.create(expr, cursor.identifier('an alias')), token);
  }
  const next = cursor.peek();
  if ((next.kind === 'word' && !CLAUSE_WORDS.has(next.value.toUpperCase())) || next.kind === 'quoted') {
    return cursor.mark(AliasNode.create(expr, cursor.identifier()), token);
  }
  return expr;
}

/** `* EXCEPT (a, b)` (or `t.* EXCEPT …`), read as a marker lowering expands (see `star-except.ts`); else the star. */
function starExceptOrStar(cursor: Cursor, star: StarNode, token: Token): Expression {
  if (!cursor.isKeyword('EXCEPT') || !cursor.isSymbol('(', 1)) return star;
  cursor.next();
  cursor.expectSymbol('(');
  const names = [cursor.identifier('a column')];
  while (cursor.acceptSymbol(',')) names.push(cursor.identifier('a column'));
  cursor.expectSymbol(')');
  return cursor.mark(starExcept(star, names), token);
}

/**
 * A number as Spark types it: integers (INT, BIGINT, then DECIMAL(p,0) of
 * their digits), decimals (`1.5`, `1.5BD`), doubles (`1e3`, `1.5D`), with
 * the sign when `minus` (the `-` token before it) is given. Integers keep
 * their exact value (`integerLiteral`); what no type holds is an error.
 */
function numberLiteral(cursor: Cursor, token: Token, minus?: Token): LiteralNode {
  const match = /^(\d*\.?\d*)([eE][+-]?\d+)?(BD|[LSYDF])?$/i.exec(token.value);
  const digits = match?.[1] ?? token.value;
  const exponent = match?.[2];
  const suffix = match?.[3]?.toUpperCase();
  const sign = minus === undefined ? '' : '-';
  const written = `${sign}${token.value}`;
  const at = minus ?? token;
  if (suffix === 'D' || suffix === 'F' || exponent !== undefined) {
    const value = Number(`${sign}${digits}${exponent ?? ''}`);
    if (!Number.isFinite(value) || (suffix === 'F' && !Number.isFinite(Math.fround(value)))) {
      throw cursor.error(`${written} is outside the range of a ${suffix === 'F' ? 'FLOAT' : 'DOUBLE'}`, at);
    }
    // An untyped number that is not a safe integer is a double in the portable plan; a safe integer needs its type.
    if (suffix !== 'F' && !Number.isSafeInteger(value)) return LiteralNode.create(value);
    return LiteralNode.create(value, suffix === 'F' ? 'float32' : 'float64');
  }
  if (digits.includes('.') || suffix === 'BD') {
    const [whole = '', fraction = ''] = digits.split('.');
    const scale = fraction.length;
    const precision = Math.max(whole.replace(/^0+/, '').length + scale, 1, scale);
    if (precision > MAX_DECIMAL_DIGITS) throw cursor.error(`${written} has ${precision} digits, more than the ${MAX_DECIMAL_DIGITS} a DECIMAL holds: write it as a double (${sign}${digits}D)`, at);
    return LiteralNode.create(`${sign}${digits}`, { type: 'decimal', precision, scale });
  }
  const value = BigInt(`${sign}${digits}`);
  const natural = integerLiteralType(value);
  const asDouble = `${Number(value).toExponential()}D`;
  const suffixed = suffix === undefined ? undefined : ({ L: 'int64', S: 'int16', Y: 'int8' } as const)[suffix as 'L' | 'S' | 'Y'];
  if (suffixed !== undefined) {
    const range = INTEGER_RANGES[suffixed];
    if (value < range.min || value > range.max) {
      const instead = natural === undefined ? `write a double (${asDouble})` : `drop the ${suffix} for ${sparkTypeName(natural)}${typeof natural === 'string' ? '' : `, or write a double (${asDouble})`}`;
      throw cursor.error(`${written} is outside ${sparkTypeName(suffixed)} (${range.min} to ${range.max}): ${instead}`, at);
    }
    return integerLiteral(value, suffixed);
  }
  if (natural === undefined) {
    const count = digits.replace(/^0+/, '').length;
    throw cursor.error(`${written} has ${count} digits, more than the ${MAX_DECIMAL_DIGITS} a DECIMAL holds: write it as a double (${asDouble})`, at);
  }
  return integerLiteral(value);
}

/** Adjacent string literals are one string, as in Spark ('a' 'b' is 'ab'). */
function stringRun(cursor: Cursor, first: string): string {
  let value = first;
  while (cursor.peek().kind === 'string') value += cursor.next().value;
  return value;
}
