import type { Expression } from '../expr/expression.js';
import type { RelationNode } from './relation.js';

/** Keeps every input column and appends one column per window expression (aliased window calls). */
export interface WindowNode {
  /** Discriminant: `window`. */
  readonly kind: 'window';
  /** The rows the window functions run over. */
  readonly input: RelationNode;
  /** Aliased window calls, one output column each. */
  readonly expressions: readonly Expression[];
}

/** Type guard and factory for {@link WindowNode} plan nodes. */
export const WindowNode = Object.freeze({
  /** Whether a relation node is a window relation (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is WindowNode {
    return node.kind === 'window';
  },
  /** A frozen window relation node. */
  create(input: RelationNode, expressions: readonly Expression[]): WindowNode {
    return Object.freeze({ kind: 'window', input, expressions });
  },
});
