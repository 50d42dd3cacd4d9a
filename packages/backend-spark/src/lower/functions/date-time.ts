import type { Expression } from '@thund/ir';
import { call, cast } from '../expr-init.js';
import { type SparkFunction, as, same } from './spark-function.js';

/** add_interval's unit literal, as Spark's interval type names it (validation has checked it is one). */
function intervalUnit(node: Expression | undefined): string {
  return node?.kind === 'literal' && typeof node.value === 'string' ? node.value.toUpperCase() : 'DAY';
}

/** Spark's function of this name with its second argument (a count of days or months) cast to INT: Spark refuses a BIGINT there. */
const intCount = (name: string): SparkFunction => as((args) => call(name, args.map((arg, i) => (i === 1 ? cast(arg, 'INT') : arg))));

/** Date and time functions Spark has from a later version, or writes its own way. */
export const SPARK_DATE_TIME = {
  day: same('day', '3.4'),
  to_date: same('to_date'),
  date_format: same('date_format'),
  to_timestamp: same('to_timestamp'),
  unix_timestamp: same('unix_timestamp'),
  from_unixtime: same('from_unixtime'),
  minute: same('minute'),
  second: same('second'),
  dayofweek: same('dayofweek'),
  dayofyear: same('dayofyear'),
  quarter: same('quarter'),
  weekofyear: same('weekofyear'),
  last_day: same('last_day'),
  datediff: same('datediff'),
  date_add: intCount('date_add'),
  date_sub: intCount('date_sub'),
  add_months: intCount('add_months'),
  make_date: same('make_date', '3.0'),
  unix_date: same('unix_date', '3.1'),
  date_from_unix_date: same('date_from_unix_date', '3.1'),
  unix_seconds: same('unix_seconds', '3.1'),
  unix_millis: same('unix_millis', '3.1'),
  unix_micros: same('unix_micros', '3.1'),
  timestamp_seconds: same('timestamp_seconds', '3.1'),
  timestamp_millis: same('timestamp_millis', '3.1'),
  timestamp_micros: same('timestamp_micros', '3.1'),
  weekday: same('weekday'),
  next_day: same('next_day'),
  trunc: same('trunc'),
  date_part: same('date_part'),
  timestampdiff: same('timestampdiff', '3.3'),
  // x + n cast to Spark's one-field interval type, so a date plus days stays a date, as in Spark SQL.
  add_interval: as((args, nodes) => call('+', args.slice(0, 2).map((arg, i) => (i === 1 ? cast(arg, `INTERVAL ${intervalUnit(nodes[2])}`) : arg))), '3.3'),
  current_timestamp: same('current_timestamp'),
  current_date: same('current_date'),
} satisfies Record<string, SparkFunction>;
