import { fn, shared } from '../function-signature.js';
import { FLOOR_TYPE, ROUND_TYPE, commonOf, sameAs } from '../result-types.js';

/** Numeric functions. */
export const MATH = [
  shared('abs', 'scalar', ['numeric'], sameAs(0), 'Absolute value; the smallest integer of its type is an overflow error (Spark\'s ANSI mode).'),
  fn('round', 'scalar', ['numeric', 'integer_literal'], ROUND_TYPE, 'Round half away from zero to `digits` decimals (default 0).', {
    min: 1,
    notes: ['A double is rounded as the decimal Java prints for it (round(1.005, 2) = 1.01), as Spark does; an integer that overflows its type is an error.'],
  }),
  shared('floor', 'scalar', ['numeric'], FLOOR_TYPE, 'Largest integer not greater than the argument.', {
    notes: ['A double beyond BIGINT is an overflow error and NaN is 0, as in Spark.'],
  }),
  shared('ceil', 'scalar', ['numeric'], FLOOR_TYPE, 'Smallest integer not less than the argument.', {
    aliases: ['ceiling'],
    notes: ['A double beyond BIGINT is an overflow error and NaN is 0, as in Spark.'],
  }),
  shared('sqrt', 'scalar', ['numeric'], 'float64', 'Square root; NaN for a negative number.'),
  shared('power', 'scalar', ['numeric', 'numeric'], 'float64', 'Base raised to exponent.', { aliases: ['pow'] }),
  shared('ln', 'scalar', ['numeric'], 'float64', 'Natural logarithm; NULL for zero or a negative number.'),
  shared('exp', 'scalar', ['numeric'], 'float64', 'e raised to the argument.'),
  shared('greatest', 'scalar', ['any'], commonOf(), 'Largest non-null argument (NaN above every number).', { min: 2, max: null }),
  shared('least', 'scalar', ['any'], commonOf(), 'Smallest non-null argument.', { min: 2, max: null }),
] as const;
