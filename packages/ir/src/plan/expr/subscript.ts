import type { Expression } from './expression.js';

/**
 * `expr[index]`, Spark's semantics: an element of a list by its 0-based
 * position (an index outside the list fails the query, Spark's ANSI mode),
 * or the value of a map's key (NULL when the map has no such key). NULL
 * when either side is NULL.
 */
export interface SubscriptNode {
  /** Discriminant: `subscript`. */
  readonly kind: 'subscript';
  /** The list or map. */
  readonly expr: Expression;
  /** The 0-based position (a list) or the key (a map). */
  readonly index: Expression;
}

/** Type guard and factory for {@link SubscriptNode} plan nodes. */
export const SubscriptNode = Object.freeze({
  /** Whether a plan node is a subscript (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is SubscriptNode {
    return node.kind === 'subscript';
  },
  /** A frozen `expr[index]` node. */
  create(expr: Expression, index: Expression): SubscriptNode {
    return Object.freeze({ kind: 'subscript', expr, index });
  },
});
