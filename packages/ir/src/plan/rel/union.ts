import type { RelationNode } from './relation.js';

/** `UNION [ALL]` of inputs with the same columns, matched by name. */
export interface UnionNode {
  /** Discriminant: `union`. */
  readonly kind: 'union';
  /** The inputs, whose rows are concatenated. */
  readonly inputs: readonly RelationNode[];
  /** Keep duplicates. Default is `true`. */
  readonly all?: boolean;
}

/** Type guard and factory for {@link UnionNode} plan nodes. */
export const UnionNode = Object.freeze({
  /** Whether a relation node is a union (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is UnionNode {
    return node.kind === 'union';
  },
  /** A frozen union node; `all` (keep duplicates, UNION ALL) defaults to `true`. */
  create(inputs: readonly RelationNode[], all = true): UnionNode {
    return Object.freeze({ kind: 'union', inputs, all });
  },
});
