import type { RelationNode } from './relation.js';

/**
 * Removes duplicate rows; with `columns`, keeps one row per distinct value
 * of those columns (which row is unspecified).
 */
export interface DeduplicateNode {
  readonly kind: 'deduplicate';
  readonly input: RelationNode;
  readonly columns?: readonly string[];
}

export const DeduplicateNode = Object.freeze({
  is(node: { readonly kind: string }): node is DeduplicateNode {
    return node.kind === 'deduplicate';
  },
  create(input: RelationNode, columns?: readonly string[]): DeduplicateNode {
    return Object.freeze(columns === undefined ? { kind: 'deduplicate', input } : { kind: 'deduplicate', input, columns });
  },
});
