import type { RelationNode } from './relation.js';

/** `UNION [ALL]` of inputs with the same columns, matched by name. */
export interface UnionNode {
  readonly kind: 'union';
  readonly inputs: readonly RelationNode[];
  /** Keep duplicates. Default is `true`. */
  readonly all?: boolean;
}

export const UnionNode = Object.freeze({
  is(node: { readonly kind: string }): node is UnionNode {
    return node.kind === 'union';
  },
  create(inputs: readonly RelationNode[], all = true): UnionNode {
    return Object.freeze({ kind: 'union', inputs, all });
  },
});
