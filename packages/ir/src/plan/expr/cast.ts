import type { DataType } from '../../model/data-type.js';
import type { Expression } from './expression.js';

/**
 * `CAST(expr AS type)`: converts a value to another data type. A value
 * that does not convert (text that is no number, a number out of range)
 * fails the run, as Spark's ANSI cast does; with `orNull` it is NULL
 * instead (`TRY_CAST`).
 */
export interface CastNode {
  /** Discriminant: `cast`. */
  readonly kind: 'cast';
  /** The value to convert. */
  readonly expr: Expression;
  /** The target type. */
  readonly to: DataType;
  /** `true`: a value that does not convert is NULL instead of an error (`TRY_CAST`). */
  readonly orNull?: true;
}

/** Type guard and factory for {@link CastNode} plan nodes. */
export const CastNode = Object.freeze({
  /** Whether a plan node is a cast (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is CastNode {
    return node.kind === 'cast';
  },
  /** A frozen `CAST(expr AS to)` node, or with `orNull` a `TRY_CAST`. */
  create(expr: Expression, to: DataType, orNull?: boolean): CastNode {
    return Object.freeze(orNull === true ? { kind: 'cast', expr, to, orNull: true } : { kind: 'cast', expr, to });
  },
});
