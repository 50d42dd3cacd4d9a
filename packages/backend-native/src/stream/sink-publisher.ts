import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dataset, Flow } from '@thund/ir';
import { copyStatement } from '../compile/write-statements.js';
import type { FlowSession } from '../run/flow-session.js';
import { stateTable, stateTableExists } from './checkpoint-store.js';

/** The column of a sink's stage table naming the epoch that produced each row. */
export const EPOCH_COLUMN = '__thund_epoch';

/** `part-00000042.parquet`: one file per epoch; the name is the idempotency key. */
export function partFileName(epoch: number, dataset: Pick<Dataset, 'format'>): string {
  return `part-${String(epoch).padStart(8, '0')}.${dataset.format ?? 'parquet'}`;
}

/**
 * Publishes a streaming sink's output. An epoch's rows are committed to a
 * stage table in the epoch's transaction; afterwards they are written to
 * a temporary file, renamed to `part-<epoch>.<format>` and removed from
 * the stage. A crash anywhere in between leaves the rows staged, and the
 * next run publishes them again under the same name: each epoch's file
 * appears exactly once, whole.
 */
export class SinkPublisher {
  readonly #flow: Flow;
  readonly #dataset: Dataset;
  readonly #directory: string;

  constructor(flow: Flow, dataset: Dataset, directory: string) {
    this.#flow = flow;
    this.#dataset = dataset;
    this.#directory = directory;
  }

  get stage(): string {
    return stateTable(this.#flow, 'stage');
  }

  /** Publishes every committed epoch still staged (all of them after a crash), oldest first. */
  async publish(session: FlowSession): Promise<void> {
    await mkdir(this.#directory, { recursive: true });
    if (!(await stateTableExists((sql) => session.counts(sql), this.#flow, 'stage'))) return;
    const epochs = await session.rowsJson(`SELECT DISTINCT ${EPOCH_COLUMN} AS e FROM ${this.stage} ORDER BY 1`);
    for (const row of epochs) {
      const epoch = Number(row['e']);
      const final = join(this.#directory, partFileName(epoch, this.#dataset));
      const temporary = join(this.#directory, `.${partFileName(epoch, this.#dataset)}.tmp`);
      await session.run(copyStatement(`SELECT * EXCLUDE (${EPOCH_COLUMN}) FROM ${this.stage} WHERE ${EPOCH_COLUMN} = ${epoch}`, temporary, { ...this.#dataset, partitionColumns: [] }));
      await rename(temporary, final);
      await session.run(`DELETE FROM ${this.stage} WHERE ${EPOCH_COLUMN} = ${epoch}`);
    }
  }

  /** Removes temporary files a crashed publish left behind. */
  async clean(): Promise<void> {
    const names = await readdir(this.#directory).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith('.part-') && n.endsWith('.tmp')).map((n) => rm(join(this.#directory, n), { force: true })));
  }
}
