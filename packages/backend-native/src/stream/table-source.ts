import { qualifiedName, quoteString } from '../compile/sql-text.js';
import type { FlowSession } from '../run/flow-session.js';
import type { SourceBatch, StreamSource } from './stream-source.js';

/**
 * An append-only table of the pipeline (a streaming table: written only by
 * streaming and append-once flows) read incrementally. Its rows are never
 * updated or deleted (a full refresh drops it and resets every checkpoint
 * too), and its writers are serialised, so DuckDB's rowids grow in commit
 * order: the offset is the number of rows consumed, and a micro-batch reads
 * the rows committed since (rowid ≥ offset), up to what was there when it
 * started.
 */
export class TableSource implements StreamSource {
  readonly ended = false;
  readonly #session: FlowSession;
  readonly #schema: string | undefined;
  readonly #name: string;
  #position: number;
  /** Once the table exists it stays for the run (a full refresh drops tables before flows start). */
  #exists = false;

  /** `schema`: the pipeline's database (DuckDB schema), `undefined` for the default one. */
  constructor(session: FlowSession, schema: string | undefined, name: string, consumed: number) {
    this.#session = session;
    this.#schema = schema;
    this.#name = name;
    this.#position = consumed;
  }

  async next(): Promise<SourceBatch | undefined> {
    const rows = await this.#rowCount();
    if (rows <= this.#position) return undefined;
    return { files: [], seen: [], memoryItems: rows, rows: { from: this.#position, to: rows } };
  }

  async committed(batch: SourceBatch): Promise<void> {
    this.#position = batch.memoryItems;
  }

  async close(): Promise<void> {}

  /** One past the highest rowid; 0 while the upstream flow has not created the table yet. */
  async #rowCount(): Promise<number> {
    if (!this.#exists) {
      const schema = this.#schema === undefined ? 'current_schema()' : quoteString(this.#schema);
      const [found] = await this.#session.counts(
        `SELECT count(*) FROM duckdb_tables() WHERE database_name = current_database() AND lower(schema_name) = lower(${schema}) AND lower(table_name) = lower(${quoteString(this.#name)})`,
      );
      if ((found ?? 0) === 0) return 0;
      this.#exists = true;
    }
    const [next] = await this.#session.counts(`SELECT coalesce(max(rowid) + 1, 0) FROM ${qualifiedName(this.#schema, this.#name)}`);
    return next ?? 0;
  }
}
