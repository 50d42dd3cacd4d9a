/**
 * Spark's datetime patterns (Java DateTimeFormatter letters, as Spark 4.3
 * reads them), parsed once into fields and literal text, so every backend
 * renders the same pattern its own way (DuckDB from each field, Spark
 * passing the pattern through). Only the letters each backend renders
 * exactly are accepted; any other is refused by `check`, naming it.
 */

/** One piece of a pattern: a field (a letter repeated `count` times) or literal text. */
export type PatternToken =
  | {
      /** A date or time field. */
      readonly kind: 'field';
      /** Its pattern letter (`y`, `M`, `d`, …). */
      readonly letter: string;
      /** How many times the letter is repeated (`yyyy` is 4). */
      readonly count: number;
    }
  | {
      /** Text printed (or matched) as it is. */
      readonly kind: 'literal';
      /** The text. */
      readonly text: string;
    };

/** What a pattern is used for: printing a date or timestamp, or reading one from a string. */
export type PatternUse = 'format' | 'parse';

/** The letters and counts Þund renders exactly, by use. */
const FORMAT_FIELDS: Readonly<Record<string, readonly number[]>> = {
  y: [1, 2, 3, 4], M: [1, 2, 3, 4], L: [1, 2, 3, 4], d: [1, 2], D: [1, 2, 3], H: [1, 2], h: [1, 2], k: [1, 2], K: [1, 2], m: [1, 2], s: [1, 2],
  S: [1, 2, 3, 4, 5, 6, 7, 8, 9], a: [1], E: [1, 2, 3, 4], Q: [1, 2], q: [1, 2],
};

const PARSE_FIELDS: Readonly<Record<string, readonly number[]>> = {
  y: [4], M: [1, 2, 3, 4], d: [1, 2], H: [1, 2], h: [1, 2], m: [1, 2], s: [1, 2], S: [1, 2, 3, 4, 5, 6], a: [1],
};

const LETTER_NAMES: Readonly<Record<string, string>> = {
  G: 'era', u: 'year', Y: 'week-based year', w: 'week of week-based year', W: 'week of month', F: 'aligned week of month', e: 'localized day of week',
  c: 'localized day of week', n: 'nano of second', N: 'nano of day', A: 'milli of day', V: 'time-zone ID', v: 'generic time-zone name',
  z: 'time-zone name', O: 'localized zone offset', X: 'zone offset (Z for zero)', x: 'zone offset', Z: 'zone offset', B: 'day period',
  y: 'year', M: 'month', L: 'month', d: 'day of month', D: 'day of year', H: 'hour (0-23)', h: 'hour (1-12)', k: 'hour (1-24)', K: 'hour (0-11)',
  m: 'minute', s: 'second', S: 'fraction of second', a: 'AM/PM', E: 'day of week', Q: 'quarter', q: 'quarter',
};

/** A parsed pattern, or why Þund refuses it. */
export type ParsedPattern =
  | {
      /** The pattern's tokens in order. */
      readonly tokens: readonly PatternToken[];
    }
  | {
      /** What in the pattern Þund refuses, as a phrase. */
      readonly refused: string;
    };

/** The pattern's tokens: letters grouped by repetition, quoted text ('' is a quote) and other characters as literals. */
function tokenize(pattern: string): PatternToken[] | string {
  const tokens: PatternToken[] = [];
  const literal = (text: string) => {
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'literal') tokens[tokens.length - 1] = { kind: 'literal', text: last.text + text };
    else tokens.push({ kind: 'literal', text });
  };
  for (let i = 0; i < pattern.length;) {
    const ch = pattern[i] as string;
    if (/[A-Za-z]/.test(ch)) {
      let j = i;
      while (pattern[j] === ch) j += 1;
      tokens.push({ kind: 'field', letter: ch, count: j - i });
      i = j;
    } else if (ch === "'") {
      if (pattern[i + 1] === "'") {
        literal("'");
        i += 2;
        continue;
      }
      let j = i + 1;
      let text = '';
      for (;;) {
        if (j >= pattern.length) return 'a quoted text is not closed: add the closing \'';
        if (pattern[j] === "'") {
          if (pattern[j + 1] === "'") {
            text += "'";
            j += 2;
            continue;
          }
          break;
        }
        text += pattern[j];
        j += 1;
      }
      literal(text);
      i = j + 1;
    } else if ('[]{}#'.includes(ch)) {
      return `"${ch}" is reserved in a datetime pattern (optional sections are not supported): quote it ('${ch}') to print it`;
    } else {
      literal(ch);
      i += 1;
    }
  }
  return tokens;
}

/**
 * A Spark datetime pattern as tokens, or the reason Þund refuses it for
 * this use: a letter (or a count of it) no backend renders exactly like
 * Spark, named with what it means.
 */
export function parseDatetimePattern(pattern: string, use: PatternUse): ParsedPattern {
  const tokens = tokenize(pattern);
  if (typeof tokens === 'string') return { refused: `pattern ${JSON.stringify(pattern)}: ${tokens}` };
  const allowed = use === 'format' ? FORMAT_FIELDS : PARSE_FIELDS;
  for (const token of tokens) {
    if (token.kind !== 'field') continue;
    const counts = allowed[token.letter];
    const name = LETTER_NAMES[token.letter];
    const letters = token.letter.repeat(token.count);
    if (counts === undefined) {
      const what = name === undefined ? 'is not a Spark pattern letter' : `(${name}) is not supported ${use === 'format' ? 'in a printed' : 'when reading a'} date or time`;
      return { refused: `pattern ${JSON.stringify(pattern)}: letter '${token.letter}' ${what}; use ${use === 'format' ? 'y M d H h m s S a E D Q' : 'y(yyy) M d H h m s S a'} or quote literal text` };
    }
    if (!counts.includes(token.count)) {
      return { refused: `pattern ${JSON.stringify(pattern)}: '${letters}' (${name}) is not supported ${use === 'format' ? 'in a printed' : 'when reading a'} date or time; '${token.letter}' may be repeated ${counts.join(', ')} time(s)` };
    }
  }
  if (use === 'parse' && tokens.some((t) => t.kind === 'field' && t.letter === 'h') !== tokens.some((t) => t.kind === 'field' && t.letter === 'a')) {
    return { refused: `pattern ${JSON.stringify(pattern)}: reading 'h' (hour 1-12) needs 'a' (AM/PM) and 'a' needs 'h'` };
  }
  return { tokens };
}
