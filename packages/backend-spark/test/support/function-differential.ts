import fc from 'fast-check';
import { type DataType, dataTypeLabel } from '@thund/ir';
import { type InputValue, type SignatureUnderTest, argumentEdges, argumentValues } from '@thund/backend-testkit';
import type { NativeBackend } from '@thund/backend-native';
import type { SparkConnectSession } from '../../src/index.js';
import { exactEqual } from './exact-rows.js';
import { type InputTable, evaluateOnNative, evaluateOnSpark, inferredType } from './function-evaluation.js';

/** Inputs per signature (the acceptance asks for at least 200). */
export const INPUTS_PER_SIGNATURE = 200;

/** The generated input table of a signature: `id`, then `g` and `o` for aggregates and windows, then the column arguments. */
export function inputTable(signature: SignatureUnderTest, seed: number): InputTable {
  const columnArgs = signature.args.flatMap((a) => ('column' in a ? [a] : []));
  const keys: { name: string; type: DataType }[] = [{ name: 'id', type: 'int32' }];
  if (signature.kind !== 'scalar') keys.push({ name: 'g', type: 'int32' }, { name: 'o', type: 'int32' });
  const columns = [...keys, ...columnArgs.map((a, i) => ({ name: `a${i}`, type: a.column }))];
  const row = fc.tuple(fc.integer({ min: 0, max: 39 }), fc.integer({ min: 0, max: 4 }), ...columnArgs.map(argumentValues));
  // Scalars see every edge value of each argument first (each argument's edges cycled against the others'), then random ones.
  const edges = signature.kind === 'scalar' ? columnArgs.map(argumentEdges) : [];
  const edgeRows = Math.min(INPUTS_PER_SIGNATURE / 2, Math.max(0, ...edges.map((e) => e.length)));
  const edgeArgs = Array.from({ length: edgeRows }, (_, k) => edges.map((e, j) => e[(k + j * 7) % e.length] ?? null));
  const sampled = fc.sample(row, { seed, numRuns: INPUTS_PER_SIGNATURE - edgeRows });
  const rows: InputValue[][] = [
    ...edgeArgs.map((args, id) => [id, ...args]),
    ...sampled.map(([g, o, ...args], k) => (signature.kind === 'scalar' ? [edgeRows + k, ...args] : [k, g, o, ...args])),
  ];
  // Aggregates also see a group of NULLs only, and windows a partition of one row.
  if (signature.kind !== 'scalar') rows.push(...[0, 1, 2].map((k) => [INPUTS_PER_SIGNATURE + k, 40 + (signature.kind === 'window' ? k : 0), 0, ...columnArgs.map(() => null)]));
  return { columns, rows };
}

/** One difference between the engines, as the test reports it. */
export interface Difference {
  readonly key: number;
  readonly inputs: readonly InputValue[];
  readonly native: string;
  readonly spark: string;
}

/** A value as the test prints it (bigint with an `n`, bytes in hex). */
export const shown = (value: unknown): string => JSON.stringify(value, (_k, v: unknown) => {
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? `0x${Buffer.from(v).toString('hex')}` : v;
});

/** What the test compares: results, types, and where both engines raise, the rows they raise on. */
export interface Comparison {
  readonly differences: readonly Difference[];
  readonly types: { readonly native?: string; readonly spark?: string; readonly inferred?: string };
  /** Rows both engines refused (each raised an error), with Spark's message. */
  readonly bothFailed: readonly { readonly key: number; readonly spark: string; readonly native: string }[];
  /** Rows native refuses loudly (THUND_REFUSED: an input class Þund documents it does not evaluate as Spark does) where Spark answers. */
  readonly refused: readonly { readonly key: number; readonly native: string }[];
  /** Queries sent per engine (a batch that fails is split until its failing rows are found). */
  readonly queries: number;
}

interface Engines {
  readonly session: SparkConnectSession;
  readonly native: NativeBackend;
}

const MAX_QUERIES = 48;

/**
 * Evaluates the batch on both engines and compares. A batch either engine
 * refuses (Spark's ANSI errors, DuckDB's) is split in halves until single
 * rows, so both must refuse exactly the same rows; aggregates and windows
 * (whose rows depend on each other) are compared whole.
 */
export async function compareEngines(engines: Engines, signature: SignatureUnderTest, table: InputTable): Promise<Comparison> {
  const differences: Difference[] = [];
  const bothFailed: { key: number; spark: string; native: string }[] = [];
  const refused: { key: number; native: string }[] = [];
  const types: { native?: string; spark?: string; inferred?: string } = {};
  const inferred = inferredType(signature, table);
  if (inferred !== undefined) types.inferred = dataTypeLabel(inferred);
  let queries = 0;
  const keyIndex = signature.kind === 'aggregate' ? 1 : 0;
  const visit = async (rows: readonly (readonly InputValue[])[]): Promise<void> => {
    queries += 1;
    const part = { columns: table.columns, rows };
    const [n, s] = await Promise.all([evaluateOnNative(engines.native, signature, part), evaluateOnSpark(engines.session, signature, part)]);
    if (n.ok && s.ok) {
      types.native ??= n.type;
      types.spark ??= s.type;
      const keys = new Set([...n.values.keys(), ...s.values.keys()]);
      for (const key of keys) {
        const [a, b] = [n.values.get(key), s.values.get(key)];
        if (a === undefined || b === undefined || !exactEqual(a, b)) {
          const inputs = rows.find((r) => Number(r[keyIndex]) === key) ?? [];
          differences.push({ key, inputs: signature.kind === 'aggregate' ? rows.filter((r) => Number(r[1]) === key).flatMap((r) => r.slice(3)) : inputs, native: shown(a), spark: shown(b) });
        }
      }
      return;
    }
    const splittable = signature.kind === 'scalar' && rows.length > 1 && queries < MAX_QUERIES;
    if (splittable) {
      const half = Math.ceil(rows.length / 2);
      await visit(rows.slice(0, half));
      await visit(rows.slice(half));
      return;
    }
    const key = rows.length === 1 ? Number(rows[0]?.[0]) : -1;
    if (!n.ok && s.ok && rows.length === 1 && n.error.includes('THUND_REFUSED')) {
      refused.push({ key, native: n.error });
      return;
    }
    if (!n.ok && !s.ok) {
      bothFailed.push({ key, spark: s.error, native: n.error });
      return;
    }
    differences.push({ key, inputs: rows.length === 1 ? rows[0] ?? [] : [`${rows.length} rows`], native: n.ok ? 'a result' : `error: ${n.error}`, spark: s.ok ? 'a result' : `error: ${s.error}` });
  };
  await visit(table.rows);
  return { differences, types, bothFailed, refused, queries };
}
