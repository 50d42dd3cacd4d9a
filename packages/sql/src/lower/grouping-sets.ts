import { AliasNode, type Expression, LiteralNode } from '@thund/ir';
import type { SelectCore } from '../parse/ast.js';
import { containsAggregate, isAggregateCall, sameExpression } from './expression-tools.js';
import type { Positions } from './positions.js';
import { mapChildren } from './scope.js';

/**
 * `GROUP BY ROLLUP / CUBE / GROUPING SETS` as one select per grouping set,
 * for a UNION ALL of them (Spark's Expand, without its grouping id): each
 * groups by its set, and the keys outside it are NULL in its rows (in the
 * select list and HAVING; aggregates still see the values). Keys may be
 * select aliases or ordinals, as in a plain GROUP BY.
 */
export function groupingSetSelects(select: SelectCore, positions: Positions): SelectCore[] {
  const sets = select.groupingSets ?? [];
  const items = select.items.map((item) => item.expr);
  const resolve = (key: Expression): Expression => {
    if (key.kind === 'literal' && typeof key.value === 'number' && Number.isInteger(key.value)) {
      const item = items[key.value - 1];
      if (item === undefined) throw positions.error(key, `GROUP BY ${key.value}: the select list has ${items.length} columns`);
      return item.kind === 'alias' ? item.expr : item;
    }
    if (key.kind === 'column' && key.relation === undefined) {
      const aliased = items.find((item) => item.kind === 'alias' && item.name.toLowerCase() === key.name.toLowerCase());
      if (aliased?.kind === 'alias' && !containsAggregate(aliased.expr)) return aliased.expr;
    }
    return key;
  };
  const resolved = sets.map((set) => set.map(resolve));
  const keys = resolved.flat();
  if (!items.some(containsAggregate) && select.having === undefined) {
    throw positions.errorAt(select.position, 'ROLLUP, CUBE and GROUPING SETS are read with at least one aggregate: add one (count(*) AS n)');
  }
  return resolved.map((set) => {
    const absent = keys.filter((key) => !set.some((k) => sameExpression(k, key)));
    const blank = (expr: Expression): Expression => {
      if (absent.some((key) => sameExpression(key, expr))) return positions.copy(expr, LiteralNode.create(null));
      if (isAggregateCall(expr) || expr.kind === 'window_call') return expr;
      return mapChildren(expr, blank, positions);
    };
    return {
      ...select,
      distinct: false,
      groupBy: set,
      groupingSets: [set],
      items: select.items.map((item) => {
        const expr = item.expr;
        if (expr.kind === 'alias') return { ...item, expr: positions.copy(expr, AliasNode.create(blank(expr.expr), expr.name)) };
        const out = blank(expr);
        return { ...item, expr: out !== expr && expr.kind === 'column' ? positions.copy(expr, AliasNode.create(out, expr.name)) : out };
      }),
      ...(select.having === undefined ? {} : { having: blank(select.having) }),
    };
  });
}
