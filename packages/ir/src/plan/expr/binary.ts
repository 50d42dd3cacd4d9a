import type { Expression } from './expression.js';

/**
 * Operators of a {@link BinaryNode}: comparisons, boolean `and`/`or`, arithmetic, and SQL `LIKE` (with `\` as
 * escape).
 */
export type BinaryOperator =
  | 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte'
  | 'and' | 'or'
  | 'add' | 'sub' | 'mul' | 'div' | 'mod'
  | 'like';

/** Every {@link BinaryOperator}. */
export const BINARY_OPERATORS: readonly BinaryOperator[] = [
  'eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'and', 'or', 'add', 'sub', 'mul', 'div', 'mod', 'like',
];

/** `div` is true division (float) on every backend; `div` and `mod` by zero are NULL on every backend. */
export interface BinaryNode {
  /** Discriminant: `binary`. */
  readonly kind: 'binary';
  /** The operator. */
  readonly op: BinaryOperator;
  /** Left operand. */
  readonly left: Expression;
  /** Right operand (the pattern, for `like`). */
  readonly right: Expression;
}

/** Type guard and factory for {@link BinaryNode} plan nodes. */
export const BinaryNode = Object.freeze({
  /** Whether a plan node is a binary operation (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is BinaryNode {
    return node.kind === 'binary';
  },
  /** A frozen `left op right` node. */
  create(op: BinaryOperator, left: Expression, right: Expression): BinaryNode {
    return Object.freeze({ kind: 'binary', op, left, right });
  },
});
