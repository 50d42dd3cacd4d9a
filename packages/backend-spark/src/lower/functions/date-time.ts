import { type SparkFunction, same } from './spark-function.js';

/** Date and time functions Spark has from a later version, or writes its own way. */
export const SPARK_DATE_TIME = {
  day: same('day', '3.4'),
  to_date: same('to_date'),
} satisfies Record<string, SparkFunction>;
