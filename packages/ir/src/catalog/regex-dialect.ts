/**
 * Constructs of Java's regular expressions (Spark) that RE2 (DuckDB)
 * either lacks or reads otherwise, each with what it is.
 */
const JAVA_ONLY: readonly (readonly [RegExp, string])[] = [
  [/\(\?<?[=!]/, 'lookaround ((?=…), (?!…), (?<=…), (?<!…))'],
  [/\(\?>/, 'an atomic group ((?>…))'],
  [/[*+?}]\+/, 'a possessive quantifier (*+, ++, ?+, {n}+)'],
  [/\\[1-9]|\\k</, 'a backreference (\\1, \\k<name>)'],
  [/\\[QEZAGRhHvVX]|\\p\{(?:java|Is|In)/, 'an escape only Java knows (\\Q…\\E, \\Z, \\A, \\G, \\R, \\h, \\v, \\X, Java character classes)'],
  [/\[[^\]]*&&/, 'a character class intersection ([a-z&&[^e]])'],
  [/\(\?[a-zA-Z]*[cdux]/, 'a Java-only flag ((?d), (?u), (?x), (?c))'],
];

/**
 * Why a Java regular expression cannot be run alike by RE2, or `undefined`
 * when both engines read it the same way (as far as its syntax shows).
 */
export function regexProblem(pattern: string): string | undefined {
  for (const [construct, what] of JAVA_ONLY) {
    if (construct.test(pattern)) return `the pattern ${JSON.stringify(pattern)} uses ${what}, which DuckDB's RE2 does not read as Spark's Java regular expressions do: rewrite it without`;
  }
  return undefined;
}
