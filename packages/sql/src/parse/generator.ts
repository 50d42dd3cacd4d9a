import { AliasNode, type Expression, type Generator } from '@thund/ir';
import type { FromItem } from './ast.js';
import type { Cursor } from './cursor.js';
import { parseExpression } from './expression.js';

/** Spark's generator functions: which generator each is, and whether it keeps rows with a NULL or empty list (`_outer`). */
export const GENERATOR_CALLS: ReadonlyMap<string, { readonly generator: Generator; readonly outer: boolean }> = new Map([
  ['explode', { generator: 'explode', outer: false }],
  ['explode_outer', { generator: 'explode', outer: true }],
  ['posexplode', { generator: 'posexplode', outer: false }],
  ['posexplode_outer', { generator: 'posexplode', outer: true }],
  ['inline', { generator: 'inline', outer: false }],
  ['inline_outer', { generator: 'inline', outer: true }],
]);

/** A generator call in a SELECT list, with the names it was given (`AS tag`, `AS (k, v)`). */
export interface GeneratorItem {
  readonly name: string;
  readonly generator: Generator;
  readonly outer: boolean;
  readonly args: readonly Expression[];
  /** The names written after AS; empty for Spark's defaults. */
  readonly names: readonly string[];
  /** The call node, for positions. */
  readonly call: Expression;
}

/**
 * A select item as a generator call, if it is one: the call itself or
 * under aliases. `AS (k, v)` is read as aliases nested in order
 * (`parseGeneratorAliases`), so the names survive the rewrites lowering
 * makes of an expression (an alias is copied with its name).
 */
export function generatorItem(item: Expression): GeneratorItem | undefined {
  const names: string[] = [];
  let node = item;
  while (node.kind === 'alias') {
    names.unshift(node.name);
    node = node.expr;
  }
  if (node.kind !== 'call') return undefined;
  const found = GENERATOR_CALLS.get(node.name);
  return found === undefined ? undefined : { name: node.name, ...found, args: node.args, names, call: node };
}

/** `AS (a, b, …)` after a generator call in a SELECT list: the names as aliases nested in order (see `generatorItem`). */
export function parseGeneratorAliases(cursor: Cursor, expr: Expression): Expression {
  cursor.expectSymbol('(');
  let aliased = expr;
  do aliased = AliasNode.create(aliased, cursor.identifier('a column name'));
  while (cursor.acceptSymbol(','));
  cursor.expectSymbol(')');
  return aliased;
}

/**
 * `LATERAL VIEW [OUTER] generator(args) table [AS] column, …` after the
 * FROM clause's tables, any number of them, each applying to the rows of
 * the ones before (Spark's grammar).
 */
export function parseLateralViews(cursor: Cursor, from: FromItem): FromItem {
  let input = from;
  while (cursor.isKeyword('LATERAL', 'VIEW')) {
    const token = cursor.peek();
    cursor.next();
    cursor.next();
    const outer = cursor.acceptKeyword('OUTER');
    const nameToken = cursor.peek();
    const name = cursor.identifier('a generator (explode, posexplode, inline)').toLowerCase();
    const found = GENERATOR_CALLS.get(name);
    if (found === undefined) throw cursor.error(`LATERAL VIEW takes a generator (explode, posexplode, inline, or their _outer forms), not ${name}`, nameToken);
    cursor.expectSymbol('(');
    const expr = parseExpression(cursor);
    if (!cursor.acceptSymbol(')')) throw cursor.error(`${name} takes one argument: the list or map to make rows of`);
    const alias = cursor.isIdentifier() && !cursor.isKeyword('AS') && !cursor.isKeyword('LATERAL') && !CLAUSE_STARTS.some((w) => cursor.isKeyword(w)) ? cursor.identifier() : undefined;
    const names: string[] = [];
    if (cursor.acceptKeyword('AS') || (alias !== undefined && cursor.isIdentifier() && !cursor.isKeyword('LATERAL') && !CLAUSE_STARTS.some((w) => cursor.isKeyword(w)))) {
      do names.push(cursor.identifier('a column name'));
      while (cursor.acceptSymbol(','));
    }
    input = {
      kind: 'lateral_view', input, generator: found.generator, outer: outer || found.outer, expr,
      ...(alias === undefined ? {} : { alias }), ...(names.length === 0 ? {} : { names }), position: token.position,
    };
  }
  return input;
}

/** Words that end a FROM clause, never a lateral view's table alias. */
const CLAUSE_STARTS = ['WHERE', 'GROUP', 'HAVING', 'ORDER', 'LIMIT', 'UNION', 'EXCEPT', 'INTERSECT', 'WINDOW', 'QUALIFY', 'SORT', 'CLUSTER', 'DISTRIBUTE', 'MINUS'];
