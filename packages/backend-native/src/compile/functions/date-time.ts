import { ThundError, ThundErrorCode, dateTruncUnit } from '@thund/ir';
import { formatDatetime, parseDatetime, patternTokens } from './datetime-render.js';
import { type Lowering, stringLiteral } from './lowering.js';

/** A field of a date or timestamp as Spark types it (INT; DuckDB's are BIGINT). */
const field = (name: string): Lowering => ([x]) => `CAST(${name}(${x}) AS INTEGER)`;

/** Spark's pattern when none is given to unix_timestamp and from_unixtime. */
const DEFAULT_PATTERN = 'yyyy-MM-dd HH:mm:ss';

/** Whole seconds of microseconds since 1970, cut toward zero as Spark's long division cuts them (-0.5 s is 0), exactly. */
const wholeSeconds = (micros: string): string => `CAST((${micros} - ${micros} % 1000000) // 1000000 AS BIGINT)`;

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
  add_months: ([x, months]) => `CAST(CAST(${x} AS DATE) + to_months(CAST(${months} AS INTEGER)) AS DATE)`,
} satisfies Record<string, Lowering>;
