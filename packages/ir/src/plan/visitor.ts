import type { Expression, ExpressionKind } from './expr/expression.js';
import type { RelationKind, RelationNode } from './rel/relation.js';

/**
 * A backend compiler implements one method per relation kind. The mapped
 * type makes a new kind a compile error in every backend until handled.
 */
export type RelationVisitor<R> = {
  readonly [K in RelationKind]: (node: Extract<RelationNode, { kind: K }>) => R;
};

export type ExpressionVisitor<R> = {
  readonly [K in ExpressionKind]: (node: Extract<Expression, { kind: K }>) => R;
};

export function visitRelation<R>(visitor: RelationVisitor<R>, node: RelationNode): R {
  const method = visitor[node.kind] as (node: RelationNode) => R;
  return method.call(visitor, node);
}

export function visitExpression<R>(visitor: ExpressionVisitor<R>, node: Expression): R {
  const method = visitor[node.kind] as (node: Expression) => R;
  return method.call(visitor, node);
}
