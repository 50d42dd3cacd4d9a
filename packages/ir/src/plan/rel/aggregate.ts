import type { Expression } from '../expr/expression.js';
import type { RelationNode } from './relation.js';

/** `SELECT groupBy…, aggregates… FROM input GROUP BY groupBy…`. */
export interface AggregateNode {
  readonly kind: 'aggregate';
  readonly input: RelationNode;
  readonly groupBy: readonly Expression[];
  readonly aggregates: readonly Expression[];
}

export const AggregateNode = Object.freeze({
  is(node: { readonly kind: string }): node is AggregateNode {
    return node.kind === 'aggregate';
  },
  create(input: RelationNode, groupBy: readonly Expression[], aggregates: readonly Expression[]): AggregateNode {
    return Object.freeze({ kind: 'aggregate', input, groupBy, aggregates });
  },
});
