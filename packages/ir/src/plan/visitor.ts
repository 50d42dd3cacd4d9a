import type { Expression, ExpressionKind } from './expr/expression.js';
import type { RelationKind, RelationNode } from './rel/relation.js';

/**
 * A backend compiler implements one method per relation kind. The mapped
 * type makes a new kind a compile error in every backend until handled.
 */
export type RelationVisitor<R> = {
  readonly [K in RelationKind]: (node: Extract<RelationNode, { kind: K }>) => R;
};

/**
 * An expression compiler: one method per expression kind, so a new kind is a compile error until every visitor
 * handles it.
 */
export type ExpressionVisitor<R> = {
  readonly [K in ExpressionKind]: (node: Extract<Expression, { kind: K }>) => R;
};

/** Calls the visitor's method for the node's kind and returns its result. */
export function visitRelation<R>(visitor: RelationVisitor<R>, node: RelationNode): R {
  const method = visitor[node.kind] as (node: RelationNode) => R;
  return method.call(visitor, node);
}

/** Calls the visitor's method for the expression's kind and returns its result. */
export function visitExpression<R>(visitor: ExpressionVisitor<R>, node: Expression): R {
  const method = visitor[node.kind] as (node: Expression) => R;
  return method.call(visitor, node);
}
