import type { FunctionName } from '@thund/ir';
import fc from 'fast-check';
import { DATE_FORMAT_PATTERNS, FROM_UNIXTIME_SIGNATURES, TO_TIMESTAMP_SIGNATURES, UNIX_TIMESTAMP_SIGNATURES } from './datetime-pattern-inputs.js';
import type { FunctionInputs } from './function-signatures.js';
import { NESTED_FUNCTION_INPUTS } from './nested-function-inputs.js';

/** A count of characters or repetitions (lpad, rpad, left, right, repeat): small, so no row grows to gigabytes; 0 and negative ones are edges. */
const SMALL_COUNTS = { types: { 1: ['int32'] }, values: { 1: fc.option(fc.integer({ min: -3, max: 12 }), { nil: null }) }, edges: { 1: [null, -1, 0, 1, 3, 8] } } as const;
/** Days or months to add: within a few centuries of the dates tried, where both engines have dates. */
const DATE_COUNTS = { types: { 1: ['int32'] }, values: { 1: fc.option(fc.integer({ min: -100_000, max: 100_000 }), { nil: null }) }, edges: { 1: [null, 0, 1, -1, 29, -366] } } as const;

/**
 * How the differential tests each cataloged function (an entry per
 * function, so a new function does not compile until it says): `{}`
 * derives its signatures from the catalog's argument classes.
 */
export const FUNCTION_INPUTS: Readonly<Record<FunctionName, FunctionInputs>> = {
  // math
  abs: {},
  round: { literals: { 1: [0, 1, 2, -1] } },
  floor: {},
  ceil: {},
  sqrt: {},
  power: {},
  ln: {},
  exp: {},
  greatest: {},
  least: {},
  // strings
  upper: {},
  lower: {},
  length: {},
  trim: {},
  ltrim: {},
  rtrim: {},
  substring: {},
  concat: {},
  replace: {},
  starts_with: {},
  lpad: SMALL_COUNTS,
  rpad: SMALL_COUNTS,
  instr: {},
  md5: {},
  sha1: {},
  sha2: { literals: { 1: [0, 256] } },
  left: SMALL_COUNTS,
  right: SMALL_COUNTS,
  repeat: SMALL_COUNTS,
  reverse: {},
  ascii: {},
  octet_length: {},
  bit_length: {},
  // conditional
  coalesce: {},
  nullif: {},
  // date and time
  year: {},
  month: {},
  day: {},
  hour: {},
  date_trunc: { literals: { 0: ['year', 'month', 'day', 'hour', 'minute'] } },
  to_date: {},
  date_format: { literals: { 1: DATE_FORMAT_PATTERNS } },
  to_timestamp: { signatures: TO_TIMESTAMP_SIGNATURES },
  unix_timestamp: { signatures: UNIX_TIMESTAMP_SIGNATURES },
  from_unixtime: { signatures: FROM_UNIXTIME_SIGNATURES },
  minute: {},
  second: {},
  dayofweek: {},
  dayofyear: {},
  quarter: {},
  weekofyear: {},
  last_day: {},
  datediff: {},
  date_add: DATE_COUNTS,
  date_sub: DATE_COUNTS,
  add_months: { ...DATE_COUNTS, values: { 1: fc.option(fc.integer({ min: -3_000, max: 3_000 }), { nil: null }) } },
  // aggregates
  count: {},
  count_distinct: {},
  sum: { moderate: true },
  avg: { moderate: true },
  min: {},
  max: {},
  stddev: { moderate: true },
  stddev_pop: { moderate: true },
  var_samp: { moderate: true },
  var_pop: { moderate: true },
  count_if: {},
  bool_and: {},
  bool_or: {},
  // windows
  row_number: {},
  rank: { order: 'peers' },
  dense_rank: { order: 'peers' },
  lag: { literals: { 1: [1, 2] } },
  lead: { literals: { 1: [1, 2] } },
  ntile: { literals: { 0: [1, 2, 3] } },
  percent_rank: { order: 'peers' },
  cume_dist: { order: 'peers' },
  ...NESTED_FUNCTION_INPUTS,
};
