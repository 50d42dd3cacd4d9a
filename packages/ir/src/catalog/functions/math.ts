import { type ArgumentRule, fn, shared } from '../function-signature.js';
import { isInteger } from '../../infer/type-algebra.js';
import { FLOOR_TYPE, ROUND_TYPE, commonOf, sameAs } from '../result-types.js';
import { type TypeRule, typeRule } from '../type-rule.js';

/** Refuses an argument other than an integer, a string or a binary (Spark casts no other type for `name`). */
const integerStringOrBinary = (name: string): ArgumentRule => ([arg]) => {
  const type = arg?.type;
  if (type === null || type === undefined || isInteger(type) || type === 'utf8' || type === 'binary') return undefined;
  return `${name} takes an integer, a string or a binary; cast the argument to one of them first`;
};

/** Spark's shifts: a BIGINT stays a BIGINT, a smaller integer becomes an INT. */
const SHIFT_TYPE: TypeRule = typeRule('int64 for a BIGINT, else int32', (args) => {
  const type = args[0]?.type;
  if (type === null || type === undefined) return type;
  return type === 'int64' ? 'int64' : 'int32';
});

/** Refuses decimal arguments (the function's decimal result follows rules Þund does not reproduce). */
const noDecimals = (name: string): ArgumentRule => (args) => {
  const decimal = args.find((a) => typeof a.type === 'object' && a.type !== null && a.type.type === 'decimal');
  return decimal === undefined ? undefined : `${name} of a decimal is refused: cast the decimal to double first`;
};

/** Why the try_ functions refuse decimals. */
const DECIMAL_NOTE = 'Decimal arguments are refused (Spark types the result by its own precision rules): cast them to double first.';

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
  fn('log10', 'scalar', ['numeric'], 'float64', 'Base-10 logarithm; NULL for zero or a negative number.'),
  fn('log2', 'scalar', ['numeric'], 'float64', 'Base-2 logarithm; NULL for zero or a negative number.'),
  fn('log', 'scalar', ['numeric', 'numeric'], 'float64', 'Logarithm of the second argument to the base of the first (`log(x)` alone is the natural one); NULL where either is zero or negative.', { min: 1 }),
  shared('cbrt', 'scalar', ['numeric'], 'float64', 'Cube root.'),
  fn('signum', 'scalar', ['numeric'], 'float64', 'Sign of the number as a double: -1.0, 0.0 (or -0.0) or 1.0; NaN for NaN.', { aliases: ['sign'] }),
  fn('sin', 'scalar', ['numeric'], 'float64', 'Sine of an angle in radians; NaN for an infinite one.'),
  fn('cos', 'scalar', ['numeric'], 'float64', 'Cosine of an angle in radians; NaN for an infinite one.'),
  fn('tan', 'scalar', ['numeric'], 'float64', 'Tangent of an angle in radians; NaN for an infinite one.'),
  fn('cot', 'scalar', ['numeric'], 'float64', 'Cotangent (1 / tan) of an angle in radians; infinite at 0.'),
  fn('asin', 'scalar', ['numeric'], 'float64', 'Arc sine in radians; NaN outside [-1, 1].'),
  fn('acos', 'scalar', ['numeric'], 'float64', 'Arc cosine in radians; NaN outside [-1, 1].'),
  shared('atan', 'scalar', ['numeric'], 'float64', 'Arc tangent in radians.'),
  fn('atan2', 'scalar', ['numeric', 'numeric'], 'float64', 'Angle in radians of the point (x, y), given y then x; -0.0 is read as 0.0, as in Spark.'),
  shared('sinh', 'scalar', ['numeric'], 'float64', 'Hyperbolic sine.'),
  shared('cosh', 'scalar', ['numeric'], 'float64', 'Hyperbolic cosine.'),
  shared('tanh', 'scalar', ['numeric'], 'float64', 'Hyperbolic tangent.'),
  shared('degrees', 'scalar', ['numeric'], 'float64', 'Radians converted to degrees.'),
  shared('radians', 'scalar', ['numeric'], 'float64', 'Degrees converted to radians.'),
  shared('pi', 'scalar', [], 'float64', 'The constant π.'),
  fn('e', 'scalar', [], 'float64', 'The constant e.'),
  fn('rand', 'scalar', ['integer_literal'], 'float64', 'A random double in [0, 1), drawn for each row: another sequence on each engine and each run (compare what it decides, never its values).', {
    min: 0,
    aliases: ['random'],
    notes: ['rand(seed) is refused: a seed picks Spark\'s own sequence for each partition, which no other engine reproduces.'],
    refuse: (args) => (args.length > 0 ? 'a seed picks Spark\'s own sequence for each partition, which no other engine reproduces: call rand() without one' : undefined),
  }),
  fn('factorial', 'scalar', ['integer'], 'int64', 'n! for n from 0 to 20; NULL outside that range.'),
  fn('hex', 'scalar', ['any'], 'utf8', 'Upper-case hexadecimal text of an integer (two\'s complement of its BIGINT), or of a string\'s UTF-8 bytes or a binary.', {
    refuse: integerStringOrBinary('hex'),
  }),
  fn('bin', 'scalar', ['integer'], 'utf8', 'Binary digits of an integer (two\'s complement of its BIGINT for a negative one).'),
  fn('pmod', 'scalar', ['integer', 'integer'], commonOf(), 'The positive remainder of a division (pmod(-7, 3) = 2); a divisor of 0 is an error.'),
  fn('isnan', 'scalar', ['numeric'], 'bool', 'Whether the number is NaN; false for NULL.'),
  fn('negative', 'scalar', ['numeric'], sameAs(0), 'The number negated; the smallest integer of its type is an overflow error.'),
  fn('positive', 'scalar', ['numeric'], sameAs(0), 'The number itself.'),
  fn('bit_count', 'scalar', ['integer'], 'int32', 'Number of bits set in the integer\'s BIGINT (two\'s complement: bit_count(-1) = 64).'),
  fn('rint', 'scalar', ['numeric'], 'float64', 'The double closest to the argument that is an integer, halves to the even one.'),
  fn('sec', 'scalar', ['numeric'], 'float64', 'Secant (1 / cos) of an angle in radians.'),
  fn('csc', 'scalar', ['numeric'], 'float64', 'Cosecant (1 / sin) of an angle in radians.'),
  fn('shiftleft', 'scalar', ['integer', 'integer'], SHIFT_TYPE, 'The integer shifted left by n bits (n taken mod 32 for an INT, mod 64 for a BIGINT), overflowing as Java does.'),
  fn('shiftright', 'scalar', ['integer', 'integer'], SHIFT_TYPE, 'The integer shifted right by n bits, keeping its sign (n mod 32 or 64).'),
  fn('shiftrightunsigned', 'scalar', ['integer', 'integer'], SHIFT_TYPE, 'The integer shifted right by n bits, filling with zeros (n mod 32 or 64).'),
  fn('bit_get', 'scalar', ['integer', 'integer'], 'int8', 'The bit (0 or 1) at a position of the integer, 0 the lowest; a position outside the type is an error.', { aliases: ['getbit'] }),
  fn('try_divide', 'scalar', ['numeric', 'numeric'], 'float64', 'The quotient as a double; NULL for a divisor of 0.', {
    refuse: noDecimals('try_divide'),
    notes: [DECIMAL_NOTE],
  }),
  fn('try_add', 'scalar', ['numeric', 'numeric'], commonOf(), 'The sum; NULL where it overflows its type.', { refuse: noDecimals('try_add'), notes: [DECIMAL_NOTE] }),
  fn('try_subtract', 'scalar', ['numeric', 'numeric'], commonOf(), 'The difference; NULL where it overflows its type.', { refuse: noDecimals('try_subtract'), notes: [DECIMAL_NOTE] }),
  fn('try_multiply', 'scalar', ['numeric', 'numeric'], commonOf(), 'The product; NULL where it overflows its type.', { refuse: noDecimals('try_multiply'), notes: [DECIMAL_NOTE] }),
  fn('try_mod', 'scalar', ['numeric', 'numeric'], commonOf(), 'The remainder (with the sign of the dividend); NULL for a divisor of 0.', { refuse: noDecimals('try_mod'), notes: [DECIMAL_NOTE] }),
  fn('div', 'scalar', ['integer', 'integer'], 'int64', 'The integer quotient, cut toward zero; a divisor of 0 is an error.'),
] as const;
