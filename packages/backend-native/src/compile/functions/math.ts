import { type Lowering, decimalOf, integerLiteral, isIntegerType, plain } from './lowering.js';
import { sparkRound } from './spark-rounding.js';

/**
 * Spark's floor/ceil: an integer or a double is a BIGINT (NaN is 0, a
 * value beyond BIGINT an error, as Spark's ANSI mode has it), a
 * decimal(p,s) a decimal(p-s+1,0).
 */
const floorOrCeil = (fn: 'floor' | 'ceil'): Lowering => ([x], _nodes, [type]) => {
  if (isIntegerType(type)) return `CAST(${x} AS BIGINT)`;
  const decimal = decimalOf(type);
  if (decimal !== undefined) return `CAST(${fn}(${x}) AS DECIMAL(${Math.min(38, decimal.precision - decimal.scale + 1)},0))`;
  return `(CASE WHEN isnan(${x}) THEN CAST(0 AS BIGINT) ELSE CAST(${fn}(${x}) AS BIGINT) END)`;
};

/** Math functions DuckDB has, where Spark's answer differs or DuckDB lacks the name. */
export const NATIVE_MATH = {
  floor: floorOrCeil('floor'),
  ceil: floorOrCeil('ceil'),
  // Spark rounds half away from zero, a double as the decimal it prints, and raises on an integer overflow.
  round: (args, nodes, [type]) => {
    const digits = integerLiteral(nodes[1]) ?? 0;
    return sparkRound(args[0] as string, digits, 'half_up', type) ?? `round(${args.join(', ')})`;
  },
  // Spark: the root of a negative number is NaN (DuckDB raises).
  sqrt: ([x]) => `(CASE WHEN ${x} < 0 THEN CAST('NaN' AS DOUBLE) ELSE sqrt(${x}) END)`,
  // Spark: the logarithm of zero or a negative number is NULL (DuckDB raises).
  ln: ([x]) => `(CASE WHEN ${x} <= 0 THEN NULL ELSE ln(${x}) END)`,
  // Java's Math.pow, not C's: a NaN exponent gives NaN (C: pow(1, NaN) = 1), and so does ±1 to an infinite power.
  // abs of the base as a double: abs of the smallest integer overflows its type.
  power: ([b, e]) => `(CASE WHEN isnan(${e}) OR (abs(CAST(${b} AS DOUBLE)) = 1 AND isinf(${e})) THEN CAST('NaN' AS DOUBLE) ELSE pow(${b}, ${e}) END)`,
  abs: plain('abs'),
} satisfies Record<string, Lowering>;

