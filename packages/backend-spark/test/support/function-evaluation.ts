import type { Table } from 'apache-arrow';
import { type DataType, type Expr, type Frame, call, col, expressionType, from, lit, lookupFunction, pipeline, sql } from '@thund/ir';
import type { InputValue, SignatureUnderTest } from '@thund/backend-testkit';
import { type NativeBackend, duckdbType, quoteString } from '@thund/backend-native';
import { RelationLowering, type SparkConnectSession } from '../../src/index.js';
import { inputsAsArrow } from './function-inputs-arrow.js';
import { type ExactValue, exactColumn } from './exact-rows.js';
import { runToEnd } from './differential.js';


/** The input table of one signature: key columns (id, group, order) then one column per column argument. */
export interface InputTable {
  readonly columns: readonly { readonly name: string; readonly type: DataType }[];
  readonly rows: readonly (readonly InputValue[])[];
}

/** What one engine made of a batch: each key's value and the result's type, or the error it raised. */
export type Outcome =
  | { readonly ok: true; readonly type: string; readonly values: ReadonlyMap<number, ExactValue> }
  | { readonly ok: false; readonly error: string };

/** The key a result row is matched by: the row id (scalars, windows) or the group (aggregates). */
export const keyColumn = (signature: SignatureUnderTest): 'id' | 'g' => (signature.kind === 'aggregate' ? 'g' : 'id');

/** The call under test over the input columns `a0`, `a1`, … (literal arguments written in place). */
export function callOf(signature: SignatureUnderTest): Expr {
  let column = 0;
  const args = signature.args.map((arg) => ('column' in arg ? col(`a${column++}`) : lit(arg.literal, arg.type)));
  return call(signature.name, ...args);
}

/** The plan that evaluates the call over `inputs`: a projection, an aggregation by `g`, or a window over `g` ordered by `o` (and `id`). */
export function planOf(signature: SignatureUnderTest): Frame {
  const expr = callOf(signature);
  const inputs = from('inputs');
  if (signature.kind === 'aggregate') return inputs.groupBy('g').agg(expr.as('v'));
  if (signature.kind === 'window') {
    const orderBy = signature.order === 'peers' ? [col('o').asc()] : [col('o').asc(), col('id').asc()];
    return inputs.window(expr.over({ partitionBy: ['g'], orderBy }).as('v')).select('id', 'v');
  }
  return inputs.select(col('id'), expr.as('v'));
}

/** The type the catalog's rule gives the call over these input columns. */
export function inferredType(signature: SignatureUnderTest, table: InputTable): DataType | undefined {
  const types = new Map(table.columns.map((c) => [c.name, c.type]));
  return expressionType(callOf(signature).node, (c) => types.get(c.name));
}

function outcomeOf(table: Table, key: 'id' | 'g'): Outcome {
  const keys = exactColumn(table, key).values;
  const result = exactColumn(table, 'v');
  return { ok: true, type: result.type, values: new Map(keys.map((k, i) => [Number(k), result.values[i] ?? null])) };
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).replaceAll('\n', ' ').slice(0, 400);

/** Runs the plan on Spark over the rows, sent as an Arrow LocalRelation, lowered by the backend's own relation lowering. */
export async function evaluateOnSpark(session: SparkConnectSession, signature: SignatureUnderTest, table: InputTable): Promise<Outcome> {
  const local = { relType: { case: 'localRelation' as const, value: { data: inputsAsArrow(table.columns, table.rows) } } };
  const lowering = new RelationLowering({ streaming: false, resolvePath: (p) => p, readDataset: (name) => (name === 'inputs' ? local : undefined) });
  try {
    return outcomeOf(await session.table(lowering.lower(planOf(signature).node)), keyColumn(signature));
  } catch (error) {
    return { ok: false, error: message(error) };
  }
}

/** DuckDB text of one value, cast to its column's type. */
function duckdbValue(value: InputValue, type: DataType): string {
  if (value === null) return `CAST(NULL AS ${duckdbType(type)})`;
  if (value instanceof Uint8Array) return `from_hex('${[...value].map((b) => b.toString(16).padStart(2, '0')).join('')}')`;
  const text = typeof value === 'number' && !Number.isFinite(value) ? (Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity') : Object.is(value, -0) ? '-0.0' : String(value);
  return `CAST(${quoteString(text)} AS ${duckdbType(type)})`;
}

/** The rows as one DuckDB query (a VALUES list with every value cast to its column's type). */
export function inputsAsDuckdb(table: InputTable): string {
  const rows = table.rows.map((row) => `(${table.columns.map((c, k) => duckdbValue(row[k] ?? null, c.type)).join(', ')})`);
  return `SELECT * FROM (VALUES ${rows.join(', ')}) AS inputs(${table.columns.map((c) => `"${c.name}"`).join(', ')})`;
}

let runs = 0;

/** Runs the plan through the native backend: a pipeline whose `inputs` view is the rows in DuckDB SQL, read back as Arrow. */
export async function evaluateOnNative(native: NativeBackend, signature: SignatureUnderTest, table: InputTable): Promise<Outcome> {
  runs += 1;
  const out = `out_${runs}`;
  const p = pipeline(`fd_${runs}`)
    .temporaryView('inputs', { query: sql('duckdb', inputsAsDuckdb(table)), schema: table.columns.map((c) => ({ name: c.name, type: c.type })) })
    .materializedView(out, { query: planOf(signature) })
    .build();
  const result = await runToEnd(native, p);
  if (result.status !== 'completed') return { ok: false, error: message(result.flows.find((f) => f.error !== undefined)?.error?.message ?? result.error?.message ?? result.status) };
  return outcomeOf(await native.readDataset(out), keyColumn(signature));
}

/** Why the catalog refuses the call under test, if it does (an argument rule: a pattern, a float printed as text). */
export function refusalOf(signature: SignatureUnderTest, table: InputTable): string | undefined {
  const call = callOf(signature).node;
  if (call.kind !== 'call') return undefined;
  const types = new Map(table.columns.map((c) => [c.name, c.type]));
  const args = call.args.map((node) => ({ node, type: expressionType(node, (c) => types.get(c.name)) }));
  return lookupFunction(signature.name)?.refuse?.(args);
}
