/**
 * Columns a character takes on a terminal: 2 for East Asian wide and
 * fullwidth characters (CJK, Hangul, fullwidth forms, most emoji), 0 for
 * combining marks and zero-width characters, 1 otherwise. A small version
 * of Unicode's East Asian Width property, enough to keep a line inside the
 * terminal's width.
 */
function charWidth(code: number): number {
  if (code === 0x200b || code === 0x200c || code === 0x200d || code === 0xfeff) return 0;
  if ((code >= 0x0300 && code <= 0x036f) || (code >= 0xfe20 && code <= 0xfe2f)) return 0;
  const wide =
    (code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0x303e) || (code >= 0x3041 && code <= 0x33ff) ||
    (code >= 0x3400 && code <= 0x4dbf) || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xa000 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) || (code >= 0xffe0 && code <= 0xffe6) || (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) || (code >= 0x20000 && code <= 0x3fffd);
  return wide ? 2 : 1;
}

/** Columns `text` takes on a terminal (it holds no control characters: it was escaped). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char.codePointAt(0) as number);
  return width;
}

/** `text` cut to at most `columns` columns, ending in `…` when cut. */
export function fitToWidth(text: string, columns: number): string {
  if (displayWidth(text) <= columns) return text;
  let out = '';
  let width = 0;
  for (const char of text) {
    const w = charWidth(char.codePointAt(0) as number);
    if (width + w > columns - 1) break;
    out += char;
    width += w;
  }
  return `${out}…`;
}

/** `text` padded with spaces to `columns` columns (as `padEnd`, counting wide characters as two). */
export function padToWidth(text: string, columns: number): string {
  return text + ' '.repeat(Math.max(0, columns - displayWidth(text)));
}

/**
 * `text` cut to at most `columns` columns by taking out its middle
 * (`a_rather_lo…name_17`): names that share a long prefix stay apart by
 * their ends, where they usually differ.
 */
export function fitMiddleToWidth(text: string, columns: number): string {
  if (displayWidth(text) <= columns) return text;
  if (columns < 5) return fitToWidth(text, columns);
  const chars = [...text];
  const tailWidth = Math.floor((columns - 1) / 2);
  let tail = '';
  let width = 0;
  for (let i = chars.length - 1; i >= 0; i--) {
    const w = charWidth((chars[i] as string).codePointAt(0) as number);
    if (width + w > tailWidth) break;
    tail = `${chars[i] as string}${tail}`;
    width += w;
  }
  const head = fitToWidth(text, columns - width);
  return `${head}${tail}`;
}
