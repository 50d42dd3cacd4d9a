import type { DataType, Expression } from '@thund/ir';
import type { Lowering } from './lowering.js';
import { OVER, decimalOf, isIntegerType } from './lowering.js';

/**
 * Spark's avg of a decimal(p,s): decimal(p+4,s+4), the exact mean rounded
 * half away from zero (DuckDB's is a double): the sum's unscaled integer
 * times 10^4 over the count, rounded, scaled back.
 */
function decimalAverage(x: string, precision: number, scale: number): string {
  const unscaled = `CAST(sum(${x})${OVER} * ${10n ** BigInt(scale)} AS HUGEINT)`;
  const n = `CAST(count(${x})${OVER} AS HUGEINT)`;
  const rounded = `sign(${unscaled}) * ((abs(${unscaled}) * 20000 + ${n}) // (2 * ${n}))`;
  const resultScale = Math.min(38, scale + 4);
  return `CAST(CAST(${rounded} AS DECIMAL(38,0)) * CAST('1e-${scale + 4}' AS DECIMAL(${scale + 5},${scale + 4})) AS DECIMAL(${Math.min(38, precision + 4)},${resultScale}))`;
}

/**
 * Spark's percentile_approx while its summary holds every row: the
 * ceil(p × n)-th smallest non-null value (p times n in doubles, as Spark
 * computes it).
 */
function percentileApprox(x: string, fraction: string, type: DataType | undefined): string {
  // Spark's summary holds a BIGINT as a double: beyond 2^53 the answer is the double's value (saturated at the ends, as Java casts).
  const held = type === 'int64' ? `CAST(${x} AS DOUBLE)` : x;
  const values = `list_filter(list(${held})${OVER}, v -> v IS NOT NULL)`;
  const answer = `list_sort(${values})[greatest(1, CAST(ceil(CAST(${fraction} AS DOUBLE) * len(${values})) AS BIGINT))]`;
  if (type !== 'int64') return answer;
  return `(CASE WHEN ${answer} >= 9223372036854775807 THEN 9223372036854775807 ELSE CAST(${answer} AS BIGINT) END)`;
}

/** Whether the ignoreNulls argument of first, last or any_value is TRUE. */
const ignoresNulls = (flag: Expression | undefined): boolean => flag?.kind === 'literal' && flag.value === true;

/** Aggregates whose DuckDB form differs from Spark's. */
export const NATIVE_AGGREGATES = {
  count: (args) => (args.length === 0 ? 'count(*)' : `count(${args.join(', ')})`),
  count_distinct: (args) => `count(DISTINCT ${args[0]})`,
  // DuckDB's count_if is a HUGEINT sum, NULL over no true-or-false row; Spark's a BIGINT count, 0 then.
  count_if: ([x]) => `count(CASE WHEN ${x} THEN 1 END)`,
  // arg_max_null: a NULL first argument on the chosen row is the answer, as in Spark (arg_max would skip that row).
  first: ([x], nodes) => (ignoresNulls(nodes[1]) ? `first(${x}) FILTER (WHERE ${x} IS NOT NULL)${OVER}` : `first(${x})${OVER}`),
  last: ([x], nodes) => (ignoresNulls(nodes[1]) ? `last(${x}) FILTER (WHERE ${x} IS NOT NULL)${OVER}` : `last(${x})${OVER}`),
  // DuckDB's any_value skips NULLs; without TRUE, Spark's may be NULL (the first row's value, as first gives).
  any_value: ([x], nodes) => (ignoresNulls(nodes[1]) ? `any_value(${x})${OVER}` : `first(${x})${OVER}`),
  max_by: ([x, by]) => `arg_max_null(${x}, ${by})`,
  min_by: ([x, by]) => `arg_min_null(${x}, ${by})`,
  // Spark interpolates in doubles (a decimal's median has more digits than the decimal).
  median: ([x]) => `quantile_cont(CAST(${x} AS DOUBLE), 0.5)`,
  percentile: ([x, p]) => `quantile_cont(CAST(${x} AS DOUBLE), ${p})`,
  percentile_approx: ([x, p], _nodes, [type]) => percentileApprox(x as string, p as string, type),
  // Spark averages integers as doubles (DuckDB exactly, then rounds once); a type not known is left to DuckDB.
  avg: ([x], _nodes, [type]) => {
    const decimal = decimalOf(type);
    if (decimal !== undefined) return decimalAverage(x as string, decimal.precision, decimal.scale);
    return isIntegerType(type) ? `avg(CAST(${x} AS DOUBLE))` : `avg(${x})`;
  },
} satisfies Record<string, Lowering>;
