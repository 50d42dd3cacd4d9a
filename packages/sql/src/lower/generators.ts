import { ColumnNode, type Expression, GenerateNode, type RelationNode, childExpressions } from '@thund/ir';
import type { LateralViewRef } from '../parse/ast.js';
import { type GeneratorItem, generatorItem } from '../parse/generator.js';
import { containsAggregate, containsWindowCall } from './expression-tools.js';
import type { Positions } from './positions.js';
import { Scope, qualify } from './scope.js';

/** A lowered FROM item: its plan, and the qualifiers its columns may be named by. */
interface FromRows {
  readonly relation: RelationNode;
  readonly leaf?: string;
  readonly scope: Scope;
}

/**
 * `input LATERAL VIEW [OUTER] generator(expr) alias AS names`: a generate
 * node over the input. Above it, the input's qualifiers keep naming its
 * columns (a join's sides stay apart), and the view's alias names the
 * generated ones, which are unqualified in the plan.
 */
export function lateralView(item: LateralViewRef, input: FromRows, positions: Positions): FromRows {
  const scope = input.leaf === undefined ? input.scope : new Scope(new Map([[input.leaf, null]]));
  const expr = qualify(item.expr, scope, positions);
  const relation = positions.copy(item, GenerateNode.create(input.relation, item.generator, expr, {
    ...(item.outer ? { outer: true } : {}), ...(item.names === undefined ? {} : { names: item.names }),
  }));
  return { relation, scope: item.alias === undefined ? scope : scope.with(item.alias, null) };
}

/** Spark's default names of a generator's columns where the SELECT list does not name them (a list: `col`, after `pos`). */
function defaultNames(item: GeneratorItem, positions: Positions): string[] {
  if (item.generator === 'inline') {
    throw positions.error(item.call, `${item.name}(…) in a SELECT list needs its columns named: write ${item.name}(…) AS (a, b, …), or LATERAL VIEW ${item.generator}${item.outer ? ' OUTER' : ''}(…) t`);
  }
  return item.generator === 'posexplode' ? ['pos', 'col'] : ['col'];
}

/**
 * A generator in a SELECT list (`SELECT id, explode(tags) AS tag`): a
 * generate node over the rows (after WHERE), and the item replaced by its
 * columns. One generator per SELECT, as a whole item, not beside aggregates
 * or window functions (Spark's rules; compute those in a subquery).
 */
export function selectGenerators(relation: RelationNode, items: readonly Expression[], positions: Positions): { relation: RelationNode; items: Expression[] } {
  const found = items.map((item) => ({ item, generator: generatorItem(item) }));
  const generators = found.filter((f) => f.generator !== undefined);
  for (const { item, generator } of found) {
    const nested = generator === undefined ? nestedGenerator(item) : generator.args.map(nestedGenerator).find((g) => g !== undefined);
    if (nested !== undefined) throw positions.error(nested, 'a generator (explode, posexplode, inline) must be a whole SELECT item, not inside an expression: select it alone, or use LATERAL VIEW');
  }
  if (generators.length === 0) return { relation, items: [...items] };
  const [first, second] = generators;
  if (second?.generator !== undefined) throw positions.error(second.generator.call, 'only one generator (explode, posexplode, inline) per SELECT: add the others with LATERAL VIEW');
  const generator = first?.generator as GeneratorItem;
  if (items.some((item) => containsAggregate(item) || containsWindowCall(item))) {
    throw positions.error(generator.call, `${generator.name} cannot be beside aggregates or window functions in one SELECT: compute them in a subquery and ${generator.name} over it`);
  }
  const [arg, ...extra] = generator.args;
  if (arg === undefined || extra.length > 0) throw positions.error(generator.call, `${generator.name} takes one argument: the list or map to make rows of`);
  const names = generator.names.length > 0 ? generator.names : defaultNames(generator, positions);
  const generate = positions.copy(generator.call, GenerateNode.create(relation, generator.generator, arg, {
    ...(generator.outer ? { outer: true } : {}), ...(generator.names.length > 0 ? { names: generator.names } : {}),
  }));
  const columns = names.map((name) => positions.copy(generator.call, ColumnNode.create(name)));
  // `SELECT *, explode(…)`: the input's columns then the generated ones, which is the generate node's own row.
  const stars = found.filter((f) => f.item.kind === 'star');
  if (stars.length > 0) {
    if (found.length === 2 && found[0]?.item.kind === 'star' && found[0].item.relation === undefined && found[1]?.generator !== undefined) return { relation: generate, items: [] };
    throw positions.error(stars[0]?.item as Expression, `* beside ${generator.name} is supported only as SELECT *, ${generator.name}(…) [AS …]: name the other columns`);
  }
  return { relation: generate, items: found.flatMap((f) => (f.generator === undefined ? [f.item] : columns)) };
}

/** A generator call anywhere inside `expr` (not `expr` itself), if any. */
function nestedGenerator(expr: Expression): Expression | undefined {
  for (const child of childExpressions(expr)) {
    if (generatorItem(child) !== undefined && child.kind === 'call') return child;
    const deeper = nestedGenerator(child);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}
