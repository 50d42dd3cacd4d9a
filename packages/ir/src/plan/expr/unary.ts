import type { Expression } from './expression.js';

export type UnaryOperator = 'not' | 'neg' | 'is_null' | 'is_not_null';

export const UNARY_OPERATORS: readonly UnaryOperator[] = ['not', 'neg', 'is_null', 'is_not_null'];

export interface UnaryNode {
  readonly kind: 'unary';
  readonly op: UnaryOperator;
  readonly expr: Expression;
}

export const UnaryNode = Object.freeze({
  is(node: { readonly kind: string }): node is UnaryNode {
    return node.kind === 'unary';
  },
  create(op: UnaryOperator, expr: Expression): UnaryNode {
    return Object.freeze({ kind: 'unary', op, expr });
  },
});
