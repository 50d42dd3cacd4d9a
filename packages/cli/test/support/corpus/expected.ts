import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataType, DatasetRows } from '@thund/ir';

/**
 * A corpus case's `expected.json`: per dataset its exact columns and rows,
 * and per statement Þund refuses, where and why.
 *
 * Values are JSON: integers and floats as numbers (floats compared within
 * 1e-9), decimals as their exact strings (`"12.50"`), dates as
 * `"2024-02-29"`, timestamps as `"2024-02-29 13:05:00"` (`.123` when
 * they have milliseconds), lists as arrays, structs as objects, maps as
 * arrays of `[key, value]` pairs, NULL as null.
 */
export interface ExpectedCase {
  /** What the case shows, for the reader. */
  readonly about?: string;
  /** Each stored dataset's rows, in any order. */
  readonly datasets: Readonly<Record<string, ExpectedRows>>;
  /** Statements Þund refuses by design, each with its place and reason. */
  readonly refusals?: readonly ExpectedRefusal[];
  /** Why the case does not run on Spark, when it cannot (every other case must give the same rows there). */
  readonly notOnSpark?: string;
}

/** A dataset's expected columns (in order) and rows (as arrays in that order). */
export interface ExpectedRows {
  /** The column names, in order. */
  readonly columns: readonly string[];
  /** The rows, each an array of values in column order. */
  readonly rows: readonly (readonly unknown[])[];
}

/** A statement Þund refuses, where and why. */
export interface ExpectedRefusal {
  /** `file:line:column`, the file relative to the case folder. */
  readonly at: string;
  /** Words the error message must contain. */
  readonly message: string;
  /** The words of the refusal's reason in packages/sql/README.md ("What it refuses, and why"). */
  readonly readme: string;
}

/** Reads a case's expected.json. */
export function readExpected(caseDir: string): ExpectedCase {
  return JSON.parse(readFileSync(join(caseDir, 'expected.json'), 'utf8')) as ExpectedCase;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function dateText(value: Date): string {
  return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
}

function timestampText(value: Date): string {
  const ms = value.getUTCMilliseconds();
  return `${dateText(value)} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}${ms === 0 ? '' : `.${pad(ms, 3)}`}`;
}

/** A value read back from a backend as expected.json writes it, by its column's IR type where the backend reported it. */
export function jsonValue(value: unknown, type?: DataType): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return type === 'date32' ? dateText(value) : timestampText(value);
  if (value instanceof Uint8Array) return `0x${Buffer.from(value).toString('hex')}`;
  const nested = typeof type === 'object' ? type : undefined;
  if (Array.isArray(value)) {
    if (nested?.type === 'map') return value.map((entry) => [jsonValue((entry as unknown[])[0], nested.key), jsonValue((entry as unknown[])[1], nested.value)]);
    return value.map((v) => jsonValue(v, nested?.type === 'list' ? nested.element : undefined));
  }
  if (typeof value === 'object') {
    const fields = nested?.type === 'struct' ? new Map(nested.fields.map((f) => [f.name, f.type])) : undefined;
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, jsonValue(v, fields?.get(k))]));
  }
  return value;
}

/** A dataset read back as expected.json writes it: its columns and each row as an array. */
export function actualRows(read: DatasetRows): ExpectedRows {
  const types = new Map((read.fields ?? []).map((f) => [f.name, f.type ?? (/^Date/.test(f.engineType) ? 'date32' as const : undefined)]));
  return {
    columns: read.columns,
    rows: read.rows.map((row) => read.columns.map((c) => jsonValue((row as Record<string, unknown>)[c], types.get(c)))),
  };
}
