import { call, cast } from '../expr-init.js';
import { type SparkFunction, as, same } from './spark-function.js';

/** String functions Spark has under another name or with another argument shape. */
export const SPARK_STRINGS = {
  // Arguments are cast to strings as on every backend (Spark's concat takes strings, binaries or arrays).
  concat: as((args) => call('concat', args.map((a) => cast(a, 'STRING')))),
  starts_with: same('startswith', '3.3'),
  // The pattern goes to Spark as written: Spark's Java regular expressions are the reference.
  rlike: same('rlike'),
  regexp_extract: same('regexp_extract'),
  lpad: same('lpad'),
  rpad: same('rpad'),
  instr: same('instr'),
  sha2: same('sha2'),
  left: same('left'),
  right: same('right'),
  repeat: same('repeat'),
  reverse: same('reverse'),
  ascii: same('ascii'),
  octet_length: same('octet_length'),
  bit_length: same('bit_length'),
  initcap: same('initcap'),
  base64: same('base64'),
  chr: same('chr'),
  space: same('space'),
  split_part: same('split_part', '3.3'),
  substring_index: same('substring_index'),
  locate: same('locate'),
  ends_with: same('endswith', '3.3'),
  concat_ws: same('concat_ws'),
  btrim: same('btrim', '3.2'),
  elt: same('elt'),
  find_in_set: same('find_in_set'),
} satisfies Record<string, SparkFunction>;
