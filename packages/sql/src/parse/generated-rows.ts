import type { RangeRef, ValuesRef, ValuesRow } from './ast.js';
import type { Cursor } from './cursor.js';
import { parseExpression } from './expression.js';

type Unnamed<T> = Omit<T, 'alias' | 'columns'>;

/**
 * `range(end)`, `range(start, end)`, `range(start, end, step)` or Spark's
 * `range(start, end, step, partitions)`: the partition count changes no row,
 * so it is read and left out. Bounds are whole numbers as written.
 */
export function parseRange(cursor: Cursor): Unnamed<RangeRef> {
  const token = cursor.next();
  cursor.expectSymbol('(');
  const args = [wholeNumber(cursor)];
  while (cursor.acceptSymbol(',')) args.push(wholeNumber(cursor));
  cursor.expectSymbol(')');
  if (args.length > 4) throw cursor.error(`range takes at most 4 arguments (start, end, step, partitions), got ${args.length}`, token);
  const [start, end, step] = args.length === 1 ? [0, args[0] as number, 1] : [args[0] as number, args[1] as number, args[2] ?? 1];
  if (step === 0) throw cursor.error('range\'s step is 0, which would never reach the end: give a positive step to count up or a negative one to count down', token);
  return { kind: 'range', start, end, step, position: token.position };
}

/** An optionally negative whole number that a JavaScript number holds exactly. */
function wholeNumber(cursor: Cursor): number {
  const negative = cursor.acceptSymbol('-');
  const token = cursor.next();
  if (token.kind !== 'number' || !/^\d+$/.test(token.value)) throw cursor.error(`range takes whole numbers written out, found "${token.value}"`, token);
  const value = Number(`${negative ? '-' : ''}${token.value}`);
  if (!Number.isSafeInteger(value)) throw cursor.error(`range bound ${negative ? '-' : ''}${token.value} is beyond 2^53 - 1, the largest Þund holds exactly`, token);
  return value;
}

/**
 * `VALUES (1, 'a'), (2, 'b')` or, one column, `VALUES 1, 2`: the rows as
 * written (the cursor is at VALUES). The caller reads the alias and column
 * names after it.
 */
export function parseValues(cursor: Cursor): Unnamed<ValuesRef> {
  const token = cursor.next();
  const rows: ValuesRow[] = [];
  do {
    const position = cursor.peek().position;
    if (cursor.acceptSymbol('(')) {
      const values = [parseExpression(cursor)];
      while (cursor.acceptSymbol(',')) values.push(parseExpression(cursor));
      cursor.expectSymbol(')');
      rows.push({ values, position });
    } else {
      rows.push({ values: [parseExpression(cursor)], position });
    }
  } while (cursor.acceptSymbol(','));
  return { kind: 'values', rows, position: token.position };
}

/** `(a, b, …)` after a VALUES alias: the names of its columns. */
export function parseColumnNames(cursor: Cursor): string[] | undefined {
  if (!cursor.acceptSymbol('(')) return undefined;
  const names = [cursor.identifier('a column name')];
  while (cursor.acceptSymbol(',')) names.push(cursor.identifier('a column name'));
  cursor.expectSymbol(')');
  return names;
}
