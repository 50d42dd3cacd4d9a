import type { FunctionName } from '@thund/ir';
import type { FunctionInputs } from './function-signatures.js';
import { NESTED_FUNCTION_INPUTS } from './nested-function-inputs.js';

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
  // aggregates
  count: {},
  count_distinct: {},
  sum: { moderate: true },
  avg: { moderate: true },
  min: {},
  max: {},
  stddev: { moderate: true },
  // windows
  row_number: {},
  rank: { order: 'peers' },
  dense_rank: { order: 'peers' },
  lag: { literals: { 1: [1, 2] } },
  lead: { literals: { 1: [1, 2] } },
  ...NESTED_FUNCTION_INPUTS,
};
