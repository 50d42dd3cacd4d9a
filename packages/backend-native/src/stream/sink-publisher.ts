import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Dataset, Flow } from '@thund/ir';
import { copyStatement } from '../compile/write-statements.js';
import { claimOutputDirectory, type SinkFs, nodeSinkFs } from '@thund/backend-kit';
import type { FlowSession } from '../run/flow-session.js';
import { stateTable, stateTableExists } from './checkpoint-store.js';

/** The column of a sink's stage table naming the epoch that produced each row. */
export const EPOCH_COLUMN = '__thund_epoch';

/** `part-00000042.parquet`: one file per epoch; the name is the idempotency key. */
export function partFileName(epoch: number, dataset: Pick<Dataset, 'format'>): string {
  return `part-${String(epoch).padStart(8, '0')}.${dataset.format ?? 'parquet'}`;
}

/** `part-00000042`: the stem of an epoch's file names (a partitioned sink writes `col=v/part-00000042_<i>.<format>`). */
function partStem(epoch: number): string {
  return `part-${String(epoch).padStart(8, '0')}`;
}

/**
 * Whether a file under a streaming sink's directory (a path relative to it)
 * is one Þund writes there: `part-<epoch>.<format>`, `col=value/…/part-<epoch>_<i>.<format>`,
 * an unfinished `.part-<epoch>….tmp`, the `.thund-output` marker, or
 * Þund's `_thund_…` bookkeeping.
 */
export function isPublishedFile(file: string): boolean {
  return /^\.thund-output(\.tmp)?$/.test(file)
    || /^_thund_[^/]*(\/.*)?$/.test(file)
    || /^\.part-\d{8}[^/]*\.tmp(\/.*)?$/.test(file)
    || /^([^/]+=[^/]*\/)*part-\d{8}(_\d+)?\.[^/]+$/.test(file);
}

/**
 * Publishes a streaming sink's output. An epoch's rows are committed to a
 * stage table in the epoch's transaction; afterwards they are written to
 * a temporary file, renamed to `part-<epoch>.<format>` and removed from
 * the stage. A crash anywhere in between leaves the rows staged, and the
 * next run publishes them again under the same name: each epoch's file
 * appears exactly once, whole. A partitioned sink writes an epoch's rows to
 * a temporary directory (one file per partition value) and moves each file
 * into its `col=value/` directory under the same deterministic name, so a
 * publication repeated after a crash replaces what it had already moved.
 *
 * The directory is Þund's own: marked with a `.thund-output` file when
 * created (by `prepareStreaming`, or here), and nothing is removed or
 * replaced in a directory without that marker (`THUND_OUTPUT_NOT_OWNED`).
 */
export class SinkPublisher {
  readonly #flow: Flow;
  readonly #dataset: Dataset;
  readonly #directory: string;
  readonly #fs: SinkFs;
  #claimed = false;

  constructor(flow: Flow, dataset: Dataset, directory: string, fs: SinkFs = nodeSinkFs) {
    this.#flow = flow;
    this.#dataset = dataset;
    this.#directory = directory;
    this.#fs = fs;
  }

  get stage(): string {
    return stateTable(this.#flow, 'stage');
  }

  /** Publishes every committed epoch still staged (all of them after a crash), oldest first. */
  async publish(session: FlowSession): Promise<void> {
    await this.#claim();
    if (!(await stateTableExists((sql) => session.counts(sql), this.#flow, 'stage'))) return;
    const epochs = await session.rowsJson(`SELECT DISTINCT ${EPOCH_COLUMN} AS e FROM ${this.stage} ORDER BY 1`);
    for (const row of epochs) {
      const epoch = Number(row['e']);
      const rows = `SELECT * EXCLUDE (${EPOCH_COLUMN}) FROM ${this.stage} WHERE ${EPOCH_COLUMN} = ${epoch}`;
      const temporary = join(this.#directory, `.${partFileName(epoch, this.#dataset)}.tmp`);
      if ((this.#dataset.partitionColumns ?? []).length > 0) {
        await rm(temporary, { recursive: true, force: true });
        await session.run(copyStatement(rows, temporary, this.#dataset, { filenamePattern: `${partStem(epoch)}_{i}` }));
        await moveTree(temporary, this.#directory);
        await rm(temporary, { recursive: true, force: true });
      } else {
        await session.run(copyStatement(rows, temporary, { ...this.#dataset, partitionColumns: [] }));
        await rename(temporary, join(this.#directory, partFileName(epoch, this.#dataset)));
      }
      await session.run(`DELETE FROM ${this.stage} WHERE ${EPOCH_COLUMN} = ${epoch}`);
    }
  }

  /** Removes temporary files a crashed publish left behind. */
  async clean(): Promise<void> {
    await this.#claim();
    const names = await readdir(this.#directory).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith('.part-') && n.endsWith('.tmp')).map((n) => rm(join(this.#directory, n), { recursive: true, force: true })));
  }

  /** The sink's directory exists and is marked as Þund's; refuses a directory Þund did not create. */
  async #claim(): Promise<void> {
    if (this.#claimed) return;
    await claimOutputDirectory(this.#fs, this.#directory, { dataset: this.#dataset.name, backend: 'native' });
    this.#claimed = true;
  }
}

/** Moves every file under `from` to the same relative path under `to` (replacing it). */
async function moveTree(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((e) => e.isFile())) {
    const source = join(entry.parentPath, entry.name);
    const target = join(to, source.slice(from.length + 1));
    await mkdir(dirname(target), { recursive: true });
    await rename(source, target);
  }
}
