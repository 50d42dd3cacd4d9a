import type { RelationNode } from './relation.js';

/**
 * Removes duplicate rows; with `columns`, keeps one row per distinct value
 * of those columns (which row is unspecified).
 */
export interface DeduplicateNode {
  /** Discriminant: `deduplicate`. */
  readonly kind: 'deduplicate';
  /** The rows to deduplicate. */
  readonly input: RelationNode;
  /** Columns that define a duplicate; all columns when absent. */
  readonly columns?: readonly string[];
}

/** Type guard and factory for {@link DeduplicateNode} plan nodes. */
export const DeduplicateNode = Object.freeze({
  /** Whether a relation node is a deduplication (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is DeduplicateNode {
    return node.kind === 'deduplicate';
  },
  /** A frozen deduplication node; leaves `columns` out when it is undefined. */
  create(input: RelationNode, columns?: readonly string[]): DeduplicateNode {
    return Object.freeze(columns === undefined ? { kind: 'deduplicate', input } : { kind: 'deduplicate', input, columns });
  },
});
