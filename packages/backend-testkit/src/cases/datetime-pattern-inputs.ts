import fc from 'fast-check';
import type { ArgumentSpec } from './function-signatures.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');

/** The fields of a date and time, days up to 31 in every month so that some dates are impossible (30 February). */
const fields = fc.record({
  year: fc.integer({ min: 1900, max: 2100 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 31 }),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  second: fc.integer({ min: 0, max: 59 }),
  millis: fc.integer({ min: 0, max: 999 }),
});
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

/** Patterns read by to_timestamp, each with how a string written by it looks. */
const writeUsDateTime = (f: Fields): string => `${two(f.month)}-${two(f.day)}-${f.year} ${two(f.hour)}:${two(f.minute)}:${two(f.second)}`;
/** Spark's default pattern, yyyy-MM-dd HH:mm:ss. */
const writeIsoDateTime = (f: Fields): string => `${f.year}-${two(f.month)}-${two(f.day)} ${two(f.hour)}:${two(f.minute)}:${two(f.second)}`;

const PARSED: ReadonlyArray<readonly [pattern: string, write: (f: Fields) => string]> = [
  ['MM-dd-yyyy HH:mm:ss', writeUsDateTime],
  ['yyyy-MM-dd', (f) => `${f.year}-${two(f.month)}-${two(f.day)}`],
  ['M/d/yyyy H:mm', (f) => `${f.month}/${f.day}/${f.year} ${f.hour}:${two(f.minute)}`],
  ['dd MMM yyyy hh:mm a', (f) => `${two(f.day)} ${MONTHS[f.month - 1]} ${f.year} ${two(((f.hour + 11) % 12) + 1)}:${two(f.minute)} ${f.hour < 12 ? 'AM' : 'PM'}`],
  ['yyyy-MM-dd HH:mm:ss.SSS', (f) => `${writeIsoDateTime(f)}.${String(f.millis).padStart(3, '0')}`],
];

/** Strings that match no pattern, or only nearly (a missing field, text around it, another separator). */
const BROKEN = ['', 'x', '2024-13-01', '12-31-2024', '2024-01-01 ', ' 2024-01-01', '2024/01/01', '31 jan 2024 01:00 am', '00 Jan 2024 12:00 PM'];

/** A string column mostly written by `write` (some of impossible dates), some broken, some NULL. */
const writtenColumn = (write: (f: Fields) => string): ArgumentSpec => ({
  column: 'utf8',
  values: fc.oneof({ weight: 8, arbitrary: fields.map(write) }, { weight: 1, arbitrary: fc.constantFrom(...BROKEN) }, { weight: 1, arbitrary: fc.constant(null) }),
  edges: [null, ...BROKEN.slice(0, 3)],
});

/** to_timestamp's signatures for the differential: one per pattern, strings written by it, the pattern as the literal. */
export const TO_TIMESTAMP_SIGNATURES: readonly (readonly ArgumentSpec[])[] = PARSED.map(([pattern, write]) => [writtenColumn(write), { literal: pattern }]);

const ZONED = { type: 'timestamp', unit: 'us', timezone: 'UTC' } as const;

/**
 * unix_timestamp's signatures: dates and timestamps; strings in Spark's
 * default pattern (yyyy-MM-dd HH:mm:ss); strings read by a pattern given.
 */
export const UNIX_TIMESTAMP_SIGNATURES: readonly (readonly ArgumentSpec[])[] = [
  [{ column: 'date32' }],
  [{ column: 'timestamp' }],
  [{ column: ZONED }],
  [writtenColumn(writeIsoDateTime)],
  [writtenColumn(writeUsDateTime), { literal: 'MM-dd-yyyy HH:mm:ss' }],
];

/** Seconds since 1970 within the years both engines print (about 1900 to 2100), as int32 and int64 columns. */
const seconds = fc.option(fc.integer({ min: -2_200_000_000, max: 4_100_000_000 }), { nil: null });

/** from_unixtime's signatures: seconds as INT and BIGINT, printed in the default pattern and in two given. */
export const FROM_UNIXTIME_SIGNATURES: readonly (readonly ArgumentSpec[])[] = [
  [{ column: 'int32' }],
  [{ column: 'int64', values: seconds.map((n) => (n === null ? null : BigInt(n))), edges: [null, 0n, -1n, 951_782_400n] }],
  [{ column: 'int64', values: seconds.map((n) => (n === null ? null : BigInt(n))), edges: [null, 0n] }, { literal: 'yyyy-MM-dd' }],
  [{ column: 'int32' }, { literal: 'EEE, d MMM yyyy hh:mm:ss a' }],
];

/** Patterns date_format prints with, covering every letter and count Þund accepts in a printed date. */
export const DATE_FORMAT_PATTERNS: readonly string[] = [
  'yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss', 'MMM d, yyyy', 'EEEE dd/MM/yy', 'EEE MMMM LLL', 'hh:mm a', 'yyyyMMdd HHmmss.SSS', 'D DDD Q qq', 'k K h H', "'day' d 'of' yyy", 'S SSSSSS SSSSSSSSS',
];
