import { quoteString } from '../sql-text.js';
import { sparkUpper } from './spark-case.js';

/**
 * The characters whose title case is not their upper case
 * (Unicode's title-case mappings, full ones included: ß → Ss, ǆ → ǅ,
 * ﬁ → Fi, ᾳ → ᾼ), which Spark's initcap uses and DuckDB has no function
 * for. Georgian Mkhedruli letters (U+10D0–U+10FF), whose title case is
 * themselves, are a range below. Listed from the Unicode Character
 * Database (UnicodeData's title-case field and SpecialCasing).
 */
const TITLE_CASE_EXCEPTIONS: readonly (readonly [lower: string, title: string])[] = [
  ['\u{df}', 'Ss'], ['\u{1c4}', '\u{1c5}'], ['\u{1c5}', '\u{1c5}'], ['\u{1c6}', '\u{1c5}'], ['\u{1c7}', '\u{1c8}'], ['\u{1c8}', '\u{1c8}'],
  ['\u{1c9}', '\u{1c8}'], ['\u{1ca}', '\u{1cb}'], ['\u{1cb}', '\u{1cb}'], ['\u{1cc}', '\u{1cb}'], ['\u{1f1}', '\u{1f2}'], ['\u{1f2}', '\u{1f2}'],
  ['\u{1f3}', '\u{1f2}'], ['\u{587}', '\u{535}\u{582}'], ['\u{1f80}', '\u{1f88}'], ['\u{1f81}', '\u{1f89}'], ['\u{1f82}', '\u{1f8a}'], ['\u{1f83}', '\u{1f8b}'],
  ['\u{1f84}', '\u{1f8c}'], ['\u{1f85}', '\u{1f8d}'], ['\u{1f86}', '\u{1f8e}'], ['\u{1f87}', '\u{1f8f}'], ['\u{1f88}', '\u{1f88}'], ['\u{1f89}', '\u{1f89}'],
  ['\u{1f8a}', '\u{1f8a}'], ['\u{1f8b}', '\u{1f8b}'], ['\u{1f8c}', '\u{1f8c}'], ['\u{1f8d}', '\u{1f8d}'], ['\u{1f8e}', '\u{1f8e}'], ['\u{1f8f}', '\u{1f8f}'],
  ['\u{1f90}', '\u{1f98}'], ['\u{1f91}', '\u{1f99}'], ['\u{1f92}', '\u{1f9a}'], ['\u{1f93}', '\u{1f9b}'], ['\u{1f94}', '\u{1f9c}'], ['\u{1f95}', '\u{1f9d}'],
  ['\u{1f96}', '\u{1f9e}'], ['\u{1f97}', '\u{1f9f}'], ['\u{1f98}', '\u{1f98}'], ['\u{1f99}', '\u{1f99}'], ['\u{1f9a}', '\u{1f9a}'], ['\u{1f9b}', '\u{1f9b}'],
  ['\u{1f9c}', '\u{1f9c}'], ['\u{1f9d}', '\u{1f9d}'], ['\u{1f9e}', '\u{1f9e}'], ['\u{1f9f}', '\u{1f9f}'], ['\u{1fa0}', '\u{1fa8}'], ['\u{1fa1}', '\u{1fa9}'],
  ['\u{1fa2}', '\u{1faa}'], ['\u{1fa3}', '\u{1fab}'], ['\u{1fa4}', '\u{1fac}'], ['\u{1fa5}', '\u{1fad}'], ['\u{1fa6}', '\u{1fae}'], ['\u{1fa7}', '\u{1faf}'],
  ['\u{1fa8}', '\u{1fa8}'], ['\u{1fa9}', '\u{1fa9}'], ['\u{1faa}', '\u{1faa}'], ['\u{1fab}', '\u{1fab}'], ['\u{1fac}', '\u{1fac}'], ['\u{1fad}', '\u{1fad}'],
  ['\u{1fae}', '\u{1fae}'], ['\u{1faf}', '\u{1faf}'], ['\u{1fb2}', '\u{1fba}\u{345}'], ['\u{1fb3}', '\u{1fbc}'], ['\u{1fb4}', '\u{386}\u{345}'], ['\u{1fb7}', '\u{391}\u{342}\u{345}'],
  ['\u{1fbc}', '\u{1fbc}'], ['\u{1fc2}', '\u{1fca}\u{345}'], ['\u{1fc3}', '\u{1fcc}'], ['\u{1fc4}', '\u{389}\u{345}'], ['\u{1fc7}', '\u{397}\u{342}\u{345}'], ['\u{1fcc}', '\u{1fcc}'],
  ['\u{1ff2}', '\u{1ffa}\u{345}'], ['\u{1ff3}', '\u{1ffc}'], ['\u{1ff4}', '\u{38f}\u{345}'], ['\u{1ff7}', '\u{3a9}\u{342}\u{345}'], ['\u{1ffc}', '\u{1ffc}'], ['\u{fb00}', 'Ff'],
  ['\u{fb01}', 'Fi'], ['\u{fb02}', 'Fl'], ['\u{fb03}', 'Ffi'], ['\u{fb04}', 'Ffl'], ['\u{fb05}', 'St'], ['\u{fb06}', 'St'],
  ['\u{fb13}', '\u{544}\u{576}'], ['\u{fb14}', '\u{544}\u{565}'], ['\u{fb15}', '\u{544}\u{56b}'], ['\u{fb16}', '\u{54e}\u{576}'], ['\u{fb17}', '\u{544}\u{56d}'],
];

/** DuckDB SQL of the title case of one character `c`: its entry above, else its full upper case (ŉ → ʼN). */
export function titleCaseOf(c: string): string {
  const map = `MAP {${TITLE_CASE_EXCEPTIONS.map(([lower, title]) => `${quoteString(lower)}: ${quoteString(title)}`).join(', ')}}`;
  return `coalesce(${map}[${c}], CASE WHEN ${c} BETWEEN '\u10d0' AND '\u10ff' THEN ${c} ELSE ${sparkUpper(c)} END)`;
}
