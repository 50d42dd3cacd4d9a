import type { Lowering } from './lowering.js';

/** Conditionals and NULL handling whose DuckDB form differs from Spark's. */
export const NATIVE_CONDITIONAL = {
  nvl2: ([x, then, otherwise]) => `(CASE WHEN ${x} IS NOT NULL THEN ${then} ELSE ${otherwise} END)`,
  isnull: ([x]) => `(${x} IS NULL)`,
  isnotnull: ([x]) => `(${x} IS NOT NULL)`,
  nanvl: ([x, otherwise]) => `(CASE WHEN isnan(CAST(${x} AS DOUBLE)) THEN CAST(${otherwise} AS DOUBLE) ELSE CAST(${x} AS DOUBLE) END)`,
  equal_null: ([a, b]) => `(${a} IS NOT DISTINCT FROM ${b})`,
  nullifzero: ([x]) => `nullif(${x}, 0)`,
} satisfies Record<string, Lowering>;
