import type { DataType } from '../../model/data-type.js';

export type LiteralValue = string | number | boolean | null;

/**
 * A constant. Without `type`, integers are int32 when they fit 32 bits and
 * int64 beyond (up to ±2^53, what a JS number holds exactly), other numbers float64,
 * strings utf8. With `type`, the value is converted: dates, timestamps and
 * decimals are written as strings (`"2024-01-31"`, `"12.50"`).
 */
export interface LiteralNode {
  readonly kind: 'literal';
  readonly value: LiteralValue;
  readonly type?: DataType;
}

export const LiteralNode = Object.freeze({
  is(node: { readonly kind: string }): node is LiteralNode {
    return node.kind === 'literal';
  },
  create(value: LiteralValue, type?: DataType): LiteralNode {
    return Object.freeze(type === undefined ? { kind: 'literal', value } : { kind: 'literal', value, type });
  },
});
