import type { ValidationIssue } from '../errors/validation-error.js';
import { integerLiteralType } from '../plan/expr/integer-literal.js';
import { jsonPath } from './json-path.js';

/** One open object or array while scanning, and where in it the scan is. */
interface Container {
  /** An object's keys so far, each with the offset where it is first written; `undefined` for an array. */
  readonly keys: Map<string, number> | undefined;
  /** The current member's key (objects) or element index (arrays). */
  at: string | number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
/** Integer tokens shorter than this are safe integers; longer ones are checked. */
const SAFE_DIGITS = 15;

/**
 * What `JSON.parse` accepts silently but a pipeline document must not
 * hold: a key written twice in one object (only the last one would count:
 * `"path": "data/x.csv", "path": "/etc/passwd"`), and an integer written
 * as a JSON number beyond ±(2^53 − 1), which a JS number cannot carry
 * exactly (`9007199254740993` reads as `9007199254740992`, and even an
 * exact one such as 2^53 would compare as a double). Each is reported
 * with its JSON path, line and column, and what to write instead. `text`
 * must be valid JSON and `parsed` what `JSON.parse` made of it; the scan
 * keeps its own stack, so any depth is fine.
 */
export function jsonTextIssues(text: string, parsed: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: Container[] = [];
  let expectKey = false;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys !== undefined) {
        const raw = text.slice(i + 1, end - 1);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : raw;
        top.at = key;
        const first = top.keys.get(key);
        if (first === undefined) top.keys.set(key, i);
        else issues.push(duplicateKey(text, parsed, first, i, stack.map((s) => s.at)));
        expectKey = false;
      }
      i = end;
      continue;
    }
    switch (c) {
      case OPEN_OBJECT:
        stack.push({ keys: new Map(), at: '' });
        expectKey = true;
        break;
      case OPEN_ARRAY:
        stack.push({ keys: undefined, at: 0 });
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        stack.pop();
        expectKey = false;
        break;
      case COMMA: {
        const top = stack[stack.length - 1];
        if (top?.keys !== undefined) expectKey = true;
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

/** The offset just past the number starting at `start`: digits, sign, point and exponent. */
function numberEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    // 0-9 . + - e E (NaN past the end stops the loop).
    if ((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2b || c === 0x2d || c === 0x65 || c === 0x45) i += 1;
    else return i;
  }
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

function duplicateKey(text: string, parsed: unknown, first: number, second: number, path: readonly PropertyKey[]): ValidationIssue {
  const a = lineAndColumn(text, first);
  const b = lineAndColumn(text, second);
  return {
    code: 'duplicate_key',
    path: jsonPath(path),
    message: `is written twice in one object (line ${a.line}, column ${a.column} and line ${b.line}, column ${b.column}): JSON readers keep only one of them (JavaScript the last, ${describeValue(valueAt(parsed, path))}), so remove the one you do not mean`,
  };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
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
