import { type Expression, lookupFunction, walkExpression } from '@thund/ir';

/** Structural equality of two expressions (what GROUP BY keys and select items are matched by). */
export function sameExpression(a: Expression, b: Expression): boolean {
  return JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));
}

/** Names compared case-insensitively, as Spark resolves them. */
function normalized(expr: Expression): unknown {
  return JSON.parse(JSON.stringify(expr), (key, value: unknown) => ((key === 'name' || key === 'relation') && typeof value === 'string' ? value.toLowerCase() : value));
}

export function isAggregateCall(expr: Expression): boolean {
  return expr.kind === 'call' && lookupFunction(expr.name)?.kind === 'aggregate';
}

/** Whether an aggregate call appears anywhere in `expr` (not inside a window call, which aggregates a window). */
export function containsAggregate(expr: Expression): boolean {
  let found = false;
  walkExpression(expr, (node) => {
    if (isAggregateCall(node)) found = true;
  });
  return found;
}

export function containsWindowCall(expr: Expression): boolean {
  let found = false;
  walkExpression(expr, (node) => {
    if (node.kind === 'window_call') found = true;
  });
  return found;
}
