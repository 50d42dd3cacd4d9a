import { type PatternToken, ThundError, ThundErrorCode, parseDatetimePattern } from '@thund/ir';
import { quoteString } from '../sql-text.js';
import { refusedInput } from './lowering.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const list = (items: readonly string[]): string => `[${items.map(quoteString).join(', ')}]`;
const text = (n: string): string => `CAST(${n} AS VARCHAR)`;
/** A number printed with at least `width` digits, as Java pads a field (never cut: DuckDB's lpad would cut a longer one). */
const padded = (n: string, width: number): string => (width <= 1 ? text(n) : `lpad(${text(n)}, CAST(greatest(length(${text(n)}), ${width}) AS INTEGER), '0')`);

/** The tokens of a pattern Þund renders, or a validation error (check refuses the pattern before any run). */
export function patternTokens(pattern: string | undefined, use: 'format' | 'parse'): readonly PatternToken[] {
  if (pattern === undefined) throw new ThundError(ThundErrorCode.Validation, 'a datetime pattern must be a string literal', { backend: 'native' });
  const parsed = parseDatetimePattern(pattern, use);
  if ('refused' in parsed) throw new ThundError(ThundErrorCode.Validation, parsed.refused, { backend: 'native' });
  return parsed.tokens;
}

/** The SQL of one field of timestamp `t` (a DuckDB TIMESTAMP), printed as Java prints it (locale US). */
function fieldSql(t: string, letter: string, count: number): string {
  switch (letter) {
    case 'y': {
      const year = `year(${t})`;
      return count === 2 ? padded(`(${year} % 100)`, 2) : padded(year, count);
    }
    case 'M':
    case 'L':
      if (count >= 3) return `${list(count === 3 ? MONTHS.map((m) => m.slice(0, 3)) : MONTHS)}[month(${t})]`;
      return padded(`month(${t})`, count);
    case 'd': return padded(`day(${t})`, count);
    case 'D': return padded(`dayofyear(${t})`, count);
    case 'H': return padded(`hour(${t})`, count);
    case 'h': return padded(`((hour(${t}) + 11) % 12 + 1)`, count);
    case 'k': return padded(`(CASE WHEN hour(${t}) = 0 THEN 24 ELSE hour(${t}) END)`, count);
    case 'K': return padded(`(hour(${t}) % 12)`, count);
    case 'm': return padded(`minute(${t})`, count);
    case 's': return padded(`second(${t})`, count);
    case 'S': {
      const micros = `lpad(${text(`(microsecond(${t}) % 1000000)`)}, 6, '0')`;
      return count <= 6 ? `left(${micros}, ${count})` : `(${micros} || ${quoteString('0'.repeat(count - 6))})`;
    }
    case 'a': return `(CASE WHEN hour(${t}) < 12 THEN 'AM' ELSE 'PM' END)`;
    case 'E': return `${list(count === 4 ? DAYS : DAYS.map((d) => d.slice(0, 3)))}[isodow(${t})]`;
    case 'Q':
    case 'q': return padded(`quarter(${t})`, count);
    default: throw new ThundError(ThundErrorCode.Validation, `pattern letter '${letter}' is not supported`, { backend: 'native' });
  }
}

/**
 * A date or timestamp printed by a Spark pattern, field by field (no
 * strftime: its padding and names are not Java's). `value` is cast to a
 * TIMESTAMP first, a zoned one read in UTC. Years past 9999 Java prints
 * with a sign, which this does not: they are refused at run time.
 */
export function formatDatetime(value: string, tokens: readonly PatternToken[]): string {
  const t = `CAST(${value} AS TIMESTAMP)`;
  const parts = tokens.map((token) => (token.kind === 'literal' ? quoteString(token.text) : fieldSql(t, token.letter, token.count)));
  const printed = parts.length === 0 ? "''" : parts.join(' || ');
  const yearly = tokens.some((token) => token.kind === 'field' && token.letter === 'y');
  if (!yearly) return `(${printed})`;
  return `(CASE WHEN year(${t}) > 9999 OR year(${t}) < 1 THEN ${refusedInput('printing a year outside 1-9999 (Spark adds a sign or an era)')} ELSE ${printed} END)`;
}

const escapeRegex = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|/]/g, (c) => `\\${c}`);

/** The regular expression (RE2) a field reads, as one capture group. */
function fieldRegex(letter: string, count: number): string {
  switch (letter) {
    case 'y': return '(\\d{4})';
    case 'M':
      if (count === 3) return `(${MONTHS.map((m) => m.slice(0, 3)).join('|')})`;
      if (count === 4) return `(${MONTHS.join('|')})`;
      return count === 2 ? '(\\d{2})' : '(\\d{1,2})';
    case 'S': return `(\\d{${count}})`;
    case 'a': return '(AM|PM)';
    default: return count === 2 ? '(\\d{2})' : '(\\d{1,2})';
  }
}

/**
 * A string read by a Spark pattern as a TIMESTAMP, or an error raised as
 * Spark's ANSI mode raises it (CANNOT_PARSE_TIMESTAMP): the whole string
 * must match (case-insensitively, as Spark reads names), fields missing
 * from the pattern default to 1970-01-01 00:00:00, and an impossible date
 * or time is an error too.
 */
export function parseDatetime(value: string, tokens: readonly PatternToken[]): string {
  const groups: Record<string, number> = {};
  let regex = '^';
  let group = 0;
  for (const token of tokens) {
    if (token.kind === 'literal') {
      regex += escapeRegex(token.text);
      continue;
    }
    group += 1;
    groups[token.letter] = group;
    regex += fieldRegex(token.letter, token.count);
  }
  regex += '$';
  const at = (letter: string, fallback: string): string => {
    const index = groups[letter];
    return index === undefined ? fallback : `regexp_extract(${value}, ${quoteString(regex)}, ${index}, 'i')`;
  };
  const number = (letter: string, fallback: string) => (groups[letter] === undefined ? fallback : `CAST(${at(letter, fallback)} AS INTEGER)`);
  const monthToken = tokens.find((t) => t.kind === 'field' && t.letter === 'M');
  const month = monthToken?.kind === 'field' && monthToken.count >= 3
    ? `(list_position(${list((monthToken.count === 3 ? MONTHS.map((m) => m.slice(0, 3)) : MONTHS).map((m) => m.toLowerCase()))}, lower(${at('M', "'1'")})))`
    : number('M', '1');
  let hour = number('H', '0');
  if (groups['h'] !== undefined) hour = `(${number('h', '12')} % 12 + CASE WHEN upper(${at('a', "'AM'")}) = 'PM' THEN 12 ELSE 0 END)`;
  const fraction = tokens.find((t) => t.kind === 'field' && t.letter === 'S');
  const micros = fraction?.kind === 'field' ? `CAST(rpad(${at('S', "'0'")}, 6, '0') AS INTEGER)` : '0';
  const [y, mo, d, mi, s] = [number('y', '1970'), month, number('d', '1'), number('m', '0'), number('s', '0')];
  const valid = `(${mo} BETWEEN 1 AND 12 AND ${d} BETWEEN 1 AND day(last_day(make_date(${y}, ${mo}, 1))) AND ${hour} BETWEEN 0 AND 23 AND ${mi} BETWEEN 0 AND 59 AND ${s} BETWEEN 0 AND 59)`;
  const error = `error('CANNOT_PARSE_TIMESTAMP: ' || ${value} || ' does not match the pattern')`;
  return `(CASE WHEN ${value} IS NULL THEN NULL WHEN NOT regexp_matches(${value}, ${quoteString(regex)}, 'i') THEN ${error} WHEN NOT ${valid} THEN ${error} `
    + `ELSE make_timestamp(${y}, ${mo}, ${d}, ${hour}, ${mi}, ${s}) + to_microseconds(${micros}) END)`;
}
