import { describe, expect, it } from 'vitest';
import { javaRegexProblem, javaRegexToRe2 } from '@thund/ir';

/*
 * Java regular expressions rewritten for RE2 with Java's meaning. The
 * function differential (backend-spark) shows the rewrites give Spark's
 * answers on real Spark; these pin down what each construct becomes and
 * what is refused, with the construct named.
 */

describe('javaRegexToRe2', () => {
  it.each([
    ['abc', 'abc'],
    ['a.c', 'a[^\\n\\r\\x{85}\\x{2028}\\x{2029}]c'],
    ['\\s+', '[\\t\\n\\x{B}\\f\\r ]+'],
    ['[\\s,]', '[\\t\\n\\x{B}\\f\\r \\,]'],
    ['\\S', '[^\\t\\n\\x{B}\\f\\r ]'],
    ['\\d{2,3}?', '\\d{2,3}?'],
    ['h(?<v>[ae])llo', 'h(?P<v>[ae])llo'],
    ['(?:ab)*', '(?:ab)*'],
    ['\\u00e9\\x41\\x{1F600}\\t', '\\x{E9}\\x{41}\\x{1F600}\\t'],
    ['\\Qa.b\\E', 'a\\.b'],
    ['a\\z', 'a\\z'],
  ])('%s becomes %s', (java, re2) => {
    expect(javaRegexToRe2(java, 'exact').re2).toBe(re2);
  });

  it('$ may take a final line terminator where only the match or a group outside it is read, and counts groups', () => {
    expect(javaRegexToRe2('^(a+)$', 'outside-groups')).toEqual({ re2: '^(a+)(?:\\r\\n|[\\n\\r\\x{85}\\x{2028}\\x{2029}])?\\z', groups: 1 });
    expect(javaRegexToRe2('(a)(?:b)(?<c>c)', 'find').groups).toBe(2);
  });

  it.each([
    ['a$', 'exact', /uses \$, which in Java also matches before a final line break/],
    ['(a$)', 'outside-groups', /uses \$/],
    ['(a)\\1', 'find', /uses a backreference \(\\1\)/],
    ['a(?=b)', 'find', /uses lookaround/],
    ['(?i)abc', 'find', /uses inline flags/],
    ['\\bword\\b', 'find', /uses \\b, a word boundary that Java draws around Unicode letters/],
    ['a*+', 'find', /possessive quantifier/],
    ['[a-z&&[^e]]', 'find', /intersects character classes|nests a character class/],
    ['[[:alpha:]]', 'find', /nests a character class/],
    ['\\p{L}', 'find', /uses \\p/],
    ['a{', 'find', /begins no repetition/],
    ['a{2000}', 'find', /more than 1000 times/],
    ['*a', 'find', /nothing before it to repeat/],
    ['(a', 'find', /unclosed|ends in the middle/],
    ['a)', 'find', /unmatched "\)"/],
  ] as const)('%s is refused (%s)', (java, use, reason) => {
    expect(javaRegexProblem(java, use)).toMatch(reason);
  });
});
