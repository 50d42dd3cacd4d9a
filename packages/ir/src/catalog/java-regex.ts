/**
 * Java's regular expressions (Spark's) rewritten for RE2 (DuckDB's), where
 * the two can mean the same: a small parser reads the pattern and writes
 * each construct in RE2's syntax with Java's meaning, or says why it
 * cannot. Java's `.` does not match any line terminator (RE2's only skips
 * `\n`), its `\s` includes `\x0B` (RE2's does not), its `$` also matches
 * before a final line terminator: each is written out. What RE2 has no way
 * to say (backreferences, lookaround, Java's Unicode `\b`, inline flags,
 * possessive quantifiers) is refused with the construct named.
 */

/** What a translation found: RE2's pattern and its capturing groups. */
export interface Re2Pattern {
  /** The pattern in RE2's syntax, with Java's meaning. */
  readonly re2: string;
  /** How many capturing groups the pattern has (Java counts them as RE2 does). */
  readonly groups: number;
}

/**
 * How the caller uses a match, which decides what Java's `$` may become:
 * `find` (only whether there is a match, or the text of a group `$` is not
 * inside) lets it take the final line terminator; `exact` (the matched text
 * itself) cannot, so a `$` is refused there.
 */
export type DollarUse = 'find' | 'outside-groups' | 'exact';

/** Java's line terminators, which its `.` and `$` respect. */
const LINE_TERMINATORS = '\\n\\r\\x{85}\\x{2028}\\x{2029}';
/** Java's `\s` (ASCII whitespace, vertical tab included), as the inside of a class. */
const JAVA_SPACE = '\\t\\n\\x{B}\\f\\r ';
/** Zero-width atoms a quantifier may not follow. */
const ANCHORS: ReadonlySet<string> = new Set(['^', '\\A', '\\z']);
/** RE2's largest repetition count. */
const MAX_REPEAT = 1000;

/** A pattern Þund cannot run alike on both engines: why. */
export class JavaRegexProblem extends Error {
  /** The class's name, for messages and logs. */
  override readonly name = 'JavaRegexProblem';
}

/**
 * `pattern` (Java syntax) in RE2's syntax with the same matches, or a
 * `JavaRegexProblem` saying which construct cannot be.
 */
export function javaRegexToRe2(pattern: string, dollar: DollarUse): Re2Pattern {
  const parser = new JavaRegexParser(pattern, dollar);
  return { re2: parser.parse(), groups: parser.groups };
}

/** Why `pattern` cannot run alike, or `undefined` when it can. */
export function javaRegexProblem(pattern: string, dollar: DollarUse): string | undefined {
  try {
    javaRegexToRe2(pattern, dollar);
    return undefined;
  } catch (error) {
    if (error instanceof JavaRegexProblem) return `the pattern ${JSON.stringify(pattern)} ${error.message}`;
    throw error;
  }
}

const hex = (code: number): string => `\\x{${code.toString(16).toUpperCase()}}`;

class JavaRegexParser {
  readonly #chars: readonly string[];
  readonly #dollar: DollarUse;
  #at = 0;
  #captureDepth = 0;
  groups = 0;

  constructor(pattern: string, dollar: DollarUse) {
    this.#chars = Array.from(pattern);
    this.#dollar = dollar;
  }

  parse(): string {
    const text = this.#alternation();
    if (this.#at < this.#chars.length) throw new JavaRegexProblem(`has an unmatched ")" at position ${this.#at + 1}: Spark refuses it`);
    return text;
  }

  #peek(ahead = 0): string | undefined {
    return this.#chars[this.#at + ahead];
  }

  #next(): string {
    const char = this.#chars[this.#at];
    if (char === undefined) throw new JavaRegexProblem('ends in the middle of a construct: Spark refuses it');
    this.#at += 1;
    return char;
  }

  #alternation(): string {
    const branches = [this.#sequence()];
    while (this.#peek() === '|') {
      this.#at += 1;
      branches.push(this.#sequence());
    }
    return branches.join('|');
  }

  #sequence(): string {
    let text = '';
    for (let char = this.#peek(); char !== undefined && char !== '|' && char !== ')'; char = this.#peek()) {
      text += this.#quantified(this.#atom());
    }
    return text;
  }

  /** An atom and the quantifier after it, if any. */
  #quantified(atom: string): string {
    const char = this.#peek();
    let quantifier: string;
    if (char === '*' || char === '+' || char === '?') {
      this.#at += 1;
      quantifier = char;
    } else if (char === '{') {
      quantifier = this.#repetition();
    } else {
      return atom;
    }
    if (atom === '' || ANCHORS.has(atom) || atom.endsWith('\\z')) throw new JavaRegexProblem('repeats nothing (a quantifier at the start or after an anchor), which Java and RE2 read differently: remove the quantifier');
    if (this.#peek() === '+') throw new JavaRegexProblem('uses a possessive quantifier (*+, ++, ?+, {n}+), which RE2 does not have: write it without the last +');
    if (this.#peek() === '?') {
      this.#at += 1;
      quantifier += '?';
    }
    if (this.#peek() === '*' || this.#peek() === '+' || this.#peek() === '?' || this.#peek() === '{') {
      throw new JavaRegexProblem('repeats a repetition (a** or a{2}{3}), which Java and RE2 read differently: group it first, (?:a*)*');
    }
    return `${atom}${quantifier}`;
  }

  /** `{n}`, `{n,}` or `{n,m}`; Java refuses a `{` that begins none of them. */
  #repetition(): string {
    const rest = this.#chars.slice(this.#at).join('');
    const match = /^\{(\d+)(,(\d*))?\}/.exec(rest);
    if (match === null) throw new JavaRegexProblem('has a "{" that begins no repetition ({n}, {n,} or {n,m}): Java refuses it; write \\{ for the character');
    const [text, low, , high] = match as unknown as [string, string, string | undefined, string | undefined];
    if (Number(low) > MAX_REPEAT || (high !== undefined && high !== '' && Number(high) > MAX_REPEAT)) {
      throw new JavaRegexProblem(`repeats more than ${MAX_REPEAT} times, RE2's limit: split the repetition`);
    }
    if (high !== undefined && high !== '' && Number(high) < Number(low)) throw new JavaRegexProblem(`has the repetition ${text}, whose bounds are reversed: Spark refuses it`);
    this.#at += Array.from(text).length;
    return text;
  }

  #atom(): string {
    const char = this.#next();
    switch (char) {
      case '(':
        return this.#group();
      case '[':
        return this.#characterClass();
      case '\\':
        return this.#escape();
      case '.':
        return `[^${LINE_TERMINATORS}]`;
      case '^':
        return '^';
      case '$':
        return this.#endOfInput();
      case '*':
      case '+':
      case '?':
        throw new JavaRegexProblem(`has "${char}" with nothing before it to repeat: Spark refuses it`);
      case '{':
        throw new JavaRegexProblem('has a "{" that begins no repetition: Java refuses it; write \\{ for the character');
      default:
        return char;
    }
  }

  /** Java's `$`: the end, or before a line terminator that ends the input. */
  #endOfInput(): string {
    if (this.#dollar === 'exact' || (this.#dollar === 'outside-groups' && this.#captureDepth > 0)) {
      throw new JavaRegexProblem('uses $, which in Java also matches before a final line break, and RE2 cannot say that without taking the break into the match: write \\z for the very end (the same on both engines)');
    }
    return `(?:\\r\\n|[${LINE_TERMINATORS}])?\\z`;
  }

  #group(): string {
    let open = '(';
    let capturing = true;
    if (this.#peek() === '?') {
      this.#at += 1;
      const kind = this.#next();
      if (kind === ':') {
        open = '(?:';
        capturing = false;
      } else if (kind === '<' && this.#peek() !== '=' && this.#peek() !== '!') {
        let name = '';
        for (let c = this.#next(); c !== '>'; c = this.#next()) name += c;
        if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new JavaRegexProblem(`names a group "${name}", which Java refuses (a letter, then letters or digits)`);
        open = `(?P<${name}>`;
      } else if (kind === '=' || kind === '!' || kind === '<') {
        throw new JavaRegexProblem('uses lookaround ((?=…), (?!…), (?<=…), (?<!…)), which RE2 does not have: match the text and pick the part you need with a group');
      } else if (kind === '>') {
        throw new JavaRegexProblem('uses an atomic group ((?>…)), which RE2 does not have');
      } else {
        throw new JavaRegexProblem('uses inline flags ((?i), (?s), …), which Java and RE2 apply differently (Java folds case in ASCII only): write the cases out, [Aa]');
      }
    }
    if (capturing) {
      this.groups += 1;
      this.#captureDepth += 1;
    }
    const inner = this.#alternation();
    if (capturing) this.#captureDepth -= 1;
    if (this.#next() !== ')') throw new JavaRegexProblem('has an unclosed "(": Spark refuses it');
    return `${open}${inner})`;
  }

  /** An escape outside a character class. */
  #escape(): string {
    const char = this.#next();
    switch (char) {
      case 'd': case 'D': case 'w': case 'W':
        return `\\${char}`;
      case 's':
        return `[${JAVA_SPACE}]`;
      case 'S':
        return `[^${JAVA_SPACE}]`;
      case 'z':
        return '\\z';
      case 'A':
        return '\\A';
      case 'Q':
        return this.#quoted();
      case 'b': case 'B':
        throw new JavaRegexProblem(`uses \\${char}, a word boundary that Java draws around Unicode letters and RE2 around ASCII ones: match the neighbouring characters instead`);
      default:
        return this.#escapedCharacter(char, 'outside');
    }
  }

  /** `\Q…\E`: every character between as itself. */
  #quoted(): string {
    let text = '';
    while (this.#at < this.#chars.length) {
      if (this.#peek() === '\\' && this.#peek(1) === 'E') {
        this.#at += 2;
        return text;
      }
      text += literal(this.#next());
    }
    return text;
  }

  /** An escape that stands for one character (both inside and outside classes). */
  #escapedCharacter(char: string, where: 'inside' | 'outside'): string {
    switch (char) {
      case 't': return '\\t';
      case 'n': return '\\n';
      case 'r': return '\\r';
      case 'f': return '\\f';
      case 'a': return hex(7);
      case 'e': return hex(27);
      case '0': {
        const code = this.#digits(/[0-7]/, 3, 8, 'an octal escape \\0 needs octal digits');
        if (code > 0o377) throw new JavaRegexProblem('has an octal escape above \\0377, which Java reads as a shorter one: write \\x{…}');
        return hex(code);
      }
      case 'x': {
        if (this.#peek() === '{') {
          this.#at += 1;
          let digits = '';
          for (let c = this.#next(); c !== '}'; c = this.#next()) digits += c;
          if (!/^[0-9A-Fa-f]{1,6}$/.test(digits) || Number.parseInt(digits, 16) > 0x10ffff) throw new JavaRegexProblem(`has \\x{${digits}}, not a code point: Spark refuses it`);
          return hex(Number.parseInt(digits, 16));
        }
        return hex(this.#digits(/[0-9A-Fa-f]/, 2, 16, '\\x needs two hexadecimal digits', 2));
      }
      case 'u': return hex(this.#digits(/[0-9A-Fa-f]/, 4, 16, '\\u needs four hexadecimal digits', 4));
      case 'c': {
        const control = this.#next();
        return hex((control.codePointAt(0) ?? 0) ^ 64);
      }
      default:
        if (/[0-9]/.test(char)) throw new JavaRegexProblem(`uses a backreference (\\${char}), which RE2 does not have`);
        if (/[A-Za-z]/.test(char)) {
          throw new JavaRegexProblem(`uses \\${char}${where === 'inside' ? ' inside a character class' : ''}, which RE2 does not read as Java does (or at all): write the characters it stands for`);
        }
        return literal(char);
    }
  }

  /** Up to `most` digits of a base (at least `least`), as a number. */
  #digits(digit: RegExp, most: number, base: number, problem: string, least = 1): number {
    let text = '';
    while (text.length < most && this.#peek() !== undefined && digit.test(this.#peek() as string)) text += this.#next();
    if (text.length < least) throw new JavaRegexProblem(`${problem}: Spark refuses it`);
    return Number.parseInt(text, base);
  }

  /** `[…]`: ranges, escapes and negation as in RE2; Java's unions, intersections and nested classes refused. */
  #characterClass(): string {
    let text = '[';
    if (this.#peek() === '^') {
      this.#at += 1;
      text += '^';
    }
    if (this.#peek() === ']') throw new JavaRegexProblem('has a character class that begins with "]", which Java and RE2 read differently: write \\] for the character');
    for (;;) {
      const char = this.#next();
      if (char === ']') return `${text}]`;
      if (char === '[') throw new JavaRegexProblem('nests a character class ([a-z[0-9]] or [[:alpha:]]), which Java reads as a union and RE2 otherwise: list the characters in one class');
      if (char === '&' && this.#peek() === '&') throw new JavaRegexProblem('intersects character classes (&&), which RE2 does not: list the characters the intersection keeps');
      if (char === '\\') {
        const escaped = this.#next();
        if (escaped === 'd' || escaped === 'D' || escaped === 'w' || escaped === 'W') text += `\\${escaped}`;
        else if (escaped === 's') text += JAVA_SPACE;
        else if (escaped === 'S' || escaped === 'Q' || escaped === 'b' || escaped === 'B' || escaped === 'z' || escaped === 'A') {
          throw new JavaRegexProblem(`uses \\${escaped} inside a character class, which RE2 cannot say there as Java means it`);
        } else text += this.#escapedCharacter(escaped, 'inside');
        continue;
      }
      // A character RE2 reads specially inside a class is escaped; ranges keep their hyphen.
      text += char === '-' ? '-' : literal(char);
    }
  }
}

/** One character as itself in RE2's syntax: ASCII punctuation escaped, everything else as written. */
function literal(char: string): string {
  return /^[!-/:-@[-`{-~]$/.test(char) ? `\\${char}` : char;
}
