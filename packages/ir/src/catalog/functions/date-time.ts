import { literalIn, literalString } from '../argument-rules.js';
import { type PatternUse, parseDatetimePattern } from '../datetime-pattern.js';
import { DATE_PART_FIELDS, DATE_TRUNC_SPELLINGS, DAY_OF_WEEK_NAMES, INTERVAL_UNITS, TIMESTAMPDIFF_UNITS, TRUNC_UNITS, dateTruncUnit } from '../datetime-units.js';
import { type ArgumentRule, fn, shared } from '../function-signature.js';
import type { DataType } from '../../model/data-type.js';
import { typeRule } from '../type-rule.js';

const TIMESTAMP_UTC = { type: 'timestamp', unit: 'us', timezone: 'UTC' } as const;

/** add_interval's result: a timestamp keeps its type; a date stays a date plus whole days, months or years, else is a timestamp. */
function intervalResult(type: DataType | null | undefined, unit: string | undefined): DataType | undefined {
  if (type === undefined || type === null) return undefined;
  if (type !== 'date32') return type;
  return unit !== undefined && INTERVAL_UNITS[unit.toUpperCase()]?.keepsDate === true ? 'date32' : TIMESTAMP_UTC;
}

/** Refuses a datetime pattern (argument 2) that is not a literal, or that Þund cannot render exactly like Spark for this use. */
const datetimePattern = (use: PatternUse): ArgumentRule => (args) => {
  const pattern = literalString(args[1]);
  if (pattern === undefined) return args[1] === undefined ? undefined : 'the datetime pattern must be a string literal';
  const parsed = parseDatetimePattern(pattern, use);
  return 'refused' in parsed ? parsed.refused : undefined;
};

/** Refuses an argument at `index` that is known not to be a DATE (Spark casts no timestamp to a date for these functions). */
const dateOnly = (name: string, index = 0): ArgumentRule => (args) => {
  const type = args[index]?.type;
  if (type === null || type === undefined || type === 'date32') return undefined;
  return `${name} takes a DATE; cast the argument with to_date(…) first`;
};

/** Refuses a DATE argument (Spark's unix_seconds and its kin take timestamps only). */
const timestampOnly = (name: string): ArgumentRule => ([arg]) =>
  (arg?.type === 'date32' ? `${name} takes a timestamp; cast the date with CAST(… AS TIMESTAMP) first` : undefined);

/** Dates and timestamps. */
export const DATE_TIME = [
  shared('year', 'scalar', ['temporal'], 'int32', 'Year of a date or timestamp.'),
  shared('month', 'scalar', ['temporal'], 'int32', 'Month (1-12).'),
  shared('day', 'scalar', ['temporal'], 'int32', 'Day of month (1-31).', { aliases: ['dayofmonth'] }),
  shared('hour', 'scalar', ['temporal'], 'int32', 'Hour (0-23); 0 for a date.'),
  shared('date_trunc', 'scalar', ['string_literal', 'temporal'], TIMESTAMP_UTC, `Truncate to a unit: ${DATE_TRUNC_SPELLINGS.join(', ')} (any case).`, {
    refuse: literalIn(0, (u) => dateTruncUnit(u) !== undefined, `a date_trunc unit (${DATE_TRUNC_SPELLINGS.join(', ')})`),
  }),
  fn('to_date', 'scalar', ['temporal'], 'date32', 'Date part of a timestamp.'),
  fn('minute', 'scalar', ['temporal'], 'int32', 'Minute (0-59); 0 for a date.'),
  fn('second', 'scalar', ['temporal'], 'int32', 'Second (0-59), without its fraction; 0 for a date.'),
  fn('dayofweek', 'scalar', ['temporal'], 'int32', 'Day of the week, 1 (Sunday) to 7 (Saturday).'),
  fn('dayofyear', 'scalar', ['temporal'], 'int32', 'Day of the year (1-366).'),
  fn('quarter', 'scalar', ['temporal'], 'int32', 'Quarter of the year (1-4).'),
  fn('weekofyear', 'scalar', ['temporal'], 'int32', 'ISO 8601 week of the year (1-53): weeks start on Monday, week 1 holds the year\'s first Thursday.'),
  fn('last_day', 'scalar', ['temporal'], 'date32', 'Last day of the month of a date (of a timestamp\'s date).'),
  fn('datediff', 'scalar', ['temporal', 'temporal'], 'int32', 'Days from the second date to the first (timestamps count by their dates).', { aliases: ['date_diff'] }),
  fn('date_add', 'scalar', ['temporal', 'integer'], 'date32', 'The date (of a timestamp, its date) plus a number of days.', {
    aliases: ['dateadd'],
    notes: ['A BIGINT number of days is cast to INT first (Spark takes INT only): one beyond INT is an overflow error.'],
  }),
  fn('date_sub', 'scalar', ['temporal', 'integer'], 'date32', 'The date (of a timestamp, its date) minus a number of days.', {
    notes: ['A BIGINT number of days is cast to INT first (Spark takes INT only): one beyond INT is an overflow error.'],
  }),
  fn('date_format', 'scalar', ['temporal', 'string_literal'], 'utf8', 'A date or timestamp printed by a Spark datetime pattern (Java letters: yyyy-MM-dd HH:mm:ss, MMM, EEEE, a, SSS, …).', {
    refuse: datetimePattern('format'),
    notes: ['Only letters printed exactly like Spark are accepted (y M L d D H h k K m s S a E Q q); others are refused by check, naming the letter. A year outside 1-9999 (which Spark prints with a sign) fails the row on native.'],
  }),
  fn('to_timestamp', 'scalar', ['string', 'string_literal'], TIMESTAMP_UTC, 'A string read by a Spark datetime pattern; a string that does not match, or names an impossible date or time, is an error (Spark\'s ANSI mode). Without a pattern, SQL reads to_timestamp(x) as CAST(x AS TIMESTAMP).', {
    refuse: datetimePattern('parse'),
    notes: ['Reads yyyy, M/MM/MMM/MMMM, d, H, h with a, m, s and S (up to 6); other letters are refused by check, naming the letter. Fields the pattern lacks are those of 1970-01-01 00:00:00.'],
  }),
  fn('unix_timestamp', 'scalar', ['temporal_or_string', 'string_literal'], 'int64', 'Whole seconds since 1970-01-01 00:00:00 UTC (cut toward zero, as Spark does: 0.5 s before 1970 is 0) of a date, a timestamp, or a string read by a pattern (default yyyy-MM-dd HH:mm:ss); a string that does not match is an error (Spark\'s ANSI mode).', {
    min: 1,
    refuse: datetimePattern('parse'),
    notes: ['Without arguments (the current time) it is not in the catalog yet. A column whose type only the run knows is read as a string.'],
  }),
  fn('from_unixtime', 'scalar', ['integer', 'string_literal'], 'utf8', 'Seconds since 1970-01-01 00:00:00 UTC printed by a pattern (default yyyy-MM-dd HH:mm:ss), in UTC.', {
    min: 1,
    refuse: datetimePattern('format'),
    notes: ['A year outside 1-9999 (which Spark prints with a sign) fails the row on native.'],
  }),
  fn('add_months', 'scalar', ['temporal', 'integer'], 'date32', 'The date plus a number of months; a day the month lacks becomes its last day (Jan 31 + 1 month = Feb 28 or 29).', {
    notes: ['A BIGINT number of months is cast to INT first (Spark takes INT only): one beyond INT is an overflow error.'],
  }),
  fn('make_date', 'scalar', ['integer', 'integer', 'integer'], 'date32', 'The date of a year (1-9999), month and day; an impossible date is an error.'),
  fn('unix_date', 'scalar', ['temporal'], 'int32', 'Days since 1970-01-01 of a date.', { refuse: dateOnly('unix_date') }),
  fn('date_from_unix_date', 'scalar', ['integer'], 'date32', 'The date a number of days after 1970-01-01.'),
  fn('unix_seconds', 'scalar', ['temporal'], 'int64', 'Whole seconds since 1970-01-01 00:00:00 UTC of a timestamp, rounded down (0.5 s before 1970 is -1).', { refuse: timestampOnly('unix_seconds') }),
  fn('unix_millis', 'scalar', ['temporal'], 'int64', 'Whole milliseconds since 1970-01-01 00:00:00 UTC of a timestamp, rounded down.', { refuse: timestampOnly('unix_millis') }),
  fn('unix_micros', 'scalar', ['temporal'], 'int64', 'Microseconds since 1970-01-01 00:00:00 UTC of a timestamp.', { refuse: timestampOnly('unix_micros') }),
  fn('timestamp_seconds', 'scalar', ['integer'], TIMESTAMP_UTC, 'The timestamp a number of seconds after 1970-01-01 00:00:00 UTC.'),
  fn('timestamp_millis', 'scalar', ['integer'], TIMESTAMP_UTC, 'The timestamp a number of milliseconds after 1970-01-01 00:00:00 UTC.'),
  fn('timestamp_micros', 'scalar', ['integer'], TIMESTAMP_UTC, 'The timestamp a number of microseconds after 1970-01-01 00:00:00 UTC.'),
  fn('weekday', 'scalar', ['temporal'], 'int32', 'Day of the week, 0 (Monday) to 6 (Sunday).'),
  fn('next_day', 'scalar', ['temporal', 'string_literal'], 'date32', 'The first date after the given one that falls on a day of the week (MO, MON or MONDAY, any case).', {
    refuse: literalIn(1, (d) => Object.hasOwn(DAY_OF_WEEK_NAMES, d.toUpperCase()), `a day of the week (${Object.keys(DAY_OF_WEEK_NAMES).join(', ')}, any case)`),
  }),
  fn('trunc', 'scalar', ['temporal', 'string_literal'], 'date32', `The date cut to the start of its ${Object.keys(TRUNC_UNITS).join(', ')} (any case; a week starts on Monday).`, {
    refuse: literalIn(1, (u) => Object.hasOwn(TRUNC_UNITS, u.toUpperCase()), `a trunc unit (${Object.keys(TRUNC_UNITS).join(', ')}, any case)`),
  }),
  fn('date_part', 'scalar', ['string_literal', 'temporal'], 'int32', `A field of a date or timestamp: ${Object.keys(DATE_PART_FIELDS).join(', ')} (any case; SQL's EXTRACT(field FROM x) is this).`, {
    refuse: literalIn(0, (f) => Object.hasOwn(DATE_PART_FIELDS, f.toUpperCase()), `a date_part field (${Object.keys(DATE_PART_FIELDS).join(', ')}); SECOND, a decimal with its fraction in Spark, is not supported: use second(x)`),
    aliases: ['datepart'],
  }),
  fn('add_interval', 'scalar', ['temporal', 'integer_literal', 'string_literal'], typeRule(
    'the timestamp\'s type; for a date, date32 plus days, months or years, else timestamp[us, UTC]',
    ([x, , unit]) => intervalResult(x?.type, typeof unit?.literal === 'string' ? unit.literal : undefined),
  ), `SQL's x + INTERVAL n unit (and x - INTERVAL n unit, n negated): the date or timestamp plus n of ${Object.keys(INTERVAL_UNITS).join(', ')}, as Spark adds its one-field ANSI intervals (a month the day lacks ends at its last day; a date plus hours is a timestamp). No Spark function has this name: Spark writes it with +.`, {
    refuse: (args) => {
      const unit = literalString(args[2]);
      if (unit !== undefined && !Object.hasOwn(INTERVAL_UNITS, unit.toUpperCase())) return `${JSON.stringify(unit)} is not an interval unit (${Object.keys(INTERVAL_UNITS).join(', ')})`;
      if (args[0]?.type === undefined) return 'the value\'s type is known only when the pipeline runs, and Spark\'s answer is a DATE or a TIMESTAMP by it: cast the value (CAST(x AS TIMESTAMP) or CAST(x AS DATE)) first';
      return undefined;
    },
  }),
  fn('current_timestamp', 'scalar', [], TIMESTAMP_UTC, 'The current time (UTC), read once per query: the same in every row of a flow\'s query, later in a later run (never compare a result of it across engines or runs).', { aliases: ['now'] }),
  fn('current_date', 'scalar', [], 'date32', 'The current UTC date, read once per query: the same in every row of a flow\'s query.'),
  fn('timestampdiff', 'scalar', ['string_literal', 'temporal', 'temporal'], 'int64', `Whole units from the first timestamp to the second, cut toward zero: ${Object.keys(TIMESTAMPDIFF_UNITS).join(', ')} (any case; SQL writes the unit bare, timestampdiff(HOUR, a, b)).`, {
    refuse: literalIn(0, (u) => Object.hasOwn(TIMESTAMPDIFF_UNITS, u.toUpperCase()), `a timestampdiff unit (${Object.keys(TIMESTAMPDIFF_UNITS).join(', ')})`),
    aliases: ['timestamp_diff'],
  }),
] as const;
