import type { DataType } from '@thund/ir';
import { type Lowering, decimalOf, integerLiteral, isIntegerType, plain } from './lowering.js';
import { sparkRound } from './spark-rounding.js';

/**
 * Spark's floor/ceil: an integer or a double is a BIGINT (NaN is 0, a
 * value beyond BIGINT an error, as Spark's ANSI mode has it), a
 * decimal(p,s) a decimal(p-s+1,0).
 */
const floorOrCeil = (fn: 'floor' | 'ceil'): Lowering => ([x], _nodes, [type]) => {
  if (isIntegerType(type)) return `CAST(${x} AS BIGINT)`;
  const decimal = decimalOf(type);
  if (decimal !== undefined) return `CAST(${fn}(${x}) AS DECIMAL(${Math.min(38, decimal.precision - decimal.scale + 1)},0))`;
  return `(CASE WHEN isnan(${x}) THEN CAST(0 AS BIGINT) ELSE CAST(${fn}(${x}) AS BIGINT) END)`;
};

/** A double NaN (DuckDB raises where Java's Math answers NaN). */
const NAN = "CAST('NaN' AS DOUBLE)";
const asDouble = (x: string | undefined): string => `CAST(${x} AS DOUBLE)`;

/** Java's sin/cos/tan: NaN for an infinite angle (DuckDB raises). */
const periodic = (fn: 'sin' | 'cos' | 'tan'): Lowering => ([x]) => `(CASE WHEN isinf(${asDouble(x)}) THEN ${NAN} ELSE ${fn}(${x}) END)`;
/** Java's asin/acos: NaN outside [-1, 1] (DuckDB raises). */
const arc = (fn: 'asin' | 'acos'): Lowering => ([x]) => `(CASE WHEN abs(${asDouble(x)}) > 1 THEN ${NAN} ELSE ${fn}(${x}) END)`;
/** Spark's logarithms: NULL for zero or a negative number (DuckDB raises). */
const logarithm = (fn: 'ln' | 'log10' | 'log2'): Lowering => ([x]) => `(CASE WHEN ${x} <= 0 THEN NULL ELSE ${fn}(${x}) END)`;

/** The width Java shifts an integer in: a BIGINT's 64 bits, else an INT's 32 (Spark widens smaller integers to INT). */
const shiftWidth = (type: DataType | undefined): 32 | 64 => (type === 'int64' ? 64 : 32);

/** An integer wrapped to a signed `bits`-bit integer, as Java's int and long arithmetic wraps on overflow. */
function wrapped(value: string, bits: 32 | 64): string {
  const span = 2n ** BigInt(bits);
  const half = span / 2n;
  return `CAST(((${value} + ${half}) % ${span} + ${span}) % ${span} - ${half} AS ${bits === 64 ? 'BIGINT' : 'INTEGER'})`;
}

/** Math functions DuckDB has, where Spark's answer differs or DuckDB lacks the name. */
export const NATIVE_MATH = {
  floor: floorOrCeil('floor'),
  ceil: floorOrCeil('ceil'),
  // Spark rounds half away from zero, a double as the decimal it prints, and raises on an integer overflow.
  round: (args, nodes, [type]) => {
    const digits = integerLiteral(nodes[1]) ?? 0;
    return sparkRound(args[0] as string, digits, 'half_up', type) ?? `round(${args.join(', ')})`;
  },
  rint: ([x]) => `roundbankers(${asDouble(x)}, 0)`,
  sec: ([x]) => `(CASE WHEN isinf(${asDouble(x)}) THEN ${NAN} ELSE 1.0 / cos(${asDouble(x)}) END)`,
  csc: ([x]) => `(CASE WHEN isinf(${asDouble(x)}) THEN ${NAN} ELSE 1.0 / sin(${asDouble(x)}) END)`,
  shiftleft: ([x, n], _nodes, [type]) => {
    const bits = shiftWidth(type);
    return wrapped(`CAST(${x} AS HUGEINT) * (CAST(1 AS HUGEINT) << (CAST(${n} AS INTEGER) & ${bits - 1}))`, bits);
  },
  shiftright: ([x, n], _nodes, [type]) => {
    const bits = shiftWidth(type);
    return `CAST(${x} AS ${bits === 64 ? 'BIGINT' : 'INTEGER'}) >> (CAST(${n} AS INTEGER) & ${bits - 1})`;
  },
  shiftrightunsigned: ([x, n], _nodes, [type]) => {
    const bits = shiftWidth(type);
    const unsigned = `(CAST(${x} AS HUGEINT) & ${(2n ** BigInt(bits)) - 1n})`;
    return wrapped(`(${unsigned} >> (CAST(${n} AS INTEGER) & ${bits - 1}))`, bits);
  },
  bit_get: ([x, position], _nodes, [type]) => {
    const bits = type === 'int64' ? 64 : type === 'int16' ? 16 : type === 'int8' ? 8 : 32;
    return `(CASE WHEN ${x} IS NULL OR ${position} IS NULL THEN NULL WHEN ${position} < 0 OR ${position} >= ${bits} `
      + `THEN error(concat('[INVALID_PARAMETER_VALUE.BIT_POSITION_RANGE] The value of parameter(s) \`pos\` in \`bit_get\` is invalid: expects an integer value in [0, ${bits}), but got ', ${position}, '.')) `
      + `ELSE CAST((CAST(${x} AS BIGINT) >> CAST(${position} AS INTEGER)) & 1 AS TINYINT) END)`;
  },
  // DuckDB's TRY turns the overflow error of its checked arithmetic into NULL, as Spark's try_ functions answer.
  try_add: ([a, b]) => `TRY(${a} + ${b})`,
  try_subtract: ([a, b]) => `TRY(${a} - ${b})`,
  try_multiply: ([a, b]) => `TRY(${a} * ${b})`,
  // Java's remainder of the smallest integer by -1 is 0 (DuckDB's overflows).
  try_mod: ([a, b], _nodes, types) => {
    const integers = types.every((t) => isIntegerType(t));
    return `(CASE WHEN ${b} = 0 THEN NULL${integers ? ` WHEN ${b} = -1 THEN ${a} * 0` : ''} ELSE ${a} % ${b} END)`;
  },
  div: ([a, b]) => `(CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL WHEN ${b} = 0 THEN error('[DIVIDE_BY_ZERO] Division by zero.') ELSE CAST(${a} // ${b} AS BIGINT) END)`,
  try_divide: ([a, b]) => `(CASE WHEN ${b} = 0 THEN NULL ELSE ${asDouble(a)} / ${asDouble(b)} END)`,
  // Spark: the root of a negative number is NaN (DuckDB raises).
  sqrt: ([x]) => `(CASE WHEN ${x} < 0 THEN CAST('NaN' AS DOUBLE) ELSE sqrt(${x}) END)`,
  // Spark: the logarithm of zero or a negative number is NULL (DuckDB raises).
  ln: logarithm('ln'),
  // Java's Math.pow, not C's: a NaN exponent gives NaN (C: pow(1, NaN) = 1), and so does ±1 to an infinite power.
  // abs of the base as a double: abs of the smallest integer overflows its type.
  power: ([b, e]) => `(CASE WHEN isnan(${e}) OR (abs(CAST(${b} AS DOUBLE)) = 1 AND isinf(${e})) THEN CAST('NaN' AS DOUBLE) ELSE pow(${b}, ${e}) END)`,
  abs: plain('abs'),
  log10: logarithm('log10'),
  log2: logarithm('log2'),
  // Spark: ln(x) / ln(base), NULL where either is zero or negative; one argument is the natural logarithm.
  log: (args, nodes, types) => {
    const [b, x] = args;
    if (x === undefined) return logarithm('ln')(args, nodes, types);
    return `(CASE WHEN ${b} <= 0 OR ${x} <= 0 THEN NULL ELSE ln(${asDouble(x)}) / ln(${asDouble(b)}) END)`;
  },
  // Spark's signum is a double that keeps NaN and the sign of a zero (DuckDB's sign is an integer, 0 for both).
  signum: ([x]) => `(CASE WHEN isnan(${asDouble(x)}) OR ${x} = 0 THEN ${asDouble(x)} ELSE CAST(sign(${x}) AS DOUBLE) END)`,
  sin: periodic('sin'),
  cos: periodic('cos'),
  tan: periodic('tan'),
  // 1 / tan(x) in doubles, as Spark computes it (infinite at 0, where DuckDB's cot raises).
  cot: ([x]) => `(CASE WHEN isinf(${asDouble(x)}) THEN ${NAN} ELSE 1.0 / tan(${asDouble(x)}) END)`,
  asin: arc('asin'),
  acos: arc('acos'),
  // Spark adds 0.0 to both arguments, so -0.0 reads as 0.0 (atan2(0.0, -0.0) is 0, not π).
  atan2: ([y, x]) => `atan2(${asDouble(y)} + 0.0, ${asDouble(x)} + 0.0)`,
  e: () => 'exp(1.0)',
  rand: () => 'random()',
  // Spark casts the argument to INT first: a BIGINT beyond it is an overflow error (said outright: DuckDB's
  // optimizer folds a cast inside a comparison away, and the cast's own error with it).
  factorial: ([n]) => `(CASE WHEN ${n} NOT BETWEEN -2147483648 AND 2147483647 THEN error(concat('[CAST_OVERFLOW] The value ', ${n}, ' cannot be cast to INT due to an overflow.')) `
    + `WHEN ${n} BETWEEN 0 AND 20 THEN CAST(factorial(CAST(${n} AS INTEGER)) AS BIGINT) END)`,
  // An integer is written as the two's complement of its BIGINT, as Spark casts it.
  hex: ([x], _nodes, [type]) => (isIntegerType(type) ? `hex(CAST(${x} AS BIGINT))` : `hex(${x})`),
  bin: ([x]) => `bin(CAST(${x} AS BIGINT))`,
  // Spark adds the divisor only to a negative remainder, in its type's wrapping arithmetic; a divisor of 0 is an error in
  // ANSI mode (DuckDB's % is NULL), after a NULL dividend (which gives NULL).
  pmod: ([a, b], _nodes, types) => {
    const remainder = `(${a} % ${b})`;
    const wide = types[0] === 'int64' || types[1] === 'int64';
    const adjusted = wrapped(`(CAST(${remainder} AS HUGEINT) + ${b})`, wide ? 64 : 32);
    return `(CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL WHEN ${b} = 0 THEN error('[REMAINDER_BY_ZERO] Remainder by zero.') `
      + `WHEN ${remainder} < 0 THEN ${adjusted} % ${b} ELSE ${remainder} END)`;
  },
  isnan: ([x]) => `coalesce(isnan(${asDouble(x)}), false)`,
  negative: ([x]) => `(- ${x})`,
  positive: ([x]) => `(${x})`,
  bit_count: ([x]) => `CAST(bit_count(CAST(${x} AS BIGINT)) AS INTEGER)`,
} satisfies Record<string, Lowering>;

