import { call, literalInt } from '../expr-init.js';
import { type SparkFunction, as, same } from './spark-function.js';

/** Aggregates Spark writes its own way. */
export const SPARK_AGGREGATES = {
  count: as((args) => call('count', args.length === 0 ? [literalInt(1)] : args)),
  count_distinct: as((args) => call('count', args, { distinct: true })),
  count_if: same('count_if', '3.0'),
  first: same('first'),
  last: same('last'),
  any_value: same('any_value', '3.4'),
  max_by: same('max_by', '3.0'),
  min_by: same('min_by', '3.0'),
  median: same('median', '3.4'),
  percentile: same('percentile'),
  percentile_approx: same('percentile_approx', '3.1'),
} satisfies Record<string, SparkFunction>;
