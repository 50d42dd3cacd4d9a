/**
 * Characters a terminal acts on instead of printing: C0 controls (ESC
 * starts escape sequences, BEL rings, CR and LF forge lines), DEL, C1
 * controls, the line and paragraph separators and the bidi overrides.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with every character a terminal would act on written as an escape
 * (`\x1b`, `\n`, `\u202e`), so a message quoting a user's file is one
 * printable line wherever it is shown.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => {
    const code = char.charCodeAt(0);
    if (char === '\n') return '\\n';
    if (char === '\t') return '\\t';
    if (char === '\r') return '\\r';
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
