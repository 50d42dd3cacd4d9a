import type { Expression } from './expression.js';

/** `expr IN (list…)`. */
export interface InListNode {
  /** Discriminant: `in`. */
  readonly kind: 'in';
  /** The value looked up. */
  readonly expr: Expression;
  /** The candidate values. */
  readonly list: readonly Expression[];
}

/** Type guard and factory for {@link InListNode} plan nodes. */
export const InListNode = Object.freeze({
  /** Whether a plan node is an IN list (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is InListNode {
    return node.kind === 'in';
  },
  /** A frozen `expr IN (list…)` node. */
  create(expr: Expression, list: readonly Expression[]): InListNode {
    return Object.freeze({ kind: 'in', expr, list });
  },
});
