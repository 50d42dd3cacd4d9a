import type { Expression } from '../expr/expression.js';
import type { RelationNode } from './relation.js';

/** `SELECT * FROM input WHERE condition`. */
export interface FilterNode {
  /** Discriminant: `filter`. */
  readonly kind: 'filter';
  /** The rows to filter. */
  readonly input: RelationNode;
  /** Boolean predicate; rows where it is false or NULL are dropped. */
  readonly condition: Expression;
}

/** Type guard and factory for {@link FilterNode} plan nodes. */
export const FilterNode = Object.freeze({
  /** Whether a relation node is a filter (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is FilterNode {
    return node.kind === 'filter';
  },
  /** A frozen filter node. */
  create(input: RelationNode, condition: Expression): FilterNode {
    return Object.freeze({ kind: 'filter', input, condition });
  },
});
