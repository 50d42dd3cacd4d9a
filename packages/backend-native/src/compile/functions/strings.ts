import { type DataType, type Expression, javaRegexToRe2 } from '@thund/ir';
import { quoteString } from '../sql-text.js';
import { type ArgumentTypes, type Lowering, joinedBy, stringLiteral } from './lowering.js';
import { sparkLower, sparkUpper } from './spark-case.js';
import { titleCaseOf } from './title-case.js';

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

/**
 * Spark's initcap: each space-separated word's first character in title
 * case, the rest of the word in lower case (other whitespace does not
 * separate words).
 */
function initcap(text: string): string {
  const word = (w: string): string => `(CASE WHEN ${w} = '' THEN '' ELSE ${titleCaseOf(`substr(${w}, 1, 1)`)} || ${sparkLower(`substr(${w}, 2)`)} END)`;
  return `array_to_string(list_transform(string_split(${text}, ' '), w -> ${word('w')}), ' ')`;
}

/**
 * Spark's substring_index: occurrences of the delimiter are found as Spark
 * finds them, each search starting one character after the last match (so
 * they may overlap); the string before the n-th one, or after the n-th
 * from the end.
 */
function substringIndex(text: string, delimiter: string, count: string): string {
  const starts = `list_filter(range(1, length(${text}) + 1), i -> substr(${text}, i, length(${delimiter})) = ${delimiter})`;
  const n = `CAST(${count} AS INTEGER)`;
  return `(CASE WHEN ${text} IS NULL OR ${delimiter} IS NULL OR ${count} IS NULL THEN NULL WHEN ${n} = 0 OR ${delimiter} = '' THEN '' `
    + `WHEN abs(${n}) > len(${starts}) THEN ${text} `
    + `WHEN ${n} > 0 THEN left(${text}, ${starts}[${n}] - 1) `
    + `ELSE substr(${text}, ${starts}[${n}] + length(${delimiter})) END)`;
}

/** Spark's split_part: index 0 is an error, an empty delimiter leaves the string whole, a field beyond the last is empty. */
function splitPart(text: string, delimiter: string, index: string): string {
  const n = `CAST(${index} AS INTEGER)`;
  const fields = `(CASE WHEN ${delimiter} = '' THEN [${text}] ELSE string_split(${text}, ${delimiter}) END)`;
  return `(CASE WHEN ${text} IS NULL OR ${delimiter} IS NULL OR ${index} IS NULL THEN NULL `
    + `WHEN ${n} = 0 THEN error('[INVALID_INDEX_OF_ZERO] The index 0 is invalid. An index shall be either < 0 or > 0 (the first element has index 1).') `
    + `ELSE coalesce(${fields}[${n}], '') END)`;
}

/** Spark's locate: 0 below position 1 or for a NULL position (even with a NULL string); an empty substring is found at 1 wherever the search starts. */
function locate(needle: string, text: string, position: string | undefined): string {
  if (position === undefined) return `CAST(instr(${text}, ${needle}) AS INTEGER)`;
  const from = `CAST(${position} AS INTEGER)`;
  const found = `instr(substr(${text}, ${from}), ${needle})`;
  return `(CASE WHEN ${position} IS NULL THEN 0 WHEN ${needle} IS NULL OR ${text} IS NULL THEN NULL WHEN ${from} < 1 THEN 0 WHEN ${needle} = '' THEN 1 `
    + `WHEN ${found} = 0 THEN 0 ELSE CAST(${found} + ${from} - 1 AS INTEGER) END)`;
}

/** Spark's base64: MIME lines of 76 characters joined by CRLF. */
function base64(x: string, type: DataType | undefined): string {
  const encoded = `to_base64(${type === 'binary' ? x : `encode(${x})`})`;
  return `(CASE WHEN ${x} IS NULL THEN NULL ELSE array_to_string(list_transform(range(0, length(${encoded}), 76), k -> substr(${encoded}, k + 1, 76)), '\r\n') END)`;
}

/** Spark's concat_ws: the separator between the non-NULL arguments and the non-NULL elements of list arguments. */
function concatWs(args: readonly string[], types: ArgumentTypes): string {
  const [separator, ...values] = args;
  const parts = values.map((v, i) => {
    const type = types[i + 1];
    return typeof type === 'object' && type.type === 'list' ? `CAST(${v} AS VARCHAR[])` : `[${asText(v, type)}]`;
  });
  return joinedBy(parts.length === 0 ? '[]::VARCHAR[]' : `flatten([${parts.join(', ')}])`, separator as string);
}

/** String functions whose DuckDB form differs from Spark's. */
/** A Java pattern literal (checked by validation) as RE2's SQL string literal, with Java's meaning. */
function re2Literal(node: Expression | undefined, group: number | undefined): string {
  const dollar = group === undefined ? 'find' : group === 0 ? 'exact' : 'outside-groups';
  return quoteString(javaRegexToRe2(stringLiteral(node) ?? '', dollar).re2);
}

export const NATIVE_STRINGS = {
  rlike: ([x], nodes) => `regexp_matches(${x}, ${re2Literal(nodes[1], undefined)})`,
  regexp_extract: ([x], nodes) => {
    const index = nodes[2];
    const group = index?.kind === 'literal' && typeof index.value === 'number' ? index.value : 1;
    return `regexp_extract(${x}, ${re2Literal(nodes[1], group)}, ${group})`;
  },
  upper: ([x]) => sparkUpper(x as string),
  initcap: ([x]) => `(CASE WHEN ${x} IS NULL THEN NULL ELSE ${initcap(x as string)} END)`,
  base64: ([x], _nodes, [type]) => base64(x as string, type),
  chr: ([n]) => `(CASE WHEN ${n} < 0 THEN '' ELSE chr(CAST(${n} % 256 AS INTEGER)) END)`,
  space: ([n]) => positiveCount("' '", n as string, (count) => `repeat(' ', ${count})`),
  split_part: ([text, delimiter, index]) => splitPart(text as string, delimiter as string, index as string),
  substring_index: ([text, delimiter, count]) => substringIndex(text as string, delimiter as string, count as string),
  locate: ([needle, text, position]) => locate(needle as string, text as string, position),
  ends_with: ([text, suffix]) => `ends_with(${text}, ${suffix})`,
  btrim: ([text, characters]) => `trim(${text}, ${characters ?? "' '"})`,
  elt: ([index, ...values]) => `(CASE WHEN ${index} IS NULL THEN NULL WHEN ${index} < 1 OR ${index} > ${values.length} `
    + `THEN error(concat('[INVALID_ARRAY_INDEX] The index ', ${index}, ' is out of bounds. The array has ${values.length} elements.')) `
    + `ELSE [${values.join(', ')}][${index}] END)`,
  find_in_set: ([text, set]) => `(CASE WHEN ${text} IS NULL OR ${set} IS NULL THEN NULL WHEN contains(${text}, ',') THEN 0 `
    + `ELSE CAST(coalesce(list_position(string_split(${set}, ','), ${text}), 0) AS INTEGER) END)`,
  concat_ws: (args, _nodes, types) => concatWs(args, types),
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
