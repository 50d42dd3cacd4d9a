/**
 * Characters a terminal acts on instead of printing: C0 controls (ESC starts
 * colour/cursor sequences, CR/LF forge lines), DEL, C1 controls (0x9b is a
 * one-byte CSI), the Unicode line/paragraph separators and the bidi
 * overrides/isolates that reorder what is shown.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_EXCEPT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

export interface EscapeOptions {
  /** Keep line feeds (for multi-line text the CLI prints as a block, such as lowered SQL). Default false. */
  readonly keepNewlines?: boolean;
}

/**
 * Makes user-controlled text (dataset and flow names, event and error
 * messages, table cells) safe to print: every control character is shown
 * escaped — `\x1b`, `\n`, `\u202e` — so a name cannot move the cursor,
 * recolour the terminal, forge a progress line or reorder what is shown.
 * Every other character, including non-ASCII text, is printed as is.
 */
export function escapeForTerminal(text: string, options: EscapeOptions = {}): string {
  return text.replace(options.keepNewlines === true ? UNSAFE_EXCEPT_NEWLINE : UNSAFE, escapeOne);
}

/**
 * A message of several lines (an engine's error with its candidates, a
 * check report) printed as a block: each line escaped, the lines after the
 * first indented by `indent` so they read as part of it, never a literal `\n`.
 */
export function escapeMessage(text: string, indent: string): string {
  return text.split(/\r?\n/).map((line) => escapeForTerminal(line.trimEnd())).join(`\n${indent}`);
}
