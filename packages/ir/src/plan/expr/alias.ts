import type { Expression } from './expression.js';

/** Names an output column: `expr AS name`. */
export interface AliasNode {
  /** Discriminant: `alias`. */
  readonly kind: 'alias';
  /** The expression whose value the column holds. */
  readonly expr: Expression;
  /** The output column name. */
  readonly name: string;
}

/** Type guard and factory for {@link AliasNode} plan nodes. */
export const AliasNode = Object.freeze({
  /** Whether a plan node is an alias (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is AliasNode {
    return node.kind === 'alias';
  },
  /** A frozen `expr AS name` node. */
  create(expr: Expression, name: string): AliasNode {
    return Object.freeze({ kind: 'alias', expr, name });
  },
});
