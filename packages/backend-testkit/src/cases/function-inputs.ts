import type { DataType } from '@thund/ir';
import fc from 'fast-check';

/**
 * One generated argument value, typed by its column: a number (int8–int32,
 * floats), a bigint (int64), a string (utf8; decimals, dates and
 * timestamps in their canonical text, `2024-02-29 13:05:00.000001`), a
 * boolean, bytes (binary), or NULL.
 */
export type InputValue = null | boolean | number | bigint | string | Uint8Array;

/** NULL about one time in ten. */
export const orNull = <T extends InputValue>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arb, { freq: 10, nil: null });

const INT32_EDGES = [0, 1, -1, 2, 7, 10, 100, -100, 2_147_483_647, -2_147_483_648, 2_147_483_646, -2_147_483_647, 65_536, 1_000_000];
const INT64_EDGES = [0n, 1n, -1n, 10n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 31n, -(2n ** 31n) - 1n, 2n ** 53n + 1n, -(2n ** 53n) - 1n, 1_000_000_000_000n];
const FLOAT_EDGES = [
  0, -0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, 0.125, 1.005, 2.675, 123.456, -987.654321, 1e-10, 5e-324, -5e-324, 2.2250738585072014e-308,
  1e15 + 0.5, 2 ** 53, 2 ** 53 + 2, 9.2e18, 1e20, -1e20, 1.7976931348623157e308, -1.7976931348623157e308, Number.NaN, Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY, Math.PI, Math.E,
];

/** Characters where case mapping, trimming, counting or byte lengths differ between libraries. */
const TRICKY_CHARACTERS = [
  'ß', 'İ', 'ı', 'Σ', 'σ', 'ς', 'ǅ', 'ǆ', 'ﬁ', 'ŉ', 'é', 'e\u0301', 'Å', '\u00a0', '\u2003', '\u3000', '日本', '한국어', '😀', '👍🏽', '🇺🇸',
  '\u200b', '\t', '\n', '\r', ' ', '  ', ',', '.', '-', '_', '%', '\\', "'", '"', 'A', 'z', '0', '9', 'Ω', 'ǈ', 'ﬀ', 'Ⅻ', 'ⓐ',
];

const STRING_EDGES = [
  '', ' ', 'a', 'abc', 'ABC', 'Hello World', ' Hello ', '  padded  ', 'hello world foo', 'MiXeD cAsE', 'ΟΔΟΣ', 'ὈΔΥΣΣΕΎΣ', 'straße', 'İstanbul',
  'ǆemal', '日本語テキスト', '😀 smile', 'a,b,,c', 'a b  c', '123', '-4.5', '2024-02-29', 'NULL', 'null', 'true', 'x'.repeat(40), 'tab\there',
  'new\nline', 'ﬁre ﬂy', 'e\u0301te\u0301', 'ŉ', 'ǰ', 'ΐ',
];

/** Strings: the edges above, ASCII text, words of tricky characters, and any Unicode text (no NUL). */
export const stringValues: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STRING_EDGES) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 12 }) },
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...TRICKY_CHARACTERS), { maxLength: 6 }).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }).filter((s) => !s.includes('\u0000')) },
);

export const int32Values: fc.Arbitrary<number> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...INT32_EDGES) },
  { weight: 3, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  { weight: 1, arbitrary: fc.integer() },
);

export const int64Values: fc.Arbitrary<bigint> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...INT64_EDGES) },
  { weight: 3, arbitrary: fc.bigInt({ min: -100_000n, max: 100_000n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }) },
);

export const float64Values: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FLOAT_EDGES) },
  { weight: 2, arbitrary: fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100) },
  { weight: 1, arbitrary: fc.integer({ min: -1000, max: 1000 }).map((n) => n + 0.5) },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }) },
  { weight: 1, arbitrary: fc.double() },
);

/** Exact decimal text of `unscaled / 10^scale`. */
export function decimalText(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** decimal(p,s) values as exact text: edges (0, the extremes, halves) and any value of the type. */
export function decimalValues(precision: number, scale: number): fc.Arbitrary<string> {
  const max = 10n ** BigInt(precision) - 1n;
  const half = scale > 0 ? 5n * 10n ** BigInt(scale - 1) : 0n;
  const unit = 10n ** BigInt(scale);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(0n, max, -max, half, -half, unit, -unit, unit + half, -(unit * 2n + half)) },
    { weight: 3, arbitrary: fc.bigInt({ min: -1000n * unit, max: 1000n * unit }) },
    { weight: 1, arbitrary: fc.bigInt({ min: -max, max }) },
  ).map((u) => decimalText(u, scale));
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const DAY_MS = 86_400_000;

/** A date as `YYYY-MM-DD` from days since 1970-01-01 (proleptic Gregorian, years 1–9999). */
export function dateText(days: number): string {
  const d = new Date(days * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

const LAST_DAY = Date.UTC(9999, 11, 31) / DAY_MS;
/** 0001-01-01 (Date.UTC reads years 0-99 as 1900-1999, so it is set by hand). */
const YEAR_ONE = (() => {
  const d = new Date(0);
  d.setUTCFullYear(1, 0, 1);
  return Math.round(d.getTime() / DAY_MS);
})();

const DATE_EDGES = [
  '1970-01-01', '1969-12-31', '1970-01-02', '2000-02-29', '2024-02-29', '2023-02-28', '2023-03-01', '1900-02-28', '1900-03-01', '2100-02-28',
  '0001-01-01', '9999-12-31', '2024-12-31', '2025-01-01', '2024-03-10', '2024-11-03', '2024-03-31', '2024-10-27', '1582-10-04', '1582-10-15',
  '2020-12-28', '2021-01-03', '2026-01-01', '1999-12-31', '2024-01-31', '2024-04-30', '2023-12-31', '2016-01-03',
];

/** Dates: edges (1970, leap days, month and year ends, DST change days, the calendar switch, 0001 and 9999) and any day. */
export const dateValues: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...DATE_EDGES) },
  { weight: 3, arbitrary: fc.integer({ min: -3000, max: 25_000 }).map(dateText) },
  { weight: 1, arbitrary: fc.integer({ min: YEAR_ONE, max: LAST_DAY }).map(dateText) },
);

const TIME_EDGES = ['00:00:00', '23:59:59.999999', '12:00:00', '02:30:00', '01:30:00', '00:00:00.000001', '13:05:09.5', '11:59:59', '03:00:00'];

/** Times of day as `HH:MM:SS[.ffffff]`. */
export const timeValues: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...TIME_EDGES) },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 999_999 })))
      .map(([h, m, s, us]) => `${pad(h)}:${pad(m)}:${pad(s)}${us === 0 ? '' : `.${pad(us, 6)}`}`),
  },
);

const TIMESTAMP_EDGES = [
  '1970-01-01 00:00:00', '1969-12-31 23:59:59.999999', '2024-03-10 02:30:00', '2024-11-03 01:30:00', '2024-03-31 02:30:00', '2024-10-27 02:30:00',
  '2024-02-29 23:59:59', '2000-02-29 12:00:00.5', '0001-01-01 00:00:00', '9999-12-31 23:59:59.999999', '2024-12-31 23:59:59', '2021-01-03 00:00:00',
  '1969-12-31 00:00:00.000001', '2026-03-15 13:07:09.123456',
];

/** Timestamps as `YYYY-MM-DD HH:MM:SS[.ffffff]`: edge dates and times (DST changes in America/New_York and Europe/Paris among them), any instant. */
export const timestampValues: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...TIMESTAMP_EDGES) },
  { weight: 4, arbitrary: fc.tuple(dateValues, timeValues).map(([d, t]) => `${d} ${t}`) },
);

export const boolValues: fc.Arbitrary<boolean> = fc.boolean();

export const binaryValues: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.constantFrom(new Uint8Array(), new Uint8Array([0]), new Uint8Array([255, 254]), new TextEncoder().encode('abc')),
  fc.uint8Array({ maxLength: 12 }),
);

/** The edge values of a type (every one of them is tried before random values), NULL first. */
export function edgesOf(type: DataType): readonly InputValue[] {
  return [null, ...nonNullEdgesOf(type)];
}

function nonNullEdgesOf(type: DataType): readonly InputValue[] {
  if (typeof type === 'object') {
    if (type.type === 'decimal') return fc.sample(decimalValues(type.precision, type.scale), { seed: 1, numRuns: 12 });
    return type.type === 'timestamp' ? TIMESTAMP_EDGES : [];
  }
  switch (type) {
    case 'bool': return [true, false];
    case 'int32': return INT32_EDGES;
    case 'int64': return INT64_EDGES;
    case 'float32':
    case 'float64': return FLOAT_EDGES;
    case 'utf8': return [...STRING_EDGES, ...TRICKY_CHARACTERS];
    case 'binary': return [new Uint8Array(), new Uint8Array([0]), new Uint8Array([255, 254]), new TextEncoder().encode('abc')];
    case 'date32': return DATE_EDGES;
    case 'timestamp': return TIMESTAMP_EDGES;
    default: return [];
  }
}

/** Values of a column of this type (NULL about one time in ten). */
export function valuesOf(type: DataType): fc.Arbitrary<InputValue> {
  return orNull(nonNullValuesOf(type));
}

function nonNullValuesOf(type: DataType): fc.Arbitrary<InputValue> {
  if (typeof type === 'object') {
    if (type.type === 'decimal') return decimalValues(type.precision, type.scale);
    if (type.type === 'timestamp') return timestampValues;
    throw new Error(`no generated values of ${type.type} yet`);
  }
  switch (type) {
    case 'bool': return boolValues;
    case 'int8': return fc.integer({ min: -128, max: 127 });
    case 'int16': return fc.integer({ min: -32_768, max: 32_767 });
    case 'int32': return int32Values;
    case 'int64': return int64Values;
    case 'float32': return float64Values.map((x) => Math.fround(x));
    case 'float64': return float64Values;
    case 'utf8': return stringValues;
    case 'binary': return binaryValues;
    case 'date32': return dateValues;
    case 'timestamp': return timestampValues;
  }
}

/**
 * Numbers of moderate size for aggregates over floating point (sum, avg,
 * stddev of doubles): each engine adds in its own order, and with values
 * near the extremes the order decides the result; these keep it within
 * rounding. Other types keep all their values.
 */
export function moderateValuesOf(type: DataType): fc.Arbitrary<InputValue> {
  switch (type) {
    case 'int32': return orNull(fc.integer({ min: -1_000_000, max: 1_000_000 }));
    case 'int64': return orNull(fc.bigInt({ min: -1_000_000_000_000n, max: 1_000_000_000_000n }));
    case 'float32':
    case 'float64': return orNull(fc.integer({ min: -100_000_000, max: 100_000_000 }).map((n) => n / 100));
    default: return valuesOf(type);
  }
}
