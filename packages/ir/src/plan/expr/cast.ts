import type { DataType } from '../../model/data-type.js';
import type { Expression } from './expression.js';

/** `CAST(expr AS type)`: converts a value to another data type. */
export interface CastNode {
  /** Discriminant: `cast`. */
  readonly kind: 'cast';
  /** The value to convert. */
  readonly expr: Expression;
  /** The target type. */
  readonly to: DataType;
}

/** Type guard and factory for {@link CastNode} plan nodes. */
export const CastNode = Object.freeze({
  /** Whether a plan node is a cast (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is CastNode {
    return node.kind === 'cast';
  },
  /** A frozen `CAST(expr AS to)` node. */
  create(expr: Expression, to: DataType): CastNode {
    return Object.freeze({ kind: 'cast', expr, to });
  },
});
