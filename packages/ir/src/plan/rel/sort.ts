import type { SortKey } from '../expr/sort-key.js';
import type { RelationNode } from './relation.js';

/** `ORDER BY keys…`: orders the input rows. */
export interface SortNode {
  /** Discriminant: `sort`. */
  readonly kind: 'sort';
  /** The rows to sort. */
  readonly input: RelationNode;
  /** Ordering keys, most significant first. */
  readonly keys: readonly SortKey[];
}

/** Type guard and factory for {@link SortNode} plan nodes. */
export const SortNode = Object.freeze({
  /** Whether a relation node is a sort (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is SortNode {
    return node.kind === 'sort';
  },
  /** A frozen sort node. */
  create(input: RelationNode, keys: readonly SortKey[]): SortNode {
    return Object.freeze({ kind: 'sort', input, keys });
  },
});
