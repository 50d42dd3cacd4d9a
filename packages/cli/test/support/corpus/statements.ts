/**
 * A SQL corpus file split into its top-level statements, by a scanner of
 * our own (not @thund/sql's parser, which the corpus tests): statements end
 * at `;` outside strings, quoted names and comments, and at the end of a
 * notebook cell (`-- COMMAND ----------`); a `-- MAGIC %sql` cell is SQL
 * behind its prefix, other `-- MAGIC` cells are comments. Each statement
 * keeps its span in the file, so a problem reported at `line:column` is
 * found in it, and it can be blanked out (replaced by spaces, every other
 * position unchanged) to load the rest of its file without it.
 */

/** A 1-based line and column in a file. */
export interface Position {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
}

/** What a statement defines, as far as the runner needs to know. */
export type StatementRole =
  /** CREATE of a dataset: its name and whether it is a temporary view (rows live only inside a run). */
  | { readonly kind: 'dataset'; readonly name: string; readonly temporaryView: boolean; readonly hasQuery: boolean }
  /** CREATE FLOW … INSERT INTO / AUTO CDC INTO, or APPLY CHANGES INTO: the flow and the dataset it writes. */
  | { readonly kind: 'flow'; readonly name: string; readonly target: string }
  /** SET or USE: defines nothing itself. */
  | { readonly kind: 'setting' };

/** One top-level statement of a corpus file. */
export interface CorpusStatement {
  /** The file, relative to its case folder (`transformations/x.sql`). */
  readonly file: string;
  /** Where its first character is. */
  readonly start: Position;
  /** Where its last character is. */
  readonly end: Position;
  /** Its text, comments and strings kept (a MAGIC cell's prefixes removed). */
  readonly text: string;
  /** Its text with string literals, quoted names and comments replaced by spaces (for keyword and function searches). */
  readonly masked: string;
  /** Its text with comments replaced by spaces, strings kept. */
  readonly code: string;
  /** What it defines. */
  readonly role: StatementRole;
}

/** Character offsets of the text of one SQL region (a plain file, or one %sql cell) inside its file. */
interface Region {
  /** Each line of the region: its number in the file and the column its SQL starts at. */
  readonly lines: readonly { readonly line: number; readonly column: number; readonly text: string }[];
}

const COMMAND = /^--\s*COMMAND\s*-+\s*$/;
const MAGIC = /^-- MAGIC ?/;

/** The SQL regions of a file: the whole file, or for a notebook export each cell's SQL. */
function regionsOf(text: string): Region[] {
  const lines = text.split('\n');
  const notebook = lines.some((line) => COMMAND.test(line.trim()));
  if (!notebook) return [{ lines: lines.map((t, i) => ({ line: i + 1, column: 1, text: t })) }];
  const regions: Region[] = [];
  let cell: { line: number; column: number; text: string }[] = [];
  const flush = (): void => {
    const magicSql = cell.find((l) => l.text.trim() !== '');
    if (cell.length > 0) {
      const first = magicSql?.text ?? '';
      if (MAGIC.test(first)) {
        // A magic cell: SQL only when it starts with %sql, and then behind each line's prefix.
        if (/^-- MAGIC\s+%sql\b/.test(first)) {
          regions.push({
            lines: cell.filter((l) => MAGIC.test(l.text)).map((l) => {
              const prefix = (MAGIC.exec(l.text) as RegExpExecArray)[0].length;
              const body = l.text.slice(prefix);
              return body.trimStart().startsWith('%sql') ? { line: l.line, column: prefix + 1, text: ' '.repeat(body.length) } : { line: l.line, column: prefix + 1, text: body };
            }),
          });
        }
      } else {
        regions.push({ lines: cell });
      }
    }
    cell = [];
  };
  lines.forEach((t, i) => {
    if (COMMAND.test(t.trim())) flush();
    else cell.push({ line: i + 1, column: 1, text: t });
  });
  flush();
  return regions;
}

/** Splits one file's text into its statements. */
export function splitStatements(file: string, text: string): CorpusStatement[] {
  const statements: CorpusStatement[] = [];
  for (const region of regionsOf(text)) statements.push(...splitRegion(file, region));
  return statements;
}

interface Char {
  readonly ch: string;
  readonly at: Position;
  /** ' ' where the character is inside a string, quoted name or comment, else the character. */
  readonly masked: string;
  /** ' ' where the character is inside a comment, else the character. */
  readonly code: string;
}

function splitRegion(file: string, region: Region): CorpusStatement[] {
  const chars: Char[] = [];
  for (const { line, column, text } of region.lines) {
    for (let i = 0; i < text.length; i++) chars.push({ ch: text[i] as string, at: { line, column: column + i }, masked: '', code: '' });
    chars.push({ ch: '\n', at: { line, column: column + text.length }, masked: '', code: '' });
  }
  const masked = mask(chars.map((c) => c.ch).join(''));
  const out: CorpusStatement[] = [];
  let from = -1;
  const finish = (to: number): void => {
    // `to` is exclusive; trim trailing blanks (spaces and masked comments).
    let last = to - 1;
    while (last >= from && /\s/.test(masked.code[last] as string)) last--;
    if (from >= 0 && last >= from) {
      const text = chars.slice(from, last + 1).map((c) => c.ch).join('');
      const maskedText = masked.masked.slice(from, last + 1);
      out.push({
        file, start: (chars[from] as Char).at, end: (chars[last] as Char).at, text, masked: maskedText,
        code: masked.code.slice(from, last + 1), role: roleOf(maskedText, text),
      });
    }
    from = -1;
  };
  for (let i = 0; i < chars.length; i++) {
    const m = masked.masked[i] as string;
    const c = masked.code[i] as string;
    if (m === ';') { finish(i); continue; }
    if (from < 0 && !/\s/.test(c)) from = i;
  }
  finish(chars.length);
  return out;
}

/** `text` with strings and quoted names (masked) and comments (both) replaced by spaces, newlines kept. */
function mask(text: string): { masked: string; code: string } {
  let masked = '';
  let code = '';
  let i = 0;
  const blank = (ch: string): string => (ch === '\n' ? '\n' : ' ');
  while (i < text.length) {
    const ch = text[i] as string;
    const next = text[i + 1];
    if (ch === '-' && next === '-') {
      while (i < text.length && text[i] !== '\n') { masked += ' '; code += ' '; i++; }
    } else if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; i < stop; i++) { masked += blank(text[i] as string); code += blank(text[i] as string); }
    } else if (ch === "'" || ch === '"' || ch === '`') {
      masked += ch; code += ch; i++;
      while (i < text.length && text[i] !== ch) {
        // Spark strings take backslash escapes; quoted names double their quote.
        if (text[i] === '\\' && ch !== '`' && i + 1 < text.length) { masked += '  '; code += text.slice(i, i + 2); i += 2; continue; }
        masked += blank(text[i] as string); code += text[i]; i++;
      }
      if (i < text.length) { masked += ch; code += ch; i++; }
    } else {
      masked += ch; code += ch; i++;
    }
  }
  return { masked, code };
}

const NAME = String.raw`((?:\x60[^\x60]*\x60|[A-Za-z_][\w$]*)(?:\s*\.\s*(?:\x60[^\x60]*\x60|[A-Za-z_][\w$]*))*)`;
const CREATE_DATASET = new RegExp(String.raw`^CREATE\s+(?:OR\s+(?:REFRESH|REPLACE)\s+)?(TEMPORARY\s+)?(?:STREAMING\s+)?(?:LIVE\s+)?(MATERIALIZED\s+VIEW|TABLE|VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?${NAME}`, 'i');
const CREATE_FLOW = new RegExp(String.raw`^CREATE\s+FLOW\s+${NAME}\s+(?:COMMENT\s+'\s*'\s+)?AS\s+(?:INSERT\s+INTO\s+(?:ONCE\s+)?|AUTO\s+CDC\s+INTO\s+)${NAME}`, 'i');
const APPLY_CHANGES = new RegExp(String.raw`^APPLY\s+CHANGES\s+INTO\s+${NAME}`, 'i');

/** The last part of a qualified name, unquoted. */
function lastPart(name: string): string {
  const parts = name.split('.').map((p) => p.trim());
  return (parts[parts.length - 1] as string).replace(/`/g, '');
}

/**
 * What a statement defines, read from its masked text. Quoted names keep
 * their text here: they are read from the statement's own text at the
 * same offsets.
 */
function roleOf(masked: string, text: string): StatementRole {
  const unmask = (match: RegExpExecArray, group: number): string => {
    const value = match[group] as string;
    const offset = match.index + (match[0] as string).lastIndexOf(value);
    return text.slice(offset, offset + value.length);
  };
  const dataset = CREATE_DATASET.exec(masked);
  if (dataset !== null) {
    const kind = (dataset[2] as string).toUpperCase().replace(/\s+/g, ' ');
    const temporaryView = kind === 'VIEW' && (dataset[1] !== undefined || /^CREATE\s+(?:OR\s+\w+\s+)?LIVE\s+VIEW/i.test(masked));
    return { kind: 'dataset', name: lastPart(unmask(dataset, 3)), temporaryView, hasQuery: /\bAS\b/i.test(masked.replace(/\bFLOW\s+AUTO\s+CDC\b[\s\S]*/i, '')) };
  }
  const flow = CREATE_FLOW.exec(masked);
  if (flow !== null) return { kind: 'flow', name: lastPart(flow[1] as string), target: lastPart(flow[2] as string) };
  const apply = APPLY_CHANGES.exec(masked);
  if (apply !== null) return { kind: 'flow', name: lastPart(apply[1] as string), target: lastPart(apply[1] as string) };
  return { kind: 'setting' };
}

/** Whether `a` comes before `b` or is `b`. */
export function atOrBefore(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.column <= b.column);
}

/** `text` with the statement's span replaced by spaces (newlines kept), so every other position stays where it was. */
export function blankOut(text: string, statement: CorpusStatement): string {
  const lines = text.split('\n');
  for (let line = statement.start.line; line <= statement.end.line; line++) {
    const current = lines[line - 1] as string;
    const from = line === statement.start.line ? statement.start.column - 1 : 0;
    const to = line === statement.end.line ? statement.end.column : current.length;
    // A MAGIC cell's prefix stays (columns before the region's SQL); only the statement's own columns go.
    const keep = line === statement.start.line ? from : magicPrefix(current);
    lines[line - 1] = current.slice(0, keep) + ' '.repeat(Math.max(0, to - keep)) + current.slice(to);
  }
  return lines.join('\n');
}

function magicPrefix(line: string): number {
  const match = MAGIC.exec(line);
  return match === null ? 0 : match[0].length;
}
