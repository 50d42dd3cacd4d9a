import type { Expression } from './expression.js';

/** A call of a function from the function catalog (scalar or aggregate). */
export interface CallNode {
  readonly kind: 'call';
  readonly name: string;
  readonly args: readonly Expression[];
}

export const CallNode = Object.freeze({
  is(node: { readonly kind: string }): node is CallNode {
    return node.kind === 'call';
  },
  create(name: string, args: readonly Expression[]): CallNode {
    return Object.freeze({ kind: 'call', name, args });
  },
});
