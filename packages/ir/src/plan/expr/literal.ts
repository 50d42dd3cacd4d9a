import type { DataType } from '../../model/data-type.js';

/** The JSON value of a literal; dates, timestamps, decimals and integers beyond ±(2^53 − 1) are written as strings. */
export type LiteralValue = string | number | boolean | null;

/**
 * A constant. Without `type`, integers are int32 when they fit 32 bits and
 * int64 beyond (up to ±(2^53 − 1), what a JS number holds exactly), other
 * numbers float64, strings utf8. With `type`, the value is converted:
 * dates, timestamps and decimals are written as strings (`"2024-01-31"`,
 * `"12.50"`), and so are integers beyond ±(2^53 − 1), with their type
 * (`{ value: "9007199254740993", type: "int64" }`; see `integerLiteral`).
 */
export interface LiteralNode {
  /** Discriminant: `literal`. */
  readonly kind: 'literal';
  /** The constant, as JSON. */
  readonly value: LiteralValue;
  /** Explicit type the value is converted to; inferred from the value when absent. */
  readonly type?: DataType;
}

/** Type guard and factory for {@link LiteralNode} plan nodes. */
export const LiteralNode = Object.freeze({
  /** Whether a plan node is a literal (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is LiteralNode {
    return node.kind === 'literal';
  },
  /** A frozen literal; leaves `type` out when it is undefined. */
  create(value: LiteralValue, type?: DataType): LiteralNode {
    return Object.freeze(type === undefined ? { kind: 'literal', value } : { kind: 'literal', value, type });
  },
});
