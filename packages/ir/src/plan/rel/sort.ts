import type { SortKey } from '../expr/sort-key.js';
import type { RelationNode } from './relation.js';

export interface SortNode {
  readonly kind: 'sort';
  readonly input: RelationNode;
  readonly keys: readonly SortKey[];
}

export const SortNode = Object.freeze({
  is(node: { readonly kind: string }): node is SortNode {
    return node.kind === 'sort';
  },
  create(input: RelationNode, keys: readonly SortKey[]): SortNode {
    return Object.freeze({ kind: 'sort', input, keys });
  },
});
