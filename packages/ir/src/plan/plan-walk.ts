import { childExpressionsAt, type Expression } from './expr/expression.js';
import type { ExpressionContext } from './node-fields.js';
import { relationExpressionsAt, relationInputsAt, type RelationNode } from './rel/relation.js';

export type { ExpressionContext } from './node-fields.js';

/** Callbacks for {@link walkPlan}; each is optional and receives the node's JSON path relative to the plan root. */
export interface PlanVisitor {
  /** Called for each relation node, before its expressions and inputs. */
  relation?(node: RelationNode, path: readonly PropertyKey[]): void;
  /** Called for each expression, with the context (row, aggregate, window) it is evaluated in. */
  expression?(node: Expression, path: readonly PropertyKey[], context: ExpressionContext): void;
}

/**
 * Walks a plan and every expression in it, with JSON paths relative to the
 * plan root: each relation, then its expressions (depth first), then its
 * inputs, in the order `RELATION_FIELDS` and `EXPRESSION_FIELDS` give.
 */
export function walkPlan(root: RelationNode, visitor: PlanVisitor, base: readonly PropertyKey[] = []): void {
  const expr = (node: Expression, path: readonly PropertyKey[], context: ExpressionContext): void => {
    visitor.expression?.(node, path, context);
    for (const child of childExpressionsAt(node)) expr(child.node, [...path, ...child.path], child.context ?? context);
  };
  const rel = (node: RelationNode, path: readonly PropertyKey[]): void => {
    visitor.relation?.(node, path);
    for (const child of relationExpressionsAt(node)) expr(child.node, [...path, ...child.path], child.context);
    for (const child of relationInputsAt(node)) rel(child.node, [...path, ...child.path]);
  };
  rel(root, base);
}
