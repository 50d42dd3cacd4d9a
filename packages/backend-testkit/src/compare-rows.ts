import type { Row } from './backend-under-test.js';

/**
 * The comparison rules shared by the conformance suite and the differential
 * tests: values are normalised (bigint → number when safe, Date → ISO
 * string, numeric strings of decimals stay strings unless the other side
 * is a number), floats equal within a relative 1e-9, NULL equals NULL, and
 * row order is ignored unless asked for.
 */
export function normalizeValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

/**
 * Two values equal by the suite's rules: both normalised, NULL (or
 * undefined) equals only NULL, a number equals a number or numeric string
 * within a relative 1e-9 (NaN equals NaN); lists (and maps, arrays of
 * `[key, value]` pairs) element by element in order, structs field by field
 * whatever their order, each value by these same rules.
 */
export function valuesEqual(a: unknown, b: unknown): boolean {
  const x = normalizeValue(a);
  const y = normalizeValue(b);
  if (x === null || y === null) return x === y;
  if (typeof x === 'number' || typeof y === 'number') {
    const nx = Number(x);
    const ny = Number(y);
    if (Number.isNaN(nx) || Number.isNaN(ny)) return Number.isNaN(nx) && Number.isNaN(ny);
    if (nx === ny) return true;
    return Math.abs(nx - ny) <= 1e-9 * Math.max(Math.abs(nx), Math.abs(ny));
  }
  if (Array.isArray(x) || Array.isArray(y)) return Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => valuesEqual(v, y[i]));
  if (typeof x === 'object' && typeof y === 'object') {
    if (x instanceof Uint8Array || y instanceof Uint8Array) return JSON.stringify(x) === JSON.stringify(y);
    const xs = x as Readonly<Record<string, unknown>>;
    const ys = y as Readonly<Record<string, unknown>>;
    const keys = Object.keys(xs);
    return keys.length === Object.keys(ys).length && keys.every((k) => Object.hasOwn(ys, k) && valuesEqual(xs[k], ys[k]));
  }
  return x === y;
}

function rowsEqual(a: Row, b: Row): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!(key in a) || !(key in b) || !valuesEqual(a[key], b[key])) return false;
  return true;
}

/** A sort key that makes equal rows adjacent, for order-insensitive comparison. */
function rowKey(row: Row): string {
  return JSON.stringify(Object.keys(row).sort().map((k) => sortable(row[k])));
}

/** A value as the sort key holds it: normalised, floats rounded, struct fields in name order. */
function sortable(value: unknown): unknown {
  const v = normalizeValue(value);
  if (typeof v === 'number') return Number(v.toPrecision(9));
  if (Array.isArray(v)) return v.map(sortable);
  if (typeof v === 'object' && v !== null && !(v instanceof Uint8Array)) {
    return Object.keys(v).sort().map((k) => [k, sortable((v as Readonly<Record<string, unknown>>)[k])]);
  }
  return v;
}

/** Differences between actual and expected rows, as readable lines (empty when equal). */
export function diffRows(actual: readonly Row[], expected: readonly Row[], ordered = false): string[] {
  const a = ordered ? [...actual] : [...actual].sort((x, y) => rowKey(x).localeCompare(rowKey(y)));
  const e = ordered ? [...expected] : [...expected].sort((x, y) => rowKey(x).localeCompare(rowKey(y)));
  const problems: string[] = [];
  if (a.length !== e.length) problems.push(`expected ${e.length} rows, got ${a.length}`);
  const unmatched = [...a];
  for (const [i, want] of e.entries()) {
    const at = ordered ? (rowsEqual(a[i] ?? {}, want) ? i : -1) : unmatched.findIndex((got) => rowsEqual(got, want));
    if (at < 0) problems.push(`missing row ${JSON.stringify(want, plain)}`);
    else if (!ordered) unmatched.splice(at, 1);
  }
  if (!ordered) for (const extra of unmatched) problems.push(`unexpected row ${JSON.stringify(extra, plain)}`);
  return problems;
}

function plain(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value;
}
