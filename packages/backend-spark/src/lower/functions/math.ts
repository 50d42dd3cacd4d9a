import { type SparkFunction, same } from './spark-function.js';

/** Math functions Spark writes its own way. */
export const SPARK_MATH = {
  round: same('round'),
  log10: same('log10'),
  log2: same('log2'),
  log: same('log'),
  signum: same('signum'),
  sin: same('sin'),
  cos: same('cos'),
  tan: same('tan'),
  cot: same('cot'),
  asin: same('asin'),
  acos: same('acos'),
  atan2: same('atan2'),
  e: same('e'),
  factorial: same('factorial'),
  hex: same('hex'),
  bin: same('bin'),
  pmod: same('pmod'),
  isnan: same('isnan'),
  negative: same('negative'),
  positive: same('positive'),
  bit_count: same('bit_count', '3.0'),
} satisfies Record<string, SparkFunction>;
