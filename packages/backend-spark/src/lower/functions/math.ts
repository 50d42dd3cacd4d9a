import { type SparkFunction, same } from './spark-function.js';

/** Math functions Spark writes its own way. */
export const SPARK_MATH = {
  round: same('round'),
} satisfies Record<string, SparkFunction>;
