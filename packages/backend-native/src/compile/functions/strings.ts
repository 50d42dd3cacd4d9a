import type { DataType } from '@thund/ir';
import type { ArgumentTypes, Lowering } from './lowering.js';
import { sparkLower, sparkUpper } from './spark-case.js';

/**
 * Spark's substring (UTF8String.substringSQL): a position above 0 counts
 * from 1, 0 is the first character, a negative one counts from the end; a
 * negative length is empty; the window is cut to the string.
 */
function substringSql(text: string, position: string, count: string | undefined, types: ArgumentTypes): string {
  // Spark casts BIGINT positions to INT (an overflow is an error), only for rows whose string is not NULL.
  const int = (arg: string, type: DataType | undefined) => (type === 'int64' ? `CAST(${arg} AS INTEGER)` : arg);
  const pos = int(position, types[1]);
  const length = count === undefined ? '2147483647' : int(count, types[2]);
  const start = `(CASE WHEN ${pos} > 0 THEN CAST(${pos} AS BIGINT) - 1 WHEN ${pos} < 0 THEN length(${text}) + ${pos} ELSE 0 END)`;
  const end = `(${start} + ${length})`;
  return `(CASE WHEN ${text} IS NULL THEN NULL WHEN ${pos} IS NULL OR ${length} IS NULL THEN NULL WHEN greatest(${start}, 0) >= ${end} THEN '' `
    + `ELSE substring(${text}, greatest(${start}, 0) + 1, least(${end}, length(${text})) - greatest(${start}, 0)) END)`;
}

/** An argument as Spark casts it to a string (a zoned timestamp without its zone; the session zone is UTC). */
function asText(arg: string, type: DataType | undefined): string {
  if (typeof type === 'object' && type.type === 'timestamp' && type.timezone !== undefined) return `CAST(CAST(${arg} AS TIMESTAMP) AS VARCHAR)`;
  return `CAST(${arg} AS VARCHAR)`;
}

/**
 * Spark's lpad and rpad: a length of 0 or less is empty, a string at least
 * as long is cut to the length, an empty pad leaves a shorter string as is
 * (DuckDB raises an error for it). Lengths are INT, as in Spark.
 */
function pad(side: 'lpad' | 'rpad', text: string, length: string, padding: string | undefined): string {
  const by = padding ?? "' '";
  const n = `CAST(${length} AS INTEGER)`;
  return `(CASE WHEN ${text} IS NULL OR ${length} IS NULL OR ${by} IS NULL THEN NULL WHEN ${n} <= 0 THEN '' `
    + `WHEN length(${text}) >= ${n} THEN left(${text}, ${n}) WHEN ${by} = '' THEN ${text} ELSE ${side}(${text}, ${n}, ${by}) END)`;
}

/** `sql` for a count of 1 or more; NULL when the string or the count is NULL, else empty (Spark's left, right and repeat). */
function positiveCount(text: string, count: string, sql: (n: string) => string): string {
  const n = `CAST(${count} AS INTEGER)`;
  return `(CASE WHEN ${text} IS NULL OR ${count} IS NULL THEN NULL WHEN ${n} <= 0 THEN '' ELSE ${sql(n)} END)`;
}

/** A string's length in bytes: its UTF-8 bytes, or a binary's own. */
function byteLength(x: string, type: DataType | undefined): string {
  return type === 'binary' ? `octet_length(${x})` : `strlen(${x})`;
}

/** String functions whose DuckDB form differs from Spark's. */
export const NATIVE_STRINGS = {
  upper: ([x]) => sparkUpper(x as string),
  lower: ([x]) => sparkLower(x as string),
  // Spark trims spaces only (DuckDB: any whitespace).
  trim: ([x]) => `trim(${x}, ' ')`,
  ltrim: ([x]) => `ltrim(${x}, ' ')`,
  rtrim: ([x]) => `rtrim(${x}, ' ')`,
  // Positions are INT in Spark: a BIGINT beyond it is an error there, and here (the cast raises).
  substring: ([text, pos, length], _nodes, types) => substringSql(text as string, pos as string, length, types),
  // DuckDB's concat() skips NULLs; Spark's concat is NULL when any argument is, like `||`.
  concat: (args, _nodes, types) => `(${args.map((a, i) => asText(a, types[i])).join(' || ')})`,
  // Spark's two-argument replace removes the search string.
  replace: ([text, search, by]) => `replace(${text}, ${search}, ${by ?? "''"})`,
  starts_with: ([x, prefix]) => `starts_with(${x}, ${prefix})`,
  length: ([x]) => `CAST(length(${x}) AS INTEGER)`,
  lpad: ([text, length, padding]) => pad('lpad', text as string, length as string, padding),
  rpad: ([text, length, padding]) => pad('rpad', text as string, length as string, padding),
  instr: ([text, search]) => `CAST(instr(${text}, ${search}) AS INTEGER)`,
  // Only 256 (or 0, meaning 256) bits pass validation.
  sha2: ([x]) => `sha256(${x})`,
  left: ([text, n]) => positiveCount(text as string, n as string, (count) => `left(${text}, ${count})`),
  right: ([text, n]) => positiveCount(text as string, n as string, (count) => `right(${text}, ${count})`),
  repeat: ([text, n]) => positiveCount(text as string, n as string, (count) => `repeat(${text}, ${count})`),
  // DuckDB's reverse keeps grapheme clusters whole; Spark reverses code points.
  reverse: ([x]) => `array_to_string(list_reverse(string_split(${x}, '')), '')`,
  ascii: ([x]) => `CAST(ascii(${x}) AS INTEGER)`,
  octet_length: ([x], _nodes, types) => `CAST(${byteLength(x as string, types[0])} AS INTEGER)`,
  bit_length: ([x], _nodes, types) => `CAST(8 * ${byteLength(x as string, types[0])} AS INTEGER)`,
} satisfies Record<string, Lowering>;
