import type { Expression } from './expression.js';

/** Names an output column: `expr AS name`. */
export interface AliasNode {
  readonly kind: 'alias';
  readonly expr: Expression;
  readonly name: string;
}

export const AliasNode = Object.freeze({
  is(node: { readonly kind: string }): node is AliasNode {
    return node.kind === 'alias';
  },
  create(expr: Expression, name: string): AliasNode {
    return Object.freeze({ kind: 'alias', expr, name });
  },
});
