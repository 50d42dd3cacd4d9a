/**
 * A conservative lexical reading of raw DuckDB SQL, synchronous so that
 * `check` can use it (DuckDB's own parser is only reachable asynchronously;
 * the run confirms with it, see `raw-sql-preflight.ts`).
 *
 * It splits the text into statements at every `;` outside string literals
 * ('…', E'…' with backslash escapes, $tag$…$tag$), quoted identifiers
 * ("…") and comments (-- … and /* … *\/), and names each statement's first
 * keyword. Where it could disagree with DuckDB it errs towards more
 * statements, never fewer: block comments do not nest here (the first `*\/`
 * ends one), and backslashes escape only inside E'…' strings, as in DuckDB.
 */

/** One statement of raw SQL. */
export interface SqlStatement {
  /** The statement's text, without the `;` that ends it, trimmed. */
  readonly text: string;
  /** Its first keyword in upper case (`SELECT`, `COPY`, …), or `(` for a parenthesised query. */
  readonly keyword: string;
}

/** The lexical shape of raw SQL: its statements, or why it cannot be read. */
export type SqlShape =
  | { readonly ok: true; readonly statements: readonly SqlStatement[] }
  | { readonly ok: false; readonly problem: string };

const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

export function sqlStatements(sql: string): SqlShape {
  const statements: SqlStatement[] = [];
  let start = 0;
  let depth = 0;
  /** Text of the current statement with comments blanked, to find its first keyword. */
  let code = '';
  const endStatement = (end: number): void => {
    const text = sql.slice(start, end).trim();
    const keyword = firstKeyword(code);
    if (keyword !== undefined) statements.push({ text, keyword });
    start = end + 1;
    code = '';
  };

  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
      code += ' ';
      continue;
    }
    if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) return { ok: false, problem: 'it has an unterminated /* comment' };
      i = end + 2;
      code += ' ';
      continue;
    }
    if (c === '\'' || c === '"') {
      const escaped = c === '\'' && (sql[i - 1] === 'E' || sql[i - 1] === 'e') && !isWordChar(sql[i - 2]);
      const end = closingQuote(sql, i, c, escaped);
      if (end < 0) return { ok: false, problem: `it has an unterminated ${c === '"' ? 'quoted identifier' : 'string literal'}` };
      code += c === '"' ? ' "q" ' : ' \'s\' ';
      i = end + 1;
      continue;
    }
    if (c === '$' && !isWordChar(sql[i - 1])) {
      const tag = DOLLAR_TAG.exec(sql.slice(i));
      if (tag !== null) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        if (end < 0) return { ok: false, problem: `it has an unterminated ${tag[0]} string` };
        i = end + tag[0].length;
        code += ' \'s\' ';
        continue;
      }
    }
    if (c === '(') depth += 1;
    if (c === ')') {
      depth -= 1;
      if (depth < 0) return { ok: false, problem: 'it closes a parenthesis it never opened' };
    }
    if (c === ';') {
      if (depth !== 0) return { ok: false, problem: 'it has a ";" inside parentheses' };
      endStatement(i);
    } else {
      code += c;
    }
    i += 1;
  }
  if (depth !== 0) return { ok: false, problem: 'it leaves a parenthesis open' };
  endStatement(sql.length);
  return { ok: true, statements };
}

/** Index of the quote closing the literal opened at `open`; a doubled quote is an escaped one. */
function closingQuote(sql: string, open: number, quote: string, backslashEscapes: boolean): number {
  let i = open + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i;
    }
    i += 1;
  }
  return -1;
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_]/.test(c);
}

function firstKeyword(code: string): string | undefined {
  const trimmed = code.trimStart();
  if (trimmed === '') return undefined;
  if (trimmed.startsWith('(')) return '(';
  const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(trimmed);
  return word === null ? trimmed.slice(0, 1) : word[0].toUpperCase();
}
