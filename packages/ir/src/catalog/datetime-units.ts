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
