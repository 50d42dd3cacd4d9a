/**
 * Window functions whose DuckDB result type differs from Spark's: the
 * window expression (function and OVER clause) is cast to it. Spark's
 * ranks are INT, DuckDB's BIGINT.
 */
export const NATIVE_WINDOW_RESULT_TYPES: Readonly<Record<string, string>> = {
  row_number: 'INTEGER',
  rank: 'INTEGER',
  dense_rank: 'INTEGER',
  ntile: 'INTEGER',
};
