import { type SparkFunction, same } from './spark-function.js';

/** Conditionals and NULL handling, under Spark's own names. */
export const SPARK_CONDITIONAL = {
  nvl2: same('nvl2'),
  isnull: same('isnull'),
  isnotnull: same('isnotnull'),
  nanvl: same('nanvl'),
  equal_null: same('equal_null', '3.4'),
  nullifzero: same('nullifzero', '4.0'),
} satisfies Record<string, SparkFunction>;
