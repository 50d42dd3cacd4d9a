import type { Expression } from '../expr/expression.js';
import type { RelationNode } from './relation.js';

/** Keeps every input column and appends one column per window expression (aliased window calls). */
export interface WindowNode {
  readonly kind: 'window';
  readonly input: RelationNode;
  readonly expressions: readonly Expression[];
}

export const WindowNode = Object.freeze({
  is(node: { readonly kind: string }): node is WindowNode {
    return node.kind === 'window';
  },
  create(input: RelationNode, expressions: readonly Expression[]): WindowNode {
    return Object.freeze({ kind: 'window', input, expressions });
  },
});
