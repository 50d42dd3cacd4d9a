import type { Expression } from './expression.js';

/**
 * `expr.name`: a field of a struct (Spark's `a.b`). The name is matched
 * case-insensitively, as Spark resolves it; NULL when the struct is NULL.
 */
export interface FieldNode {
  /** Discriminant: `field`. */
  readonly kind: 'field';
  /** The struct. */
  readonly expr: Expression;
  /** The field's name. */
  readonly name: string;
}

/** Type guard and factory for {@link FieldNode} plan nodes. */
export const FieldNode = Object.freeze({
  /** Whether a plan node is a field access (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is FieldNode {
    return node.kind === 'field';
  },
  /** A frozen `expr.name` node. */
  create(expr: Expression, name: string): FieldNode {
    return Object.freeze({ kind: 'field', expr, name });
  },
});
