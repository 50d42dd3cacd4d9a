import { ThundErrorCode } from '../../errors/error-code.js';
import { ThundError } from '../../errors/thund-error.js';
import type { DataType, DecimalType } from '../../model/data-type.js';
import { LiteralNode } from './literal.js';

/** The values an integer type holds. */
export interface IntegerRange {
  /** The smallest value. */
  readonly min: bigint;
  /** The largest value. */
  readonly max: bigint;
}

/** The integer types, each with the smallest and largest value it holds. */
export const INTEGER_RANGES: Readonly<Record<'int8' | 'int16' | 'int32' | 'int64', IntegerRange>> = Object.freeze({
  int8: { min: -(2n ** 7n), max: 2n ** 7n - 1n },
  int16: { min: -(2n ** 15n), max: 2n ** 15n - 1n },
  int32: { min: -(2n ** 31n), max: 2n ** 31n - 1n },
  int64: { min: -(2n ** 63n), max: 2n ** 63n - 1n },
});

/** The widest decimal precision (Spark's and DuckDB's). */
const MAX_DECIMAL_DIGITS = 38;

/** Whether a JS number holds `value` exactly and so do its neighbours (±(2^53 − 1)). */
function isSafe(value: bigint): boolean {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER);
}

/**
 * The type Spark SQL gives an integer literal of this value: int32 when it
 * fits, else int64, else a decimal of its digits (up to 38); `undefined`
 * beyond 38 digits, which no integer or decimal type holds.
 */
export function integerLiteralType(value: bigint): 'int32' | 'int64' | DecimalType | undefined {
  if (value >= INTEGER_RANGES.int32.min && value <= INTEGER_RANGES.int32.max) return 'int32';
  if (value >= INTEGER_RANGES.int64.min && value <= INTEGER_RANGES.int64.max) return 'int64';
  const digits = (value < 0n ? -value : value).toString().length;
  return digits <= MAX_DECIMAL_DIGITS ? { type: 'decimal', precision: digits, scale: 0 } : undefined;
}

/**
 * A literal holding the integer `value` exactly. A safe integer is a JSON
 * number; a larger one is its digits as a string with its type, since a
 * JSON number beyond ±(2^53 − 1) loses digits in most readers (JavaScript's
 * among them). Without `type`, the type is Spark's for the literal
 * (`integerLiteralType`; an int32 or int64 safe integer stays untyped, as
 * its type follows from its value). Throws a ThundError when the value has
 * more than 38 digits or lies outside the integer `type` given.
 */
export function integerLiteral(value: bigint, type?: DataType): LiteralNode {
  const resolved = type ?? integerLiteralType(value);
  if (resolved === undefined) {
    throw new ThundError(ThundErrorCode.Validation, `the integer ${value} has ${value.toString().replace('-', '').length} digits, more than the 38 a decimal holds: write it as a double (${Number(value).toExponential()})`);
  }
  if (typeof resolved === 'string' && resolved in INTEGER_RANGES) {
    const range = INTEGER_RANGES[resolved as keyof typeof INTEGER_RANGES];
    if (value < range.min || value > range.max) {
      throw new ThundError(ThundErrorCode.Validation, `the integer ${value} is outside ${resolved} (${range.min} to ${range.max})`);
    }
  }
  if (!isSafe(value)) return LiteralNode.create(value.toString(), resolved);
  const implied = type === undefined && (resolved === 'int32' || resolved === 'int64');
  return LiteralNode.create(Number(value), implied ? undefined : resolved);
}
