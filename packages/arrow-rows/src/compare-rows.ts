/** A row as any backend's `readRows` gives it. */
export type AnyRow = Readonly<Record<string, unknown>>;

/** Relative tolerance within which two floating-point values are equal. */
export const FLOAT_TOLERANCE = 1e-9;

/**
 * One value by the rules every comparison of Þund rows uses: integers the
 * same whether `bigint` or `number`, dates as their UTC instant, bytes as
 * hex, NULL equal to NULL, floats equal within a relative 1e-9 (see
 * `valuesEqual`), decimals (exact strings) compared exactly. A list (and a
 * map, an array of `[key, value]` pairs) keeps its order; a struct's fields
 * are compared by name.
 */
function canonical(value: unknown, roundFloats: boolean): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : `${value}n`;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
    return roundFloats && !Number.isInteger(value) ? Number(value.toPrecision(9)) : value;
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `0x${Array.from(value, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  if (Array.isArray(value)) return value.map((v) => canonical(v, roundFloats));
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return entries.map(([k, v]) => [k, canonical(v, roundFloats)]);
  }
  return value;
}

/** Two values equal by the shared rules; lists, structs and maps element by element, by the same rules. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  return canonicalEqual(canonical(a, false), canonical(b, false));
}

function canonicalEqual(x: unknown, y: unknown): boolean {
  if (typeof x === 'number' && typeof y === 'number') {
    return x === y || Math.abs(x - y) <= FLOAT_TOLERANCE * Math.max(Math.abs(x), Math.abs(y));
  }
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => canonicalEqual(v, y[i]));
  return x === y;
}

function rowsEqual(a: AnyRow, b: AnyRow, columns: readonly string[]): boolean {
  return columns.every((c) => valuesEqual(a[c], b[c]));
}

/** A key that puts equal rows (floats within the tolerance, bar rounding edges) in one bucket. */
function bucketKey(row: AnyRow, columns: readonly string[]): string {
  return JSON.stringify(columns.map((c) => canonical(row[c], true)));
}

/** A row matched by key on both sides of a keyed {@link compareRows} whose other values differ. */
export interface ChangedRow {
  /** The key columns' values (taken from the left row). */
  readonly key: AnyRow;
  /** The whole row on the left side. */
  readonly left: AnyRow;
  /** The whole row on the right side. */
  readonly right: AnyRow;
}

/**
 * What {@link compareRows} found: row counts, columns on one side only, and
 * the differing rows (counted in full, listed up to the `limit`).
 */
export interface RowComparison {
  /** True when the sides have the same columns and no row differs. */
  readonly equal: boolean;
  /** How many rows the left side has. */
  readonly leftRows: number;
  /** How many rows the right side has. */
  readonly rightRows: number;
  /** Column names on one side only (rows are then compared on the shared ones). */
  readonly leftOnlyColumns: readonly string[];
  /** Column names on the right side only. */
  readonly rightOnlyColumns: readonly string[];
  /** How many rows (as a multiset, or by key) are on one side only, and the first `limit` of them. */
  readonly onlyLeftCount: number;
  /** How many rows are on the right side only. */
  readonly onlyRightCount: number;
  /** The first `limit` rows on the left side only. */
  readonly onlyLeft: readonly AnyRow[];
  /** The first `limit` rows on the right side only. */
  readonly onlyRight: readonly AnyRow[];
  /** With keys: rows present on both sides whose other values differ. */
  readonly changedCount: number;
  /** With keys: the first `limit` rows counted in `changedCount`; always empty without keys. */
  readonly changed: readonly ChangedRow[];
}

/** How {@link compareRows} matches rows and how many differences it lists. */
export interface CompareOptions {
  /** Match rows by these columns and report the ones whose values differ; otherwise rows are compared as multisets. */
  readonly keys?: readonly string[];
  /** How many differing rows of each kind to keep (default 10). */
  readonly limit?: number;
}

/** Past this many unmatched rows per side, the tolerance pass (quadratic) is skipped. */
const TOLERANCE_PASS_LIMIT = 2_000;

/**
 * Compares two sets of rows, order-insensitively, by the shared value rules.
 * Without keys the comparison is of multisets: a row present twice on one
 * side and once on the other is one row "only" on the first. Linear in the
 * rows (hashing) plus a bounded pairwise pass for floats near a rounding
 * edge.
 */
export function compareRows(left: readonly AnyRow[], right: readonly AnyRow[], options: CompareOptions = {}): RowComparison {
  const limit = options.limit ?? 10;
  const leftColumns = columnsOf(left);
  const rightColumns = columnsOf(right);
  const rightSet = new Set(rightColumns);
  const leftSet = new Set(leftColumns);
  const shared = leftColumns.filter((c) => rightSet.has(c));
  const leftOnlyColumns = leftColumns.filter((c) => !rightSet.has(c));
  const rightOnlyColumns = rightColumns.filter((c) => !leftSet.has(c));
  const result = options.keys === undefined || options.keys.length === 0
    ? multisetDifference(left, right, shared, limit)
    : keyedDifference(left, right, options.keys, shared, limit);
  return {
    ...result,
    equal: leftOnlyColumns.length === 0 && rightOnlyColumns.length === 0 && result.onlyLeftCount === 0 && result.onlyRightCount === 0 && result.changedCount === 0,
    leftRows: left.length,
    rightRows: right.length,
    leftOnlyColumns,
    rightOnlyColumns,
  };
}

type Difference = Pick<RowComparison, 'onlyLeftCount' | 'onlyRightCount' | 'onlyLeft' | 'onlyRight' | 'changedCount' | 'changed'>;

function columnsOf(rows: readonly AnyRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const c of Object.keys(row)) seen.add(c);
  return [...seen];
}

function multisetDifference(left: readonly AnyRow[], right: readonly AnyRow[], columns: readonly string[], limit: number): Difference {
  const buckets = new Map<string, AnyRow[]>();
  for (const row of right) {
    const key = bucketKey(row, columns);
    const bucket = buckets.get(key);
    if (bucket === undefined) buckets.set(key, [row]);
    else bucket.push(row);
  }
  const unmatchedLeft: AnyRow[] = [];
  for (const row of left) {
    const bucket = buckets.get(bucketKey(row, columns));
    if (bucket !== undefined && bucket.length > 0) bucket.pop();
    else unmatchedLeft.push(row);
  }
  let unmatchedRight = [...buckets.values()].flat();
  let stillLeft = unmatchedLeft;
  if (unmatchedLeft.length <= TOLERANCE_PASS_LIMIT && unmatchedRight.length <= TOLERANCE_PASS_LIMIT) {
    // Floats within the tolerance that rounded into different buckets.
    stillLeft = [];
    for (const row of unmatchedLeft) {
      const at = unmatchedRight.findIndex((other) => rowsEqual(row, other, columns));
      if (at < 0) stillLeft.push(row);
      else unmatchedRight = [...unmatchedRight.slice(0, at), ...unmatchedRight.slice(at + 1)];
    }
  }
  return {
    onlyLeftCount: stillLeft.length, onlyRightCount: unmatchedRight.length,
    onlyLeft: stillLeft.slice(0, limit), onlyRight: unmatchedRight.slice(0, limit),
    changedCount: 0, changed: [],
  };
}

function keyedDifference(left: readonly AnyRow[], right: readonly AnyRow[], keys: readonly string[], columns: readonly string[], limit: number): Difference {
  const keyOf = (row: AnyRow): string => JSON.stringify(keys.map((k) => canonical(row[k], false)));
  const keyRow = (row: AnyRow): AnyRow => Object.fromEntries(keys.map((k) => [k, row[k]]));
  // Rows with the same key on one side are matched in order.
  const byKey = new Map<string, AnyRow[]>();
  for (const row of right) {
    const key = keyOf(row);
    const bucket = byKey.get(key);
    if (bucket === undefined) byKey.set(key, [row]);
    else bucket.push(row);
  }
  const onlyLeft: AnyRow[] = [];
  const changed: ChangedRow[] = [];
  let onlyLeftCount = 0;
  let changedCount = 0;
  for (const row of left) {
    const other = byKey.get(keyOf(row))?.shift();
    if (other === undefined) {
      onlyLeftCount += 1;
      if (onlyLeft.length < limit) onlyLeft.push(row);
    } else if (!rowsEqual(row, other, columns)) {
      changedCount += 1;
      if (changed.length < limit) changed.push({ key: keyRow(row), left: row, right: other });
    }
  }
  const rest = [...byKey.values()].flat();
  return { onlyLeftCount, onlyRightCount: rest.length, onlyLeft, onlyRight: rest.slice(0, limit), changedCount, changed };
}
