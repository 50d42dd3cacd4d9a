import { DATE_PART_FIELDS, DAY_OF_WEEK_NAMES, type Expression, INTERVAL_UNITS, TIMESTAMPDIFF_UNITS, TRUNC_UNITS, ThundError, ThundErrorCode, dateTruncUnit } from '@thund/ir';
import { formatDatetime, parseDatetime, patternTokens } from './datetime-render.js';
import { type Lowering, stringLiteral } from './lowering.js';
import { duckdbType } from '../duckdb-types.js';

/** A field of a date or timestamp as Spark types it (INT; DuckDB's are BIGINT). */
const field = (name: string): Lowering => ([x]) => `CAST(${name}(${x}) AS INTEGER)`;

/** Spark's pattern when none is given to unix_timestamp and from_unixtime. */
const DEFAULT_PATTERN = 'yyyy-MM-dd HH:mm:ss';

/** Whole seconds of microseconds since 1970, cut toward zero as Spark's long division cuts them (-0.5 s is 0), exactly. */
const wholeSeconds = (micros: string): string => `CAST((${micros} - ${micros} % 1000000) // 1000000 AS BIGINT)`;

/** A count of `unit` since 1970-01-01 00:00:00 UTC of a timestamp, rounded down as Spark's floorDiv rounds. */
const floorUnits = (x: string, perUnit: number): string => {
  const micros = `epoch_us(CAST(${x} AS TIMESTAMP))`;
  // Exact integer arithmetic (DuckDB's // cuts toward zero): subtract the non-negative remainder first.
  return `((${micros} - ((${micros} % ${perUnit}) + ${perUnit}) % ${perUnit}) // ${perUnit})`;
};

/**
 * What a literal argument (a unit, field or day name, any case) means by
 * `table`; validation has refused any other, so a miss is a plan that
 * skipped it.
 */
function literalMeaning<T>(table: Readonly<Record<string, T>>, node: Expression | undefined, what: string): T {
  const meaning = table[(stringLiteral(node) ?? '').toUpperCase()];
  if (meaning === undefined) throw new ThundError(ThundErrorCode.Validation, `${what} literal (see docs/functions.md)`, { backend: 'native' });
  return meaning;
}

const MONTHS_PER_UNIT: Readonly<Record<string, number>> = { month: 1, quarter: 3, year: 12 };

/**
 * Java's LocalDateTime.until in months (then quarters, years), cut toward
 * zero: the end date moves a day towards the start when its time of day has
 * not reached the start's, then whole months count only once the end's day
 * of the month reaches the start's (Jan 31 to Apr 30 is 2 months, where
 * DuckDB's date_sub, counting month ends as whole, says 3).
 */
function javaMonthsBetween(from: string, to: string, monthsPerUnit: number): string {
  const [fromDate, toDate] = [`CAST(${from} AS DATE)`, `CAST(${to} AS DATE)`];
  const [fromTime, toTime] = [`CAST(${from} AS TIME)`, `CAST(${to} AS TIME)`];
  const endDate = `(CASE WHEN ${toDate} > ${fromDate} AND ${toTime} < ${fromTime} THEN ${toDate} - 1 `
    + `WHEN ${toDate} < ${fromDate} AND ${toTime} > ${fromTime} THEN ${toDate} + 1 ELSE ${toDate} END)`;
  // Java packs a date as its month count * 32 + its day, so one division compares months and days at once.
  const packed = (date: string): string => `((year(${date}) * 12 + month(${date})) * 32 + day(${date}))`;
  const difference = `(${packed(endDate)} - ${packed(fromDate)})`;
  return `CAST(sign(${difference}) * (abs(${difference}) // ${32 * monthsPerUnit}) AS BIGINT)`;
}

/** Date and time functions whose DuckDB form differs from Spark's. */
export const NATIVE_DATE_TIME = {
  year: field('year'),
  month: field('month'),
  day: field('day'),
  hour: field('hour'),
  // Spark's date_trunc is a TIMESTAMP (with the session's zone, UTC here) whatever it truncates.
  date_trunc: ([, ts], nodes) => {
    const unit = dateTruncUnit(stringLiteral(nodes[0]) ?? '');
    if (unit === undefined) throw new ThundError(ThundErrorCode.Validation, 'date_trunc needs a unit literal (see docs/functions.md)', { backend: 'native' });
    return `CAST(date_trunc('${unit}', CAST(${ts} AS TIMESTAMP)) AS TIMESTAMPTZ)`;
  },
  to_date: ([x]) => `CAST(${x} AS DATE)`,
  date_format: ([x], nodes) => formatDatetime(x as string, patternTokens(stringLiteral(nodes[1]), 'format')),
  unix_timestamp: ([x, pattern], nodes, types) => {
    const type = types[0];
    const text = type === undefined || type === 'utf8';
    const tokens = patternTokens(pattern === undefined ? DEFAULT_PATTERN : stringLiteral(nodes[1]), 'parse');
    return wholeSeconds(`epoch_us(${text ? parseDatetime(x as string, tokens) : `CAST(${x} AS TIMESTAMP)`})`);
  },
  from_unixtime: ([x, pattern], nodes) => formatDatetime(`make_timestamp(CAST(${x} AS BIGINT) * 1000000)`, patternTokens(pattern === undefined ? DEFAULT_PATTERN : stringLiteral(nodes[1]), 'format')),
  to_timestamp: ([x], nodes) => `CAST(${parseDatetime(x as string, patternTokens(stringLiteral(nodes[1]), 'parse'))} AS TIMESTAMPTZ)`,
  minute: field('minute'),
  second: field('second'),
  // DuckDB counts from 0 (Sunday), Spark from 1.
  dayofweek: ([x]) => `CAST(dayofweek(${x}) + 1 AS INTEGER)`,
  dayofyear: field('dayofyear'),
  quarter: field('quarter'),
  weekofyear: field('weekofyear'),
  last_day: ([x]) => `last_day(CAST(${x} AS DATE))`,
  datediff: ([end, start]) => `CAST(CAST(${end} AS DATE) - CAST(${start} AS DATE) AS INTEGER)`,
  date_add: ([x, days]) => `(CAST(${x} AS DATE) + CAST(${days} AS INTEGER))`,
  date_sub: ([x, days]) => `(CAST(${x} AS DATE) - CAST(${days} AS INTEGER))`,
  // DuckDB's month arithmetic clamps to the month's last day, as Spark's add_months does.
  // Spark's year range is 1-9999 (DuckDB's is wider): a year outside it is an error there too.
  make_date: ([y, m, d]) => `(CASE WHEN ${y} IS NULL OR ${m} IS NULL OR ${d} IS NULL THEN NULL WHEN ${y} NOT BETWEEN 1 AND 9999 THEN error('date value out of range') ELSE make_date(CAST(${y} AS INTEGER), CAST(${m} AS INTEGER), CAST(${d} AS INTEGER)) END)`,
  unix_date: ([x]) => `CAST(CAST(${x} AS DATE) - DATE '1970-01-01' AS INTEGER)`,
  date_from_unix_date: ([n]) => `(DATE '1970-01-01' + CAST(${n} AS INTEGER))`,
  // Integer division of microseconds, exact (no double), rounded down.
  unix_seconds: ([x]) => floorUnits(x as string, 1_000_000),
  unix_millis: ([x]) => floorUnits(x as string, 1_000),
  unix_micros: ([x]) => `epoch_us(CAST(${x} AS TIMESTAMP))`,
  timestamp_seconds: ([n]) => `make_timestamp(CAST(${n} AS BIGINT) * 1000000)::TIMESTAMPTZ`,
  timestamp_millis: ([n]) => `make_timestamp(CAST(${n} AS BIGINT) * 1000)::TIMESTAMPTZ`,
  timestamp_micros: ([n]) => `make_timestamp(CAST(${n} AS BIGINT))::TIMESTAMPTZ`,
  weekday: ([x]) => `CAST(isodow(${x}) - 1 AS INTEGER)`,
  next_day: ([x], nodes) => {
    const target = literalMeaning(DAY_OF_WEEK_NAMES, nodes[1], 'next_day needs a day-of-week');
    const date = `CAST(${x} AS DATE)`;
    return `(${date} + CAST((${target} - isodow(${date}) + 6) % 7 + 1 AS INTEGER))`;
  },
  trunc: ([x], nodes) => {
    const unit = literalMeaning(TRUNC_UNITS, nodes[1], 'trunc needs a unit');
    return `CAST(date_trunc('${unit}', CAST(${x} AS DATE)) AS DATE)`;
  },
  date_part: ([, x], nodes) => {
    const field = literalMeaning(DATE_PART_FIELDS, nodes[0], 'date_part needs a field');
    // DuckDB's dayofweek counts from 0 (Sunday), Spark's from 1.
    return field === 'dayofweek' ? `CAST(dayofweek(${x}) + 1 AS INTEGER)` : `CAST(${field}(${x}) AS INTEGER)`;
  },
  // Spark's timestampdiff is Java's ChronoUnit.between. DuckDB's date_sub counts whole units as it does up to weeks
  // (date_diff would count boundaries); months, quarters and years follow Java's own rule (javaMonthsBetween).
  timestampdiff: ([, start, end], nodes) => {
    const unit = literalMeaning(TIMESTAMPDIFF_UNITS, nodes[0], 'timestampdiff needs a unit');
    const [from, to] = [`CAST(${start} AS TIMESTAMP)`, `CAST(${end} AS TIMESTAMP)`];
    const months = MONTHS_PER_UNIT[unit];
    return months === undefined ? `CAST(date_sub('${unit}', ${from}, ${to}) AS BIGINT)` : javaMonthsBetween(from, to, months);
  },
  // DuckDB adds intervals as Spark does (a month the day lacks ends at its last day) but makes a date plus days a timestamp.
  add_interval: ([x, n], nodes, types) => {
    const unit = (stringLiteral(nodes[2]) ?? '').toUpperCase();
    const { keepsDate } = literalMeaning(INTERVAL_UNITS, nodes[2], 'add_interval needs a unit');
    const type = types[0];
    const sum = `${type === 'date32' ? x : `CAST(${x} AS TIMESTAMP)`} + INTERVAL (${n}) ${unit}`;
    if (type === 'date32') return `CAST(${sum} AS ${keepsDate ? 'DATE' : 'TIMESTAMPTZ'})`;
    return `CAST(${sum} AS ${type === undefined ? 'TIMESTAMP' : duckdbType(type)})`;
  },
  // DuckDB's clock is the transaction's start, the same in every row, as Spark's is the query's; read in UTC whatever TimeZone is set.
  current_timestamp: () => 'get_current_timestamp()',
  current_date: () => "CAST(timezone('UTC', get_current_timestamp()) AS DATE)",
  add_months: ([x, months]) => `CAST(CAST(${x} AS DATE) + to_months(CAST(${months} AS INTEGER)) AS DATE)`,
} satisfies Record<string, Lowering>;
