import { duckdbType } from '../duckdb-types.js';
import type { DataType } from '@thund/ir';
import { decimalOf, isFloatType, isIntegerType, refusedInput } from './lowering.js';

/** Spark's rounding modes of `round` (half away from zero) and `bround` (half to even). */
export type RoundingMode = 'half_up' | 'half_even';

const decimalRound = (mode: RoundingMode) => (mode === 'half_up' ? 'round' : 'round_even');

/**
 * Spark rounds a double as the decimal its `Double.toString` prints
 * (round(1.005, 2) is 1.01; in binary it is 1.00499…, which DuckDB rounds
 * to 1.0): the double's shortest text (DuckDB prints the same digits) as an
 * exact decimal, rounded, back to a double. The decimal's scale follows the
 * magnitude so every digit fits in 38; NaN and ±Infinity stay themselves.
 */
function roundDouble(x: string, digits: number, mode: RoundingMode, type: string): string {
  const fn = decimalRound(mode);
  const via = (scale: number) => `CAST(${fn}(CAST(CAST(${x} AS VARCHAR) AS DECIMAL(38,${scale})), ${digits}) AS ${type})`;
  const tiny = digits < 20 ? `CAST(0 AS ${type})` : refusedInput(`round of a double below 1e-20 to ${digits} digits`);
  const huge = digits >= -20 ? x : refusedInput(`round of a double beyond 1e36 to ${digits} digits`);
  return `(CASE WHEN ${x} IS NULL OR isnan(${x}) OR isinf(${x}) THEN ${x} WHEN abs(${x}) < 1e-20 THEN ${tiny} WHEN abs(${x}) < 1 THEN ${via(37)} `
    + `WHEN abs(${x}) < 1e16 THEN ${via(21)} WHEN abs(${x}) < 1e36 THEN ${via(0)} ELSE ${huge} END)`;
}

/**
 * An integer rounded to `digits` < 0 places, computed wide and cast back
 * (an overflow is an error, as Spark's ANSI mode raises it); rounding an
 * integer to digits ≥ 0 leaves it as it is.
 */
function roundInteger(x: string, digits: number, mode: RoundingMode, type: DataType): string {
  if (digits >= 0) return x;
  return `CAST(${decimalRound(mode)}(CAST(${x} AS DECIMAL(38,0)), ${Math.max(digits, -38)}) AS ${duckdbType(type)})`;
}

/**
 * Spark's `round`/`bround` of a number of a known type; `undefined` when
 * the type is not known (the caller falls back to DuckDB's own rounding).
 * A decimal(p,s) result is typed as Spark types it (see ROUND_TYPE).
 */
export function sparkRound(x: string, digits: number, mode: RoundingMode, type: DataType | undefined): string | undefined {
  if (isIntegerType(type) && type !== undefined) return roundInteger(x, digits, mode, type);
  if (isFloatType(type)) return roundDouble(x, digits, mode, type === 'float32' ? 'FLOAT' : 'DOUBLE');
  const decimal = decimalOf(type);
  if (decimal === undefined) return undefined;
  const scale = Math.max(0, Math.min(digits, decimal.scale));
  const integral = decimal.precision - decimal.scale + 1;
  const precision = Math.min(38, digits < 0 ? Math.max(integral, 1 - digits) : integral + scale);
  const result = `DECIMAL(${precision},${scale})`;
  if (digits >= decimal.scale) return `CAST(${x} AS ${result})`;
  if (mode === 'half_up') return `CAST(round(${x}, ${digits}) AS ${result})`;
  return `CAST(${halfEvenDecimal(x, decimal.scale, decimal.scale - digits)} AS ${result})`;
}

/**
 * A decimal of scale `scale` rounded half to even, `drop` digits fewer
 * (DuckDB's round_even goes through a double): its unscaled integer split
 * into quotient and remainder by 10^drop, the quotient stepped away from
 * zero past half (at half, when odd), scaled back exactly.
 */
function halfEvenDecimal(x: string, scale: number, drop: number): string {
  const unscaled = `CAST(${x} * ${10n ** BigInt(scale)} AS HUGEINT)`;
  const unit = `CAST(${10n ** BigInt(Math.min(drop, 38))} AS HUGEINT)`;
  const q = `(${unscaled} // ${unit})`;
  const r = `abs(${unscaled} % ${unit})`;
  const step = `(CASE WHEN 2 * ${r} > ${unit} OR (2 * ${r} = ${unit} AND ${q} % 2 <> 0) THEN sign(${unscaled}) ELSE 0 END)`;
  const kept = scale - drop;
  const scaled = `CAST(${q} + ${step} AS DECIMAL(38,0))`;
  return kept > 0 ? `(${scaled} * CAST('1e-${kept}' AS DECIMAL(${kept + 1},${kept})))` : `(${scaled} * ${10n ** BigInt(-kept)})`;
}
