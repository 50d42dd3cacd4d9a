import type { Lowering } from './lowering.js';
import { decimalOf, isIntegerType } from './lowering.js';

/**
 * Spark's avg of a decimal(p,s): decimal(p+4,s+4), the exact mean rounded
 * half away from zero (DuckDB's is a double): the sum's unscaled integer
 * times 10^4 over the count, rounded, scaled back.
 */
function decimalAverage(x: string, precision: number, scale: number): string {
  const unscaled = `CAST(sum(${x}) * ${10n ** BigInt(scale)} AS HUGEINT)`;
  const n = `CAST(count(${x}) AS HUGEINT)`;
  const rounded = `sign(${unscaled}) * ((abs(${unscaled}) * 20000 + ${n}) // (2 * ${n}))`;
  const resultScale = Math.min(38, scale + 4);
  return `CAST(CAST(${rounded} AS DECIMAL(38,0)) * CAST('1e-${scale + 4}' AS DECIMAL(${scale + 5},${scale + 4})) AS DECIMAL(${Math.min(38, precision + 4)},${resultScale}))`;
}

/** Aggregates whose DuckDB form differs from Spark's. */
export const NATIVE_AGGREGATES = {
  count: (args) => (args.length === 0 ? 'count(*)' : `count(${args.join(', ')})`),
  count_distinct: (args) => `count(DISTINCT ${args[0]})`,
  // DuckDB's count_if is a HUGEINT sum, NULL over no true-or-false row; Spark's a BIGINT count, 0 then.
  count_if: ([x]) => `count(CASE WHEN ${x} THEN 1 END)`,
  // Spark averages integers as doubles (DuckDB exactly, then rounds once); a type not known is left to DuckDB.
  avg: ([x], _nodes, [type]) => {
    const decimal = decimalOf(type);
    if (decimal !== undefined) return decimalAverage(x as string, decimal.precision, decimal.scale);
    return isIntegerType(type) ? `avg(CAST(${x} AS DOUBLE))` : `avg(${x})`;
  },
} satisfies Record<string, Lowering>;
