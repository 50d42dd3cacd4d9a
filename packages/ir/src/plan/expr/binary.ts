import type { Expression } from './expression.js';

export type BinaryOperator =
  | 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte'
  | 'and' | 'or'
  | 'add' | 'sub' | 'mul' | 'div' | 'mod'
  | 'like';

export const BINARY_OPERATORS: readonly BinaryOperator[] = [
  'eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'and', 'or', 'add', 'sub', 'mul', 'div', 'mod', 'like',
];

/** `div` is true division (float) on every backend; `div` and `mod` by zero are NULL on every backend. */
export interface BinaryNode {
  readonly kind: 'binary';
  readonly op: BinaryOperator;
  readonly left: Expression;
  readonly right: Expression;
}

export const BinaryNode = Object.freeze({
  is(node: { readonly kind: string }): node is BinaryNode {
    return node.kind === 'binary';
  },
  create(op: BinaryOperator, left: Expression, right: Expression): BinaryNode {
    return Object.freeze({ kind: 'binary', op, left, right });
  },
});
