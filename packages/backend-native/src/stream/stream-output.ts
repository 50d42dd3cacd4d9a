import type { Dataset, ElementRef, Expectation, ExpectationResult, Flow, Pipeline } from '@thund/ir';
import { targetName } from '../compile/flow-plan.js';
import { quoteIdentifier } from '../compile/sql-text.js';
import { evaluateExpectations } from '../run/expectations.js';
import type { ResultColumn } from '../duckdb/native-connection.js';
import type { FlowSession } from '../run/flow-session.js';
import { checkNotNull, shapeOutput } from '../run/output-schema.js';
import { createTableIfMissing } from '../run/write-output.js';
import { EPOCH_COLUMN, type SinkPublisher } from './sink-publisher.js';

/** Temporary table holding one epoch's output rows, shaped to the dataset. */
export const OUT = quoteIdentifier('__thund_out');

/**
 * How an epoch's rows reach the target: appended, replacing the rows of the
 * same keys (update mode; `overlap` matches session windows by overlap),
 * or replacing everything (complete mode).
 */
export type WriteMode =
  | { readonly kind: 'append' }
  /** `keysFrom`: a table whose keys are replaced (default: the written rows' keys). */
  | { readonly kind: 'upsert'; readonly keys: readonly string[]; readonly overlap: boolean; readonly keysFrom?: string }
  | { readonly kind: 'replace' };

export interface EpochWrite {
  readonly rowsWritten: number;
  readonly expectations?: readonly ExpectationResult[];
}

/** Writes micro-batch output into a table (inside the epoch's transaction) or a sink's stage. */
export class StreamOutput {
  readonly #pipeline: Pipeline;
  readonly #dataset: Dataset;
  readonly #element: ElementRef;
  readonly #expectations: readonly Expectation[];
  readonly #sink: SinkPublisher | undefined;
  /** Result columns per query shape: an operator's queries differ between epochs only in literals. */
  readonly #columns = new Map<string, ResultColumn[]>();
  #created = false;

  constructor(pipeline: Pipeline, flow: Flow, dataset: Dataset, sink: SinkPublisher | undefined) {
    this.#pipeline = pipeline;
    this.#dataset = dataset;
    this.#element = { kind: 'flow', name: flow.name };
    this.#expectations = flow.expectations ?? [];
    this.#sink = sink;
  }

  get target(): string {
    return targetName(this.#pipeline, this.#dataset);
  }

  /** Shapes `query` to the dataset's schema, applies expectations, writes it with `mode`. */
  async write(session: FlowSession, query: string, mode: WriteMode, epoch: number): Promise<EpochWrite> {
    const shapeKey = query.replace(/\b\d+\b/g, '#');
    let columns = this.#columns.get(shapeKey);
    if (columns === undefined) {
      columns = await session.describe(query);
      this.#columns.set(shapeKey, columns);
    }
    const shaped = shapeOutput(query, columns, this.#dataset, this.#element);
    const direct = mode.kind === 'append' && this.#sink === undefined && this.#expectations.length === 0 && !(this.#dataset.schema ?? []).some((f) => f.nullable === false);
    if (direct) {
      // Nothing to check: one statement straight into the table.
      if (!this.#created) await session.run(createTableIfMissing(this.#dataset, this.target, shaped));
      this.#created = true;
      return { rowsWritten: await session.run(`INSERT INTO ${this.target} BY NAME ${shaped}`) };
    }
    await session.run(`CREATE OR REPLACE TEMP TABLE ${OUT} AS ${shaped}`);
    let rows = `SELECT * FROM ${OUT}`;
    let expectations: ExpectationResult[] | undefined;
    if (this.#expectations.length > 0) {
      const evaluated = await evaluateExpectations(session, OUT, this.#expectations, this.#element);
      expectations = evaluated.results;
      if (evaluated.keep !== undefined) rows = `${rows} WHERE ${evaluated.keep}`;
    }
    await checkNotNull((sql) => session.counts(sql), `(${rows}) AS "_chk"`, this.#dataset, this.#element);
    const rowsWritten = this.#sink === undefined ? await this.#writeTable(session, rows, mode) : await this.#stage(session, this.#sink, rows, epoch);
    return expectations === undefined ? { rowsWritten } : { rowsWritten, expectations };
  }

  async #writeTable(session: FlowSession, rows: string, mode: WriteMode): Promise<number> {
    const target = this.target;
    if (!this.#created) await session.run(createTableIfMissing(this.#dataset, target, rows));
    this.#created = true;
    if (mode.kind === 'replace') await session.run(`DELETE FROM ${target}`);
    if (mode.kind === 'upsert') {
      const table = quoteIdentifier(this.#dataset.name);
      const same = mode.keys.map((k) => `"_o".${quoteIdentifier(k)} IS NOT DISTINCT FROM ${table}.${quoteIdentifier(k)}`);
      if (mode.overlap) same.push(`"_o"."window_start" < ${table}."window_end"`, `${table}."window_start" < "_o"."window_end"`);
      await session.run(`DELETE FROM ${target} WHERE EXISTS (SELECT 1 FROM (${mode.keysFrom === undefined ? rows : `SELECT * FROM ${mode.keysFrom}`}) AS "_o" WHERE ${same.length === 0 ? 'TRUE' : same.join(' AND ')})`);
    }
    return session.run(`INSERT INTO ${target} BY NAME ${rows}`);
  }

  async #stage(session: FlowSession, sink: SinkPublisher, rows: string, epoch: number): Promise<number> {
    await session.run(`CREATE TABLE IF NOT EXISTS ${sink.stage} AS SELECT CAST(0 AS BIGINT) AS ${EPOCH_COLUMN}, * FROM (${rows}) AS "_q" WITH NO DATA`);
    return session.run(`INSERT INTO ${sink.stage} SELECT ${epoch} AS ${EPOCH_COLUMN}, * FROM (${rows}) AS "_q"`);
  }
}
