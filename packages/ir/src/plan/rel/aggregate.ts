import type { Expression } from '../expr/expression.js';
import type { RelationNode } from './relation.js';

/** `SELECT groupBy…, aggregates… FROM input GROUP BY groupBy…`. */
export interface AggregateNode {
  /** Discriminant: `aggregate`. */
  readonly kind: 'aggregate';
  /** The rows to aggregate. */
  readonly input: RelationNode;
  /** Grouping expressions; one output row per distinct combination (one row in all when empty). */
  readonly groupBy: readonly Expression[];
  /** Aggregate expressions (aliased calls such as `sum(x) AS total`). */
  readonly aggregates: readonly Expression[];
}

/** Type guard and factory for {@link AggregateNode} plan nodes. */
export const AggregateNode = Object.freeze({
  /** Whether a relation node is an aggregation (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is AggregateNode {
    return node.kind === 'aggregate';
  },
  /** A frozen aggregation node. */
  create(input: RelationNode, groupBy: readonly Expression[], aggregates: readonly Expression[]): AggregateNode {
    return Object.freeze({ kind: 'aggregate', input, groupBy, aggregates });
  },
});
