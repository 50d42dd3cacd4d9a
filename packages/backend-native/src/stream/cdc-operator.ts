import type { CdcSpec, Flow, RelationNode } from '@thund/ir';
import { ExpressionCompiler } from '../compile/expression-compiler.js';
import { quoteIdentifier } from '../compile/sql-text.js';
import type { FlowSession } from '../run/flow-session.js';
import { stateTable } from './checkpoint-store.js';
import { type EpochInput, type EpochOutcome, IN, type StreamOperator } from './stream-operator.js';
import type { StreamOutput } from './stream-output.js';

const CHANGES = '"__thund_chg"';
const DELETE = '"__thund_delete"';

/**
 * Applies a change feed (flow kind `cdc`). State, in the checkpoint
 * schema, holds per key the latest change (SCD 1) or every change (SCD 2),
 * deletes included, so a change that arrives after a later one (by
 * `sequenceBy`) is resolved by sequence, not arrival, and a replayed
 * micro-batch changes nothing. Each micro-batch rewrites the target rows
 * of the keys it touched from that state:
 *
 * - SCD 1: the latest change of each key, unless it is a delete;
 * - SCD 2: one row per non-delete change, valid from `__start_at` (its
 *   sequence value) to `__end_at` (the next change's, NULL while current).
 */
export class CdcOperator implements StreamOperator {
  readonly input: RelationNode;
  readonly #flow: Flow;
  readonly #spec: CdcSpec;
  readonly #output: StreamOutput;

  constructor(flow: Flow, spec: CdcSpec, output: StreamOutput) {
    this.#flow = flow;
    this.#spec = spec;
    this.input = flow.query;
    this.#output = output;
  }

  async apply(session: FlowSession, input: EpochInput): Promise<EpochOutcome> {
    const spec = this.#spec;
    const state = stateTable(this.#flow, 'cdc');
    const keys = spec.keys.map(quoteIdentifier);
    const seq = quoteIdentifier(spec.sequenceBy);
    const deletes = spec.deleteWhen === undefined ? 'FALSE' : `(${new ExpressionCompiler().compile(spec.deleteWhen)}) IS TRUE`;
    const sameKey = (a: string, b: string): string => keys.map((k) => `${a}.${k} IS NOT DISTINCT FROM ${b}.${k}`).join(' AND ');

    await session.run(`CREATE OR REPLACE TEMP TABLE ${IN} AS ${input.compile(this.input)}`);
    const [rowsRead = 0] = await session.counts(`SELECT count(*) FROM ${IN}`);
    await session.run(`CREATE TABLE IF NOT EXISTS ${state} AS SELECT *, FALSE AS ${DELETE} FROM ${IN} WITH NO DATA`);

    if (spec.scdType === 1) {
      // The latest change per key in this batch, kept only if it is newer than the state's.
      await session.run(`CREATE OR REPLACE TEMP TABLE ${CHANGES} AS SELECT *, ${deletes} AS ${DELETE} FROM ${IN} QUALIFY row_number() OVER (PARTITION BY ${keys.join(', ')} ORDER BY ${seq} DESC) = 1`);
      await session.run(`DELETE FROM ${CHANGES} WHERE EXISTS (SELECT 1 FROM ${state} AS "_s" WHERE ${sameKey('"_s"', CHANGES)} AND "_s".${seq} >= ${CHANGES}.${seq})`);
      await session.run(`DELETE FROM ${state} WHERE EXISTS (SELECT 1 FROM ${CHANGES} AS "_c" WHERE ${sameKey('"_c"', state)})`);
    } else {
      // Every change not seen before (a replay finds them all in the state).
      await session.run(`CREATE OR REPLACE TEMP TABLE ${CHANGES} AS SELECT *, ${deletes} AS ${DELETE} FROM ${IN} QUALIFY row_number() OVER (PARTITION BY ${keys.join(', ')}, ${seq} ORDER BY ${seq}) = 1`);
      await session.run(`DELETE FROM ${CHANGES} WHERE EXISTS (SELECT 1 FROM ${state} AS "_s" WHERE ${sameKey('"_s"', CHANGES)} AND "_s".${seq} = ${CHANGES}.${seq})`);
    }
    await session.run(`INSERT INTO ${state} BY NAME SELECT * FROM ${CHANGES}`);

    const stored = await this.#storedColumns(session);
    const touched = `EXISTS (SELECT 1 FROM ${CHANGES} AS "_c" WHERE ${sameKey('"_c"', '"_s"')})`;
    const rows = spec.scdType === 1
      ? `SELECT ${stored} FROM ${state} AS "_s" WHERE ${touched} AND NOT ${DELETE}`
      : `SELECT ${stored}, "__start_at", "__end_at" FROM (SELECT *, ${seq} AS "__start_at", lead(${seq}) OVER (PARTITION BY ${keys.join(', ')} ORDER BY ${seq}) AS "__end_at" FROM ${state} AS "_s" WHERE ${touched}) AS "_v" WHERE NOT ${DELETE}`;
    const written = await this.#output.write(session, rows, { kind: 'upsert', keys: spec.keys, overlap: false, keysFrom: CHANGES }, input.epoch);
    const [stateRows = 0] = await session.counts(`SELECT count(*) FROM ${state}`);
    // A CDC flow's rows written are the change rows it applied (what both backends can count; the rows it rewrote depend on the engine).
    return { rowsRead, lateRows: 0, stateRows, watermarkUs: undefined, ...written, rowsWritten: rowsRead };
  }

  /** The input columns stored in the target: `columns`, or all but `exceptColumns`. */
  async #storedColumns(session: FlowSession): Promise<string> {
    const names = (await session.describe(`SELECT * FROM ${IN}`)).map((c) => c.name);
    const spec = this.#spec;
    const kept = spec.columns !== undefined ? names.filter((n) => spec.columns?.includes(n)) : names.filter((n) => !(spec.exceptColumns ?? []).includes(n));
    return kept.map(quoteIdentifier).join(', ');
  }
}
