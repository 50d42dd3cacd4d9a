import { createHash, randomUUID } from 'node:crypto';
import type { ElementRef, Flow, Pipeline } from '@thund/ir';
import { quoteIdentifier, quoteString } from '../compile/sql-text.js';
import type { FlowSession } from '../run/flow-session.js';
import { checkpointError } from './checkpoint-error.js';

/** DuckDB schema holding every checkpoint table. */
export const CHECKPOINT_SCHEMA = '__thund';
/** Version of the checkpoint layout; a database with another version is refused, never reset. */
export const CHECKPOINT_FORMAT = 1;

const S = quoteIdentifier(CHECKPOINT_SCHEMA);
export const FLOWS_TABLE = `${S}."checkpoint_flows"`;
export const EPOCHS_TABLE = `${S}."epochs"`;
export const FILES_TABLE = `${S}."files_seen"`;
/** One row: the checkpoint's identity, a random id created with it; output commit logs name it. */
export const IDENTITY_TABLE = `${S}."identity"`;

/** A table of the checkpoint schema that belongs to one flow (`buf`, `final`, `cdc`, `stage`). */
export function stateTable(flow: Pick<Flow, 'name'>, role: string): string {
  return `${S}.${quoteIdentifier(stateTableName(flow, role))}`;
}

/** The unquoted name (in the checkpoint schema) of `stateTable(flow, role)`. */
export function stateTableName(flow: Pick<Flow, 'name'>, role: string): string {
  return `${role}_${createHash('sha256').update(flow.name).digest('hex').slice(0, 12)}`;
}

/** True when a table exists in the checkpoint schema. */
export async function stateTableExists(counts: (sql: string) => Promise<number[]>, flow: Pick<Flow, 'name'>, role: string): Promise<boolean> {
  const [n = 0] = await counts(`SELECT count(*) FROM duckdb_tables() WHERE schema_name = ${quoteString(CHECKPOINT_SCHEMA)} AND table_name = ${quoteString(stateTableName(flow, role))}`);
  return n > 0;
}

/** What identifies a flow's semantics: a checkpoint written for another definition cannot be resumed. */
export function flowFingerprint(flow: Flow): string {
  const { kind, target, query, watermark, window, outputMode, cdc } = flow;
  return createHash('sha256').update(JSON.stringify({ kind, target, query, watermark, window, outputMode, cdc })).digest('hex').slice(0, 16);
}

/** The last committed epoch of a flow. */
export interface CommittedEpoch {
  /** `-1` before the first commit. */
  readonly epoch: number;
  /** Watermark in microseconds since the epoch, `undefined` before any event time was seen. */
  readonly watermarkUs: number | undefined;
  /** In-memory source items consumed so far. */
  readonly memoryItems: number;
}

/** One epoch's commit record, written inside the epoch's transaction. */
export interface EpochRecord {
  readonly epoch: number;
  readonly watermarkUs: number | undefined;
  readonly memoryItems: number;
  readonly files: readonly string[];
  readonly rowsRead: number;
  readonly rowsWritten: number;
  readonly lateRows: number;
}

/** Creates the checkpoint tables; idempotent, run once per run before flows start. */
export async function ensureCheckpointTables(run: (sql: string) => Promise<unknown>): Promise<void> {
  await run(`CREATE SCHEMA IF NOT EXISTS ${S}`);
  await run(`CREATE TABLE IF NOT EXISTS ${FLOWS_TABLE} (flow VARCHAR, pipeline VARCHAR, fingerprint VARCHAR, format INTEGER)`);
  await run(`CREATE TABLE IF NOT EXISTS ${EPOCHS_TABLE} (flow VARCHAR, epoch BIGINT, watermark_us BIGINT, memory_items BIGINT, rows_read BIGINT, rows_written BIGINT, late_rows BIGINT, committed_at TIMESTAMP)`);
  await run(`CREATE TABLE IF NOT EXISTS ${FILES_TABLE} (flow VARCHAR, path VARCHAR, epoch BIGINT)`);
  await run(`CREATE TABLE IF NOT EXISTS ${IDENTITY_TABLE} (id VARCHAR, created_at TIMESTAMP)`);
  await run(`INSERT INTO ${IDENTITY_TABLE} SELECT ${quoteString(randomUUID())}, now()::TIMESTAMP WHERE NOT EXISTS (SELECT 1 FROM ${IDENTITY_TABLE})`);
}

/** The checkpoint's identity (created by `ensureCheckpointTables`). */
export async function checkpointIdentity(rows: (sql: string) => Promise<readonly Record<string, unknown>[]>): Promise<string> {
  const [row] = await rows(`SELECT min(id) AS id FROM ${IDENTITY_TABLE}`);
  return String(row?.['id']);
}

/** Forgets a flow's checkpoint (full refresh): its epochs, files seen and state tables. */
export async function resetCheckpoint(run: (sql: string) => Promise<unknown>, flow: Flow): Promise<void> {
  const name = quoteString(flow.name);
  await run(`DELETE FROM ${FLOWS_TABLE} WHERE flow = ${name}`);
  await run(`DELETE FROM ${EPOCHS_TABLE} WHERE flow = ${name}`);
  await run(`DELETE FROM ${FILES_TABLE} WHERE flow = ${name}`);
  for (const role of ['buf', 'part', 'final', 'cdc', 'stage']) await run(`DROP TABLE IF EXISTS ${stateTable(flow, role)}`);
}

/**
 * A flow's checkpoint inside the DuckDB database: a commit log (one row per
 * epoch, written in the same transaction as the epoch's output and state,
 * so the COMMIT is the commit point), the files each epoch read, and the
 * identity of the flow that wrote it.
 */
export class CheckpointStore {
  readonly #session: FlowSession;
  readonly #flow: Flow;
  readonly #pipeline: Pipeline;
  readonly #element: ElementRef;
  /** Statements recording an epoch in the output's commit log, inside the epoch's transaction. */
  readonly #logEpoch: (epoch: number, recorded: boolean) => readonly string[];
  /** True once an epoch committed by this store (so its log entry exists). */
  #recorded = false;

  constructor(session: FlowSession, pipeline: Pipeline, flow: Flow, logEpoch: (epoch: number, recorded: boolean) => readonly string[] = () => []) {
    this.#session = session;
    this.#pipeline = pipeline;
    this.#flow = flow;
    this.#element = { kind: 'flow', name: flow.name };
    this.#logEpoch = logEpoch;
  }

  /**
   * Checks that the checkpoint belongs to this pipeline and flow definition
   * and returns the last committed epoch; claims an empty one.
   */
  async open(): Promise<CommittedEpoch> {
    const flow = quoteString(this.#flow.name);
    const owners = await this.#session.rowsJson(`SELECT DISTINCT pipeline FROM ${FLOWS_TABLE}`);
    const foreign = owners.map((r) => String(r['pipeline'])).find((p) => p !== this.#pipeline.name);
    if (foreign !== undefined) {
      throw checkpointError(`the checkpoint database holds checkpoints of pipeline "${foreign}", not "${this.#pipeline.name}": give each pipeline its own storage root (Pipeline.storage) or database`, this.#element);
    }
    const identity = await this.#session.rowsJson(`SELECT fingerprint, format FROM ${FLOWS_TABLE} WHERE flow = ${flow}`);
    const [last] = await this.#session.rowsJson(
      `SELECT count(*) AS n, max(epoch) AS epoch, arg_max(watermark_us, epoch)::VARCHAR AS watermark, arg_max(memory_items, epoch) AS items FROM ${EPOCHS_TABLE} WHERE flow = ${flow}`,
    );
    const epochs = Number(last?.['n'] ?? 0);
    if (identity.length > 1) throw checkpointError(`the checkpoint of flow "${this.#flow.name}" is corrupt: it is claimed ${identity.length} times`, this.#element);
    const [owner] = identity;
    if (owner === undefined) {
      if (epochs > 0) throw checkpointError(`the checkpoint of flow "${this.#flow.name}" is corrupt: it has ${epochs} committed epochs but no identity record; delete the storage root or run with fullRefresh (CLI: thund run --full-refresh-all, or --full-refresh <dataset>)`, this.#element);
      await this.#session.run(`INSERT INTO ${FLOWS_TABLE} VALUES (${flow}, ${quoteString(this.#pipeline.name)}, ${quoteString(flowFingerprint(this.#flow))}, ${CHECKPOINT_FORMAT})`);
      return { epoch: -1, watermarkUs: undefined, memoryItems: 0 };
    }
    if (Number(owner['format']) !== CHECKPOINT_FORMAT) {
      throw checkpointError(`the checkpoint of flow "${this.#flow.name}" has format ${String(owner['format'])}, this backend reads format ${CHECKPOINT_FORMAT}`, this.#element);
    }
    if (owner['fingerprint'] !== flowFingerprint(this.#flow)) {
      throw checkpointError(`flow "${this.#flow.name}" changed since its checkpoint was written (query, target, watermark, window, output mode or cdc spec): its state cannot be resumed; run with fullRefresh (CLI: thund run --full-refresh-all, or --full-refresh <dataset>) to start over`, this.#element);
    }
    const epoch = epochs === 0 ? -1 : Number(last?.['epoch']);
    if (epochs !== epoch + 1) {
      throw checkpointError(`the checkpoint of flow "${this.#flow.name}" is corrupt: ${epochs} epochs committed but the last is ${epoch}; delete the storage root or run with fullRefresh (CLI: thund run --full-refresh-all, or --full-refresh <dataset>)`, this.#element);
    }
    const watermark = last?.['watermark'];
    return {
      epoch,
      watermarkUs: watermark === null || watermark === undefined ? undefined : Number(watermark),
      memoryItems: Number(last?.['items'] ?? 0),
    };
  }

  /**
   * Paths of every file committed epochs have read (a directory source's
   * offsets). Each epoch that read rows from files recorded them in the
   * same transaction, so an epoch with rows read and no file recorded means
   * the record was lost: resuming would read those files again and
   * duplicate their rows, so it is refused like a lost checkpoint.
   */
  async filesSeen(): Promise<Set<string>> {
    const flow = quoteString(this.#flow.name);
    const unrecorded = await this.#session.rowsJson(
      `SELECT epoch, rows_read FROM ${EPOCHS_TABLE} e WHERE flow = ${flow} AND rows_read > 0 AND NOT EXISTS (SELECT 1 FROM ${FILES_TABLE} f WHERE f.flow = ${flow} AND f.epoch = e.epoch) ORDER BY epoch`,
    );
    if (unrecorded.length > 0) {
      const epochs = unrecorded.map((r) => Number(r['epoch']));
      const rows = unrecorded.reduce((sum, r) => sum + Number(r['rows_read']), 0);
      throw checkpointError(
        `the checkpoint of flow "${this.#flow.name}" has lost the record of the files it read: ${epochs.length} committed epoch${epochs.length === 1 ? '' : 's'} (${epochs.slice(0, 5).join(', ')}${epochs.length > 5 ? ', …' : ''}) read ${rows} rows from files it no longer lists (${FILES_TABLE} was changed). `
          + 'Resuming would read those files again and duplicate their rows. Restore the checkpoint (the storage root, or the __thund schema of the database), '
          + 'or start over with a full refresh, which clears the output and recomputes it: thund run --full-refresh <dataset> (RunOptions.fullRefresh: [dataset]), or --full-refresh-all',
        this.#element,
      );
    }
    const rows = await this.#session.rowsJson(`SELECT path FROM ${FILES_TABLE} WHERE flow = ${flow}`);
    return new Set(rows.map((r) => String(r['path'])));
  }

  /**
   * Records an epoch and commits its transaction: the commit log row and
   * the files read are the last statements before COMMIT, sent together
   * (with any statements the session holds back). `countAfter`, a query of
   * one count, runs right after COMMIT in the same call; its count is returned.
   */
  async commit(record: EpochRecord, countAfter?: string): Promise<number | undefined> {
    const flow = quoteString(this.#flow.name);
    const watermark = record.watermarkUs === undefined ? 'NULL' : String(record.watermarkUs);
    const statements = [
      `INSERT INTO ${EPOCHS_TABLE} VALUES (${flow}, ${record.epoch}, ${watermark}, ${record.memoryItems}, ${record.rowsRead}, ${record.rowsWritten}, ${record.lateRows}, now()::TIMESTAMP)`,
    ];
    if (record.files.length > 0) {
      statements.push(`INSERT INTO ${FILES_TABLE} VALUES ${record.files.map((f) => `(${flow}, ${quoteString(f)}, ${record.epoch})`).join(', ')}`);
    }
    statements.push(...this.#logEpoch(record.epoch, this.#recorded), 'COMMIT');
    let count: number | undefined;
    if (countAfter === undefined) await this.#session.run(statements.join(';\n'));
    else [count = 0] = await this.#session.counts([...statements, countAfter].join(';\n'));
    this.#recorded = true;
    return count;
  }
}
