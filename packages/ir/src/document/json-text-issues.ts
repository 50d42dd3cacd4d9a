import type { ValidationIssue } from '../errors/validation-error.js';
import { integerLiteralType } from '../plan/expr/integer-literal.js';
import { jsonPath } from './json-path.js';

/** One open object or array while scanning, and where in it the scan is. */
interface Container {
  readonly object: boolean;
  /** The current member's key (objects) or element index (arrays). */
  at: string | number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Integer tokens shorter than this are safe integers; longer ones are checked. */
const SAFE_DIGITS = 15;

/**
 * What `JSON.parse` accepts silently but a pipeline document must not
 * hold: an integer written as a JSON number beyond ±(2^53 − 1), which a
 * JS number cannot carry exactly (`9007199254740993` reads as
 * `9007199254740992`, and even an exact one such as 2^53 would compare as
 * a double). Each is reported with its JSON path, line and column, and the
 * form to write instead. `text` must be valid JSON (`JSON.parse` it first);
 * the scan keeps its own stack, so any depth is fine.
 */
export function jsonTextIssues(text: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: Container[] = [];
  let expectKey = false;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (expectKey && top !== undefined) {
        top.at = JSON.parse(text.slice(i, end)) as string;
        expectKey = false;
      }
      i = end;
      continue;
    }
    switch (text[i]) {
      case '{':
        stack.push({ object: true, at: '' });
        expectKey = true;
        break;
      case '[':
        stack.push({ object: false, at: 0 });
        break;
      case '}':
      case ']':
        stack.pop();
        expectKey = false;
        break;
      case ',': {
        const top = stack[stack.length - 1];
        if (top?.object === true) expectKey = true;
        else if (top !== undefined) top.at = (top.at as number) + 1;
        break;
      }
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
          const end = numberEnd(text, i);
          const token = text.slice(i, end);
          if (token.length > SAFE_DIGITS && /^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token))) {
            issues.push(inexactInteger(text, i, token, stack.map((s) => s.at)));
          }
          i = end;
          continue;
        }
    }
    i += 1;
  }
  return issues;
}

/** The offset just past the string starting at `start` (its opening quote). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

function numberEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && /[\d.eE+-]/.test(text[i] as string)) i += 1;
  return i;
}

function inexactInteger(text: string, offset: number, token: string, path: readonly PropertyKey[]): ValidationIssue {
  const { line, column } = lineAndColumn(text, offset);
  const value = BigInt(token);
  const type = integerLiteralType(value);
  const asDouble = Number(value).toExponential();
  const literal = path[path.length - 1] === 'value';
  let fix: string;
  if (type === undefined) fix = `write it with an exponent (${asDouble}) for a double`;
  else if (!literal) fix = 'write a smaller number';
  else {
    const typeJson = typeof type === 'string' ? `"${type}"` : `{"type": "decimal", "precision": ${type.precision}, "scale": 0}`;
    fix = `write the exact integer as a string with its type, "value": "${token}", "type": ${typeJson}, or with an exponent (${asDouble}) if a double is meant`;
  }
  return {
    code: 'inexact_number',
    path: jsonPath(path),
    message: `is ${token} (line ${line}, column ${column}), an integer beyond ±${Number.MAX_SAFE_INTEGER} (2^53 − 1), which a JSON number does not carry exactly: ${fix}`,
  };
}

/** 1-based line and column of `offset` in `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
