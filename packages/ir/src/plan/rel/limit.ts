import type { RelationNode } from './relation.js';

/**
 * `LIMIT count OFFSET offset`: at most `count` rows after skipping `offset`; which rows is unspecified without a
 * sort below it.
 */
export interface LimitNode {
  /** Discriminant: `limit`. */
  readonly kind: 'limit';
  /** The rows to limit. */
  readonly input: RelationNode;
  /** Most rows to keep. */
  readonly count: number;
  /** Rows to skip first; default 0. */
  readonly offset?: number;
}

/** Type guard and factory for {@link LimitNode} plan nodes. */
export const LimitNode = Object.freeze({
  /** Whether a relation node is a limit (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is LimitNode {
    return node.kind === 'limit';
  },
  /** A frozen limit node; leaves `offset` out when it is undefined. */
  create(input: RelationNode, count: number, offset?: number): LimitNode {
    return Object.freeze(offset === undefined ? { kind: 'limit', input, count } : { kind: 'limit', input, count, offset });
  },
});
