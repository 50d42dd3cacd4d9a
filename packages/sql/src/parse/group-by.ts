import type { Expression } from '@thund/ir';
import type { Cursor } from './cursor.js';
import { parseExpression } from './expression.js';

/** A GROUP BY clause, as read: its keys, `ALL`, or grouping sets. */
export interface GroupByClause {
  readonly groupBy: Expression[];
  readonly groupByAll: boolean;
  /** `ROLLUP`, `CUBE`, `GROUPING SETS` (or `WITH ROLLUP/CUBE`): each set of keys grouped by, the plain keys in every one. */
  readonly groupingSets?: Expression[][];
}

/**
 * After `GROUP BY`: `ALL`, or keys, among which at most one `ROLLUP(…)`,
 * `CUBE(…)` or `GROUPING SETS ((…), …)`, or keys then `WITH ROLLUP` /
 * `WITH CUBE`. Grouping sets are each plain key plus one set of the
 * construct: `ROLLUP(a, b)` is (a, b), (a), (); `CUBE(a, b)` every subset.
 */
export function parseGroupBy(cursor: Cursor): GroupByClause {
  if (cursor.acceptKeyword('ALL')) return { groupBy: [], groupByAll: true };
  const plain: Expression[] = [];
  let sets: Expression[][] | undefined;
  do {
    const token = cursor.peek();
    const construct = constructAt(cursor);
    if (construct === undefined) {
      plain.push(parseExpression(cursor));
      continue;
    }
    if (sets !== undefined) throw cursor.error(`one ROLLUP, CUBE or GROUPING SETS per GROUP BY: write the sets you mean with GROUPING SETS ((…), …)`, token);
    sets = construct === 'GROUPING SETS' ? parseSetList(cursor) : expand(construct, parseKeyList(cursor));
  } while (cursor.acceptSymbol(','));
  if (sets === undefined && cursor.isKeyword('WITH')) {
    const token = cursor.next();
    if (cursor.acceptKeyword('ROLLUP')) sets = expand('ROLLUP', plain.splice(0));
    else if (cursor.acceptKeyword('CUBE')) sets = expand('CUBE', plain.splice(0));
    else throw cursor.error('expected WITH ROLLUP or WITH CUBE', token);
  }
  if (sets === undefined) return { groupBy: plain, groupByAll: false };
  const groupingSets = sets.map((set) => [...plain, ...set]);
  return { groupBy: dedupe(groupingSets.flat()), groupByAll: false, groupingSets };
}

/** Reads the keyword of a grouping construct, if one comes next. */
function constructAt(cursor: Cursor): 'ROLLUP' | 'CUBE' | 'GROUPING SETS' | undefined {
  for (const word of ['ROLLUP', 'CUBE'] as const) {
    if (cursor.isKeyword(word) && cursor.isSymbol('(', 1)) {
      cursor.next();
      return word;
    }
  }
  return cursor.acceptKeyword('GROUPING', 'SETS') ? 'GROUPING SETS' : undefined;
}

/** `(a, b)`: a list of keys. */
function parseKeyList(cursor: Cursor): Expression[] {
  cursor.expectSymbol('(');
  const keys: Expression[] = [];
  if (!cursor.isSymbol(')')) {
    do keys.push(parseExpression(cursor));
    while (cursor.acceptSymbol(','));
  }
  cursor.expectSymbol(')');
  return keys;
}

/** `((a, b), a, ())`: sets, each a parenthesized list or one key. */
function parseSetList(cursor: Cursor): Expression[][] {
  cursor.expectSymbol('(');
  const sets: Expression[][] = [];
  do {
    if (cursor.isSymbol('(')) sets.push(parseKeyList(cursor));
    else sets.push([parseExpression(cursor)]);
  } while (cursor.acceptSymbol(','));
  cursor.expectSymbol(')');
  return sets;
}

/** ROLLUP's prefixes, longest first, or CUBE's subsets, largest first (each keeping the written order). */
function expand(construct: 'ROLLUP' | 'CUBE', keys: readonly Expression[]): Expression[][] {
  if (construct === 'ROLLUP') return keys.map((_, i) => keys.slice(0, keys.length - i)).concat([[]]);
  const subsets: Expression[][] = [];
  for (let mask = (1 << keys.length) - 1; mask >= 0; mask -= 1) subsets.push(keys.filter((_, i) => (mask & (1 << (keys.length - 1 - i))) !== 0));
  return subsets.sort((a, b) => b.length - a.length);
}

function dedupe(keys: readonly Expression[]): Expression[] {
  const seen = new Set<string>();
  return keys.filter((key) => {
    const text = JSON.stringify(key).toLowerCase();
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}
