import type { RelationNode } from './relation.js';

export interface LimitNode {
  readonly kind: 'limit';
  readonly input: RelationNode;
  readonly count: number;
  readonly offset?: number;
}

export const LimitNode = Object.freeze({
  is(node: { readonly kind: string }): node is LimitNode {
    return node.kind === 'limit';
  },
  create(input: RelationNode, count: number, offset?: number): LimitNode {
    return Object.freeze(offset === undefined ? { kind: 'limit', input, count } : { kind: 'limit', input, count, offset });
  },
});
