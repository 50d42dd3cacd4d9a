import { call, literalInt } from '../expr-init.js';
import { type SparkFunction, as } from './spark-function.js';

/** Aggregates Spark writes its own way. */
export const SPARK_AGGREGATES = {
  count: as((args) => call('count', args.length === 0 ? [literalInt(1)] : args)),
  count_distinct: as((args) => call('count', args, { distinct: true })),
} satisfies Record<string, SparkFunction>;
