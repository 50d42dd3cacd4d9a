import { type CdcSpec, type Flow, type RelationNode, resolveChanges } from '@thund/ir';
import { ExpressionCompiler } from '../compile/expression-compiler.js';
import { quoteIdentifier } from '../compile/sql-text.js';
import type { FlowSession } from '../run/flow-session.js';
import { stateTable } from './checkpoint-store.js';
import { type EpochInput, type EpochOutcome, IN, type StreamOperator } from './stream-operator.js';
import type { StreamOutput } from './stream-output.js';

/** The keys whose target rows a micro-batch rewrites. */
const TOUCHED = '"__thund_cdc_touched"';

/**
 * Applies a change feed (flow kind `cdc`) with Spark's AUTO CDC semantics
 * (`resolveChanges` in `@thund/ir`, the plan Spark recomputes its target
 * with). State, in the checkpoint schema, holds every distinct change seen,
 * so a change arriving after a later one (by `sequenceBy`) lands where its
 * sequence puts it and a replayed change or micro-batch changes nothing.
 * Each micro-batch rewrites the target rows of the keys it touched (every
 * key, when it holds a truncate) from those keys' whole history.
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
    const keys = spec.keys.map(quoteIdentifier).join(', ');

    await session.run(`CREATE OR REPLACE TEMP TABLE ${IN} AS ${input.compile(this.input)}`);
    const [rowsRead = 0] = await session.counts(`SELECT count(*) FROM ${IN}`);
    const columns = (await session.describe(`SELECT * FROM ${IN}`)).map((c) => c.name);
    const list = columns.map(quoteIdentifier).join(', ');
    await session.run(`CREATE TABLE IF NOT EXISTS ${state} AS SELECT * FROM ${IN} WITH NO DATA`);
    // Only changes not seen before (a replay finds them in the state; EXCEPT compares NULLs as equal).
    await session.run(`INSERT INTO ${state} BY NAME (SELECT ${list} FROM ${IN} EXCEPT SELECT ${list} FROM ${state})`);

    const truncates = spec.scdType === 1 && spec.applyAsTruncates !== undefined
      ? `(${new ExpressionCompiler().compile(spec.applyAsTruncates)}) IS TRUE`
      : undefined;
    const [truncated = 0] = truncates === undefined ? [0] : await session.counts(`SELECT count(*) FROM ${IN} WHERE ${truncates}`);
    await session.run(`CREATE OR REPLACE TEMP TABLE ${TOUCHED} AS SELECT DISTINCT ${keys} FROM ${truncated > 0 ? state : IN}`);

    // The history of the touched keys, plus every truncate (a truncate of any key empties them all).
    const isTouched = `EXISTS (SELECT 1 FROM ${TOUCHED} AS "_t" WHERE ${spec.keys.map((k) => `"_t".${quoteIdentifier(k)} IS NOT DISTINCT FROM "_s".${quoteIdentifier(k)}`).join(' AND ')})`;
    const history = `SELECT ${list} FROM ${state} AS "_s" WHERE ${isTouched}${truncates === undefined ? '' : ` OR ${truncates}`}`;
    const rows = input.compile(resolveChanges({ kind: 'sql', dialect: 'duckdb', sql: history }, spec, columns));
    const written = await this.#output.write(session, rows, { kind: 'upsert', keys: spec.keys, overlap: false, keysFrom: TOUCHED }, input.epoch);
    const [stateRows = 0] = await session.counts(`SELECT count(*) FROM ${state}`);
    // A CDC flow's rows written are the change rows it applied (what both backends can count; the rows it rewrote depend on the engine).
    return { rowsRead, lateRows: 0, stateRows, watermarkUs: undefined, ...written, rowsWritten: rowsRead };
  }
}
