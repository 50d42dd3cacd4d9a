import type { Expression } from './expression.js';

/** `expr IN (list…)`. */
export interface InListNode {
  readonly kind: 'in';
  readonly expr: Expression;
  readonly list: readonly Expression[];
}

export const InListNode = Object.freeze({
  is(node: { readonly kind: string }): node is InListNode {
    return node.kind === 'in';
  },
  create(expr: Expression, list: readonly Expression[]): InListNode {
    return Object.freeze({ kind: 'in', expr, list });
  },
});
