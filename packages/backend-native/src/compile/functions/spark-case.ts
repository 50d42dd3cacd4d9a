import { quoteString } from '../sql-text.js';
import { CASE_DIFFERENCES } from './case-differences.js';

/** Whether a string holds only ASCII, where DuckDB and Spark map case alike. */
const ascii = (x: string): string => `NOT regexp_matches(${x}, '[^\\x00-\\x7F]')`;

/** The characters a case mapping takes elsewhere: one-to-one ones through one `translate`, the rest one `replace` each. */
function remap(x: string, direction: 'upper' | 'lower'): string {
  const entries = CASE_DIFFERENCES[direction];
  const single = entries.filter(([, to]) => [...to].length === 1);
  const multiple = entries.filter(([, to]) => [...to].length > 1);
  let sql = single.length === 0 ? x : `translate(${x}, ${quoteString(single.map(([cp]) => String.fromCodePoint(cp)).join(''))}, ${quoteString(single.map(([, to]) => to).join(''))})`;
  for (const [cp, to] of multiple) sql = `replace(${sql}, ${quoteString(String.fromCodePoint(cp))}, ${quoteString(to)})`;
  return sql;
}

const CASED = '\\p{Lu}\\p{Ll}\\p{Lt}';
const CASE_IGNORABLE = "\\p{Mn}\\p{Me}\\p{Cf}\\p{Lm}\\p{Sk}'.:\\x{00B7}\\x{0387}\\x{05F4}\\x{2018}\\x{2019}\\x{2024}\\x{2027}\\x{FE13}\\x{FE52}\\x{FE55}\\x{FF07}\\x{FF0E}\\x{FF1A}";

/**
 * A capital sigma at the end of a word lower-cases to ς (Unicode's
 * Final_Sigma: after a cased letter and case-ignorable characters, and not
 * before case-ignorable characters and a cased letter), as Spark's lower
 * does; DuckDB always gives σ. Written before DuckDB's lower, which keeps ς.
 */
function finalSigma(x: string): string {
  const pattern = `([${CASED}][${CASE_IGNORABLE}]*)\\x{03A3}([${CASE_IGNORABLE}]*)([^${CASED}${CASE_IGNORABLE}]|$)`;
  return `regexp_replace(${x}, ${quoteString(pattern)}, ${quoteString('\\1ς\\2\\3')}, 'g')`;
}

/** Spark's upper: full Unicode case mapping (ß → SS), as Spark 4.3 maps every code point. */
export function sparkUpper(x: string): string {
  return `(CASE WHEN ${ascii(x)} THEN upper(${x}) ELSE upper(${remap(x, 'upper')}) END)`;
}

/** Spark's lower: full case mapping (İ → i̇) with the final sigma, as Spark 4.3 maps every code point. */
export function sparkLower(x: string): string {
  return `(CASE WHEN ${ascii(x)} THEN lower(${x}) ELSE lower(${finalSigma(remap(x, 'lower'))}) END)`;
}
