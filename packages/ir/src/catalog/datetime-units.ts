/** Spark's date_trunc units, each spelling (any case) to the unit it means. */
const DATE_TRUNC_UNITS: Readonly<Record<string, string>> = {
  year: 'year', yyyy: 'year', yy: 'year',
  quarter: 'quarter',
  month: 'month', mm: 'month', mon: 'month',
  week: 'week',
  day: 'day', dd: 'day',
  hour: 'hour', minute: 'minute', second: 'second', millisecond: 'millisecond', microsecond: 'microsecond',
};

/** The unit a date_trunc unit literal means (`yyyy` → `year`), or `undefined` for one Spark does not know. */
export function dateTruncUnit(unit: string): string | undefined {
  const key = unit.toLowerCase();
  return Object.hasOwn(DATE_TRUNC_UNITS, key) ? DATE_TRUNC_UNITS[key] : undefined;
}

/** Every spelling date_trunc accepts, for messages. */
export const DATE_TRUNC_SPELLINGS: readonly string[] = Object.freeze(Object.keys(DATE_TRUNC_UNITS));

/** trunc's units (any case) and the unit each means. */
export const TRUNC_UNITS: Readonly<Record<string, 'year' | 'quarter' | 'month' | 'week'>> = {
  YEAR: 'year', YYYY: 'year', YY: 'year', QUARTER: 'quarter', MONTH: 'month', MM: 'month', MON: 'month', WEEK: 'week',
};

/** date_part's fields (any case), each as the function of the same answer (all INT in Spark). */
export const DATE_PART_FIELDS: Readonly<Record<string, 'year' | 'quarter' | 'month' | 'weekofyear' | 'day' | 'dayofweek' | 'isodow' | 'dayofyear' | 'hour' | 'minute'>> = {
  YEAR: 'year', Y: 'year', YEARS: 'year', YR: 'year', YRS: 'year',
  QUARTER: 'quarter', QTR: 'quarter',
  MONTH: 'month', MON: 'month', MONS: 'month', MONTHS: 'month',
  WEEK: 'weekofyear', W: 'weekofyear', WEEKS: 'weekofyear',
  DAY: 'day', D: 'day', DAYS: 'day',
  DAYOFWEEK: 'dayofweek', DOW: 'dayofweek',
  DAYOFWEEK_ISO: 'isodow', DOW_ISO: 'isodow',
  DOY: 'dayofyear',
  HOUR: 'hour', H: 'hour', HOURS: 'hour', HR: 'hour', HRS: 'hour',
  MINUTE: 'minute', M: 'minute', MIN: 'minute', MINS: 'minute', MINUTES: 'minute',
};

/** timestampdiff's units (any case), each as DuckDB's date_sub names it: whole units from start to end, cut toward zero. */
export const TIMESTAMPDIFF_UNITS: Readonly<Record<string, string>> = {
  YEAR: 'year', QUARTER: 'quarter', MONTH: 'month', WEEK: 'week', DAY: 'day', HOUR: 'hour', MINUTE: 'minute', SECOND: 'second',
  MILLISECOND: 'milliseconds', MICROSECOND: 'microseconds',
};

/** What one unit of SQL's `x + INTERVAL n unit` does to a date. */
export interface IntervalUnit {
  /** Whether a date plus whole units of it is still a date (days, months, years), rather than a timestamp. */
  readonly keepsDate: boolean;
}

/**
 * The units of SQL's `x + INTERVAL n unit` (add_interval): Spark's ANSI
 * interval types of one field, year-month or day-time. A DATE plus whole
 * days, months or years stays a DATE in Spark; plus hours, minutes or
 * seconds it is a TIMESTAMP.
 */
export const INTERVAL_UNITS: Readonly<Record<string, IntervalUnit>> = {
  YEAR: { keepsDate: true }, MONTH: { keepsDate: true }, DAY: { keepsDate: true },
  HOUR: { keepsDate: false }, MINUTE: { keepsDate: false }, SECOND: { keepsDate: false },
};

/** The day names next_day reads (any case: two letters, three, or the whole name), each as its ISO day of the week (1 = Monday). */
export const DAY_OF_WEEK_NAMES: Readonly<Record<string, number>> = Object.fromEntries(
  [['MO', 'MON', 'MONDAY'], ['TU', 'TUE', 'TUESDAY'], ['WE', 'WED', 'WEDNESDAY'], ['TH', 'THU', 'THURSDAY'], ['FR', 'FRI', 'FRIDAY'], ['SA', 'SAT', 'SATURDAY'], ['SU', 'SUN', 'SUNDAY']]
    .flatMap((names, day) => names.map((name) => [name, day + 1] as const)),
);
