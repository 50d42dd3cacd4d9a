import type { Expression } from './expression.js';

/** Operators of a {@link UnaryNode}: boolean `not`, numeric negation, and the NULL tests. */
export type UnaryOperator = 'not' | 'neg' | 'is_null' | 'is_not_null';

/** Every {@link UnaryOperator}. */
export const UNARY_OPERATORS: readonly UnaryOperator[] = ['not', 'neg', 'is_null', 'is_not_null'];

/** A one-operand operation: `NOT x`, `-x`, `x IS NULL` or `x IS NOT NULL`. */
export interface UnaryNode {
  /** Discriminant: `unary`. */
  readonly kind: 'unary';
  /** The operator. */
  readonly op: UnaryOperator;
  /** The operand. */
  readonly expr: Expression;
}

/** Type guard and factory for {@link UnaryNode} plan nodes. */
export const UnaryNode = Object.freeze({
  /** Whether a plan node is a unary operation (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is UnaryNode {
    return node.kind === 'unary';
  },
  /** A frozen `op expr` node. */
  create(op: UnaryOperator, expr: Expression): UnaryNode {
    return Object.freeze({ kind: 'unary', op, expr });
  },
});
