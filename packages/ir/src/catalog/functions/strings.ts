import { literalString, noFloatText } from '../argument-rules.js';
import { type ArgumentRule, fn, shared } from '../function-signature.js';
import { type DollarUse, javaRegexProblem, javaRegexToRe2 } from '../java-regex.js';

/** The pattern (argument `index`) is a string literal both engines read alike (see java-regex.ts). */
function javaPattern(index: number, dollar: DollarUse): ArgumentRule {
  return (args) => {
    const pattern = literalString(args[index]);
    if (pattern === undefined) return `the pattern (argument ${index + 1}) must be a string literal: Þund checks that both engines read it alike`;
    return javaRegexProblem(pattern, dollar);
  };
}

/** regexp_extract: a pattern both engines read alike, and a group it has (Spark fails on another). */
const extractGroup: ArgumentRule = (args) => {
  const index = args[2]?.node;
  const group = index === undefined ? 1 : index.kind === 'literal' && typeof index.value === 'number' ? index.value : undefined;
  if (group === undefined) return 'the group (argument 3) must be a whole-number literal';
  const problem = javaPattern(1, group === 0 ? 'exact' : 'outside-groups')(args);
  if (problem !== undefined) return problem;
  const groups = javaRegexToRe2(literalString(args[1]) as string, 'find').groups;
  if (group < 0 || group > groups) return `the pattern has ${groups} group${groups === 1 ? '' : 's'}, so group ${group} does not exist (Spark fails the query): give 0 for the whole match or 1 to ${groups}`;
  return undefined;
};

/** sha2's bit lengths every backend computes: 256, and 0 (which means 256). */
const sha2Bits: ArgumentRule = (args) => {
  const node = args[1]?.node;
  const bits = node?.kind === 'literal' ? node.value : undefined;
  return bits === 0 || bits === 256 ? undefined : `sha2 of ${String(bits)} bits: only 256 (or 0, which means 256) is computed alike on every backend`;
};

/** String functions. */
export const STRINGS = [
  shared('upper', 'scalar', ['string'], 'utf8', 'Upper case, by full Unicode case mapping (ß → SS).', { aliases: ['ucase'] }),
  shared('lower', 'scalar', ['string'], 'utf8', 'Lower case, by full Unicode case mapping (İ → i̇, a final Σ → ς).', { aliases: ['lcase'] }),
  shared('length', 'scalar', ['string'], 'int32', 'Number of characters (code points).', { aliases: ['char_length', 'character_length', 'len'] }),
  shared('trim', 'scalar', ['string'], 'utf8', 'Strip leading and trailing spaces (U+0020 only).'),
  shared('ltrim', 'scalar', ['string'], 'utf8', 'Strip leading spaces (U+0020 only).'),
  shared('rtrim', 'scalar', ['string'], 'utf8', 'Strip trailing spaces (U+0020 only).'),
  shared('substring', 'scalar', ['string', 'integer', 'integer'], 'utf8', '1-based substring of `length` characters (default: to the end); 0 is the first character, a negative position counts from the end.', { min: 2, aliases: ['substr'] }),
  fn('concat', 'scalar', ['any'], 'utf8', 'Concatenation of the arguments as text; NULL if any argument is NULL.', {
    min: 1, max: null, refuse: noFloatText,
    notes: ['Float, double and binary arguments are refused: Spark prints doubles with Java\'s Double.toString (1.0E-10), which DuckDB does not reproduce; cast them first.'],
  }),
  shared('replace', 'scalar', ['string', 'string', 'string'], 'utf8', 'Replace every occurrence of a substring.', { min: 2 }),
  fn('starts_with', 'scalar', ['string', 'string'], 'bool', 'Whether the string starts with the prefix.', { aliases: ['startswith'] }),
  fn('lpad', 'scalar', ['string', 'integer', 'string'], 'utf8', 'The string left-padded with the pad (default a space) to a length in characters; a longer string is cut to it, a length of 0 or less is empty, an empty pad leaves the string as is.', { min: 2 }),
  fn('rpad', 'scalar', ['string', 'integer', 'string'], 'utf8', 'The string right-padded with the pad (default a space) to a length in characters; a longer string is cut to it, a length of 0 or less is empty, an empty pad leaves the string as is.', { min: 2 }),
  fn('instr', 'scalar', ['string', 'string'], 'int32', '1-based position (in characters) of the first occurrence of a substring, 0 if none; 1 for an empty substring.'),
  shared('md5', 'scalar', ['string_or_binary'], 'utf8', 'MD5 digest as 32 lower-case hex digits (of a string\'s UTF-8 bytes).'),
  shared('sha1', 'scalar', ['string_or_binary'], 'utf8', 'SHA-1 digest as 40 lower-case hex digits (of a string\'s UTF-8 bytes).', { aliases: ['sha'] }),
  fn('sha2', 'scalar', ['string_or_binary', 'integer_literal'], 'utf8', 'SHA-256 digest as 64 lower-case hex digits (of a string\'s UTF-8 bytes); bits 256 or 0.', {
    refuse: sha2Bits,
    notes: ['Bit lengths 224, 384 and 512 are refused: DuckDB has no such SHA-2 built in.'],
  }),
  fn('left', 'scalar', ['string', 'integer'], 'utf8', 'The first `n` characters; empty for `n` of 0 or less.'),
  fn('right', 'scalar', ['string', 'integer'], 'utf8', 'The last `n` characters; empty for `n` of 0 or less.'),
  fn('repeat', 'scalar', ['string', 'integer'], 'utf8', 'The string repeated `n` times; empty for `n` of 0 or less.'),
  fn('reverse', 'scalar', ['string'], 'utf8', 'The characters (code points) in reverse order; a combining mark moves with the order, as in Spark.'),
  fn('ascii', 'scalar', ['string'], 'int32', 'Code point of the first character; 0 for an empty string.'),
  fn('octet_length', 'scalar', ['string_or_binary'], 'int32', 'Length in bytes (of a string\'s UTF-8 bytes).'),
  fn('initcap', 'scalar', ['string'], 'utf8', 'Each space-separated word with its first character in title case (ß → Ss, ǆ → ǅ) and the rest in lower case.'),
  shared('translate', 'scalar', ['string', 'string', 'string'], 'utf8', 'Each character of the second argument replaced by the character at the same place in the third (deleted where the third is shorter; the first occurrence counts).'),
  fn('base64', 'scalar', ['string_or_binary'], 'utf8', 'Base64 text of a binary or of a string\'s UTF-8 bytes, in lines of 76 characters separated by CRLF (Spark\'s MIME form).'),
  fn('chr', 'scalar', ['integer'], 'utf8', 'The character of code n mod 256 (Latin-1); empty for a negative n.', { aliases: ['char'] }),
  fn('space', 'scalar', ['integer'], 'utf8', 'A string of n spaces; empty for n of 0 or less.'),
  fn('rlike', 'scalar', ['string', 'string_literal'], 'bool', 'Whether a match of a Java regular expression is found anywhere in the string (SQL\'s s RLIKE p); the pattern is rewritten for DuckDB with Java\'s meaning of ., \\s and $, and refused where RE2 cannot say it.', {
    aliases: ['regexp', 'regexp_like'],
    refuse: javaPattern(1, 'find'),
  }),
  fn('regexp_extract', 'scalar', ['string', 'string_literal', 'integer_literal'], 'utf8', 'The text of a group (default 1; 0 is the whole match) of the first match of a Java regular expression; empty when nothing matches or the group took no part.', {
    min: 2,
    refuse: extractGroup,
  }),
  fn('split_part', 'scalar', ['string', 'string', 'integer'], 'utf8', 'The n-th field of the string split at a delimiter (a negative n counts from the end); empty beyond the last; an index of 0 is an error.'),
  fn('substring_index', 'scalar', ['string', 'string', 'integer'], 'utf8', 'The string before the n-th occurrence of a delimiter (after the n-th from the end for a negative n); the whole string when it has fewer.'),
  fn('locate', 'scalar', ['string', 'string', 'integer'], 'int32', '1-based position of the first occurrence of a substring in a string, searching from a position (default 1); 0 if none or the position is below 1.', { min: 2, aliases: ['position'] }),
  fn('ends_with', 'scalar', ['string', 'string'], 'bool', 'Whether the string ends with the suffix.', { aliases: ['endswith'] }),
  shared('contains', 'scalar', ['string', 'string'], 'bool', 'Whether the string contains the substring (always, for an empty one).'),
  fn('concat_ws', 'scalar', ['string', 'any'], 'utf8', 'The arguments after the separator, and the elements of array arguments, as text joined by it; NULLs are skipped; NULL if the separator is.', {
    min: 1, max: null, refuse: noFloatText,
    notes: ['Float, double and binary arguments are refused: Spark prints doubles with Java\'s Double.toString (1.0E-10), which DuckDB does not reproduce; cast them first.'],
  }),
  fn('btrim', 'scalar', ['string', 'string'], 'utf8', 'The string without leading and trailing spaces, or characters of the second argument.', { min: 1 }),
  fn('elt', 'scalar', ['integer', 'string'], 'utf8', 'The n-th of the string arguments after n (from 1); an n outside them is an error.', { min: 2, max: null }),
  fn('find_in_set', 'scalar', ['string', 'string'], 'int32', '1-based position of the string among the comma-separated fields of the second; 0 if absent or if it holds a comma.'),
  fn('bit_length', 'scalar', ['string_or_binary'], 'int32', 'Length in bits (8 per byte of a string\'s UTF-8 bytes).'),
] as const;
