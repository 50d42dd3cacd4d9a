import { SqlError } from '../sql-error.js';
import type { SourcePosition, Token, TokenKind } from './token.js';

/** Two-character symbols first, so `<=` is not read as `<` then `=`. */
const SYMBOLS = ['<=>', '<>', '<=', '>=', '!=', '==', '||', '::', '=>', '(', ')', '[', ']', ',', '.', ';', ':', '=', '<', '>', '+', '-', '*', '/', '%'];

/** A number at the sticky position, however long (a 70-digit integer is one token, refused by the parser with its length). */
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?(?:BD|[LSYDF])?(?![A-Za-z0-9_])/iy;

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', '0': '\0', Z: '\x1a' };

/** A Databricks notebook export's cell separator, on a line of its own. */
const CELL_SEPARATOR = /^-- COMMAND -{3,}[ \t]*$/;
/** The first line of a notebook cell in another language whose text is SQL (`%sql` magic). */
const SQL_MAGIC = /^-- MAGIC %sql[ \t]*$/;
const MAGIC_PREFIX = /^-- MAGIC ?/;

/**
 * Splits Spark SQL text into tokens, as Spark's lexer does for the forms
 * Þund reads: identifiers (bare or `back-quoted`), strings in single or
 * double quotes with backslash escapes (a double-quoted text is a string,
 * as in Spark, whose `spark.sql.ansi.doubleQuotedIdentifiers` is off by
 * default), numbers (with Spark's `L`, `D`, `BD` suffixes), symbols; `--`
 * and nested `/* *\/` comments are skipped.
 *
 * Databricks notebook exports are read as the SQL they hold: a
 * `-- COMMAND ----------` line ends the statement before it (cells need
 * no `;`), `-- MAGIC` lines (markdown, other languages) are comments, and
 * the lines of a `-- MAGIC %sql` cell are SQL without their prefix.
 */
export function tokenize(text: string, file: string, origin: { readonly line: number; readonly column: number } = { line: 1, column: 1 }): Token[] {
  const tokens: Token[] = [];
  let offset = 0;
  // `origin` places text that is itself inside a file (a schema string) at its line and column there.
  let line = origin.line;
  let lineStart = 1 - origin.column;
  const here = (): SourcePosition => ({ offset, line, column: offset - lineStart + 1 });
  const advance = (to: number): void => {
    for (let i = offset; i < to; i += 1) {
      if (text[i] === '\n') {
        line += 1;
        lineStart = i + 1;
      }
    }
    offset = to;
  };
  const push = (kind: TokenKind, value: string, position: SourcePosition, end: number): void => {
    tokens.push({ kind, value, position, end });
    advance(end);
  };

  /** Inside a `%sql` magic cell: each `-- MAGIC` line's rest is SQL. */
  let sqlCell = false;
  while (offset < text.length) {
    const c = text[offset] as string;
    if (/\s/.test(c)) {
      advance(offset + 1);
      continue;
    }
    if (text.startsWith('--', offset)) {
      const newline = text.indexOf('\n', offset);
      const end = newline === -1 ? text.length : newline;
      const comment = text.slice(offset, end);
      const atLineStart = offset === lineStart;
      if (atLineStart && sqlCell && MAGIC_PREFIX.test(comment)) {
        advance(offset + (MAGIC_PREFIX.exec(comment)?.[0].length ?? 0));
        continue;
      }
      if (atLineStart && CELL_SEPARATOR.test(comment)) {
        sqlCell = false;
        push('symbol', ';', here(), offset);
      } else if (atLineStart && SQL_MAGIC.test(comment)) {
        sqlCell = true;
      }
      advance(end);
      continue;
    }
    if (text.startsWith('/*', offset)) {
      advance(blockCommentEnd(text, offset, file, here()));
      continue;
    }
    const position = here();
    if (c === "'" || c === '"') {
      const { value, end } = readString(text, offset, file, position);
      push('string', value, position, end);
      continue;
    }
    if (c === '`') {
      const { value, end } = readQuotedIdentifier(text, offset, file, position);
      push('quoted', value, position, end);
      continue;
    }
    NUMBER.lastIndex = offset;
    const number = NUMBER.exec(text);
    if (number !== null) {
      push('number', number[0], position, offset + number[0].length);
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(offset, offset + 256));
    if (word !== null) {
      // A word longer than the window is read in one piece.
      let end = offset + word[0].length;
      while (end < text.length && /[A-Za-z0-9_]/.test(text[end] as string)) end += 1;
      push('word', text.slice(offset, end), position, end);
      continue;
    }
    const symbol = SYMBOLS.find((s) => text.startsWith(s, offset));
    if (symbol !== undefined) {
      push('symbol', symbol, position, offset + symbol.length);
      continue;
    }
    throw SqlError.at(file, position, `unexpected character ${JSON.stringify(c)}`);
  }
  tokens.push({ kind: 'end', value: '', position: here(), end: offset });
  return tokens;
}

function blockCommentEnd(text: string, start: number, file: string, position: SourcePosition): number {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    if (text.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (text.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  throw SqlError.at(file, position, 'this comment is never closed: add */');
}

function readString(text: string, start: number, file: string, position: SourcePosition): { value: string; end: number } {
  const quote = text[start];
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < text.length) {
      const next = text[i + 1] as string;
      // As Spark reads strings: \% and \_ keep their backslash, so a LIKE pattern can escape its wildcards.
      value += next === '%' || next === '_' ? `\\${next}` : (ESCAPES[next] ?? next);
      i += 2;
    } else if (c === quote) {
      return { value, end: i + 1 };
    } else {
      value += c;
      i += 1;
    }
  }
  throw SqlError.at(file, position, `this string is never closed: add ${quote}`);
}

function readQuotedIdentifier(text: string, start: number, file: string, position: SourcePosition): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '`') {
      if (text[i + 1] === '`') {
        value += '`';
        i += 2;
        continue;
      }
      return { value, end: i + 1 };
    }
    value += text[i];
    i += 1;
  }
  throw SqlError.at(file, position, 'this `quoted name` is never closed: add `');
}
