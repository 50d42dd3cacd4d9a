import { call, literalInt } from '../expr-init.js';
import { type SparkFunction, as, same } from './spark-function.js';

/** Aggregates Spark writes its own way. */
export const SPARK_AGGREGATES = {
  count: as((args) => call('count', args.length === 0 ? [literalInt(1)] : args)),
  count_distinct: as((args) => call('count', args, { distinct: true })),
  count_if: same('count_if', '3.0'),
} satisfies Record<string, SparkFunction>;
