import { call, cast } from '../expr-init.js';
import { type SparkFunction, as, same } from './spark-function.js';

/** String functions Spark has under another name or with another argument shape. */
export const SPARK_STRINGS = {
  // Arguments are cast to strings as on every backend (Spark's concat takes strings, binaries or arrays).
  concat: as((args) => call('concat', args.map((a) => cast(a, 'STRING')))),
  starts_with: same('startswith', '3.3'),
  lpad: same('lpad'),
  rpad: same('rpad'),
  instr: same('instr'),
  sha2: same('sha2'),
} satisfies Record<string, SparkFunction>;
