import { type Dataset, type ElementRef, type FileFormat, type Flow, type Pipeline, ThundError, ThundErrorCode, dataTypeLabel, planFacts, walkPlan } from '@thund/ir';
import { duckdbType, isCompatibleType } from '../compile/duckdb-types.js';
import { quoteIdentifier } from '../compile/sql-text.js';
import type { ResultColumn } from '../duckdb/native-connection.js';

/**
 * Whether shaping `flow`'s compiled query needs its result columns (a
 * DESCRIBE, about half a millisecond a flow). Only to find HUGEINT columns
 * when no schema is declared — and DuckDB makes those only from integer
 * sums, raw SQL and files whose types it infers (JSON, Parquet; not CSV),
 * in the flow or in a temporary view it reads (views are not narrowed:
 * they are not stored). A chain of thousands of small flows pays for the
 * DESCRIBE in each.
 */
export function needsResultColumns(pipeline: Pipeline, flow: Flow, dataset: Dataset, sql: string): boolean {
  if (dataset.schema !== undefined || /\bsum\s*\(|\bhugeint\b/i.test(sql)) return true;
  const viewWriters = temporaryViewWriters(pipeline);
  const seen = new Set<Flow>();
  const pending = [flow];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    if (mayMakeHugeint(next)) return true;
    if (viewWriters.size > 0) for (const read of planFacts(next).reads) pending.push(...(viewWriters.get(read) ?? []));
  }
  return false;
}

/** Each temporary view's writing flows, worked out once per pipeline (a per-flow scan was quadratic: 2.7 s of 10,000 flows). */
const viewWritersOf = new WeakMap<Pipeline, ReadonlyMap<string, readonly Flow[]>>();
function temporaryViewWriters(pipeline: Pipeline): ReadonlyMap<string, readonly Flow[]> {
  let writers = viewWritersOf.get(pipeline);
  if (writers === undefined) {
    const views = new Set(pipeline.datasets.filter((d) => d.type === 'temporary_view').map((d) => d.name));
    const byView = new Map<string, Flow[]>();
    for (const f of pipeline.flows) if (views.has(f.target)) byView.set(f.target, [...(byView.get(f.target) ?? []), f]);
    writers = byView;
    viewWritersOf.set(pipeline, writers);
  }
  return writers;
}

/**
 * File formats whose inferred types are never HUGEINT: DuckDB's CSV sniffer
 * guesses BIGINT or DOUBLE for integers. Not JSON: its reader types a field
 * holding negative and non-negative integers (`{"v": 7}` then `{"v": -7}`),
 * or one past BIGINT, HUGEINT; nor Parquet (a UINT64 and an INT64 column
 * read by name as one). A format not listed is described.
 */
const INFERS_NO_HUGEINT: ReadonlySet<FileFormat> = new Set<FileFormat>(['csv']);

function mayMakeHugeint(flow: Flow): boolean {
  let opaque = false;
  walkPlan(flow.query, {
    relation(node) {
      if (node.kind === 'sql' || (node.kind === 'read_files' && node.schema === undefined && !INFERS_NO_HUGEINT.has(node.format))) opaque = true;
    },
    expression(node) {
      if ((node.kind === 'call' || node.kind === 'window_call') && node.name === 'sum') opaque = true;
    },
  });
  return opaque;
}

/**
 * The SELECT that shapes a flow's result for its dataset. With a declared
 * schema, every declared column must be produced with a compatible type and
 * nothing else may be produced; columns are cast to the declared types, in
 * declared order. Without one, types Arrow cannot hold (HUGEINT, from
 * integer sums) are narrowed to BIGINT.
 */
export function shapeOutput(query: string, columns: readonly ResultColumn[], dataset: Dataset, flow: ElementRef): string {
  const schemaError = (message: string): ThundError =>
    new ThundError(ThundErrorCode.SchemaMismatch, message, { backend: 'native', element: flow });
  if (dataset.schema === undefined) {
    const narrowed = columns.map((c) => narrowHugeint(c.type));
    if (narrowed.every((type) => type === undefined)) return query;
    const select = columns.map((c, i) => {
      const type = narrowed[i];
      return type === undefined ? quoteIdentifier(c.name) : `CAST(${quoteIdentifier(c.name)} AS ${type}) AS ${quoteIdentifier(c.name)}`;
    });
    return `SELECT ${select.join(', ')} FROM (${query}) AS "_q"`;
  }
  const produced = new Map(columns.map((c) => [c.name, c]));
  const declared = new Set(dataset.schema.map((f) => f.name));
  const select: string[] = [];
  for (const field of dataset.schema) {
    const column = produced.get(field.name);
    if (column === undefined) {
      throw schemaError(`column "${field.name}" of the declared schema of "${dataset.name}" is missing: flow "${flow.name}" produces ${columns.map((c) => `"${c.name}"`).join(', ')}`);
    }
    const want = duckdbType(field.type);
    if (!isCompatibleType(column.type, want)) {
      throw schemaError(`column "${field.name}" of "${dataset.name}" is declared ${dataTypeLabel(field.type)} (${want}) but flow "${flow.name}" produces ${column.type}`);
    }
    const name = quoteIdentifier(field.name);
    select.push(column.type === want ? name : `CAST(${name} AS ${want}) AS ${name}`);
  }
  const extra = columns.filter((c) => !declared.has(c.name));
  if (extra.length > 0) {
    throw schemaError(`flow "${flow.name}" produces column${extra.length === 1 ? '' : 's'} ${extra.map((c) => `"${c.name}"`).join(', ')} not in the declared schema of "${dataset.name}": add ${extra.length === 1 ? 'it' : 'them'} to the schema or drop ${extra.length === 1 ? 'it' : 'them'} in the query`);
  }
  return `SELECT ${select.join(', ')} FROM (${query}) AS "_q"`;
}

/** Fails when a column declared `nullable: false` holds NULLs; counted in SQL. */
export async function checkNotNull(
  counts: (sql: string) => Promise<number[]>,
  source: string,
  dataset: Dataset,
  flow: ElementRef,
): Promise<void> {
  const required = (dataset.schema ?? []).filter((f) => f.nullable === false);
  if (required.length === 0) return;
  const nulls = await counts(`SELECT ${required.map((f) => `count(*) FILTER (WHERE ${quoteIdentifier(f.name)} IS NULL)`).join(', ')} FROM ${source}`);
  required.forEach((field, i) => {
    const n = nulls[i] ?? 0;
    if (n > 0) {
      throw new ThundError(ThundErrorCode.SchemaMismatch, `column "${field.name}" of "${dataset.name}" is declared not nullable but flow "${flow.name}" produces ${n} NULL value${n === 1 ? '' : 's'}`, { backend: 'native', element: flow });
    }
  });
}

/**
 * A DuckDB type with every HUGEINT in it made BIGINT (a column, or a field
 * of a struct, list or map: JSON read without a schema nests them), or
 * `undefined` when it holds none. Quoted field names are left as written.
 */
export function narrowHugeint(type: string): string | undefined {
  let changed = false;
  // Quoted names (a "" inside one is an escaped quote) are kept; the word HUGEINT outside them is a type.
  const narrowed = type.replace(/"(?:[^"]|"")*"|\bHUGEINT\b/g, (token) => {
    if (token.startsWith('"')) return token;
    changed = true;
    return 'BIGINT';
  });
  return changed ? narrowed : undefined;
}
