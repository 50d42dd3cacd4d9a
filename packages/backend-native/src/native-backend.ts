import type * as arrow from 'apache-arrow';
import { type Capabilities, type CheckReport, type ExecBackend, type Pipeline, type RunHandle, type RunOptions, checkAgainst } from '@thund/ir';
import { type FlowPlan, planPipeline } from './compile/flow-plan.js';
import { NativeDatabase } from './duckdb/native-database.js';
import { createNativeCapabilities } from './native-capabilities.js';
import { type NativeBackendConfig, type ResolvedNativeConfig, resolveConfig } from './native-config.js';
import { type DatasetLocation, readQuery, readTable, streamBatches } from './read/read-dataset.js';
import { runPipeline } from './run/run-pipeline.js';

/**
 * The embedded backend: batch pipelines on DuckDB, in process.
 *
 * Lifetime: the backend owns one DuckDB database, opened on first use and
 * kept open so datasets can be read after a run; `close()` releases it.
 * With `database: ':memory:'` (the default) the data goes with it; with a
 * file path it persists and a new backend on the same file reads it back.
 */
export class NativeBackend implements ExecBackend {
  readonly #config: ResolvedNativeConfig;
  readonly #capabilities: Capabilities = createNativeCapabilities();
  /** Where each dataset written by this backend lives (its pipeline's schema, a sink's files). */
  readonly #written = new Map<string, DatasetLocation>();
  #database: Promise<NativeDatabase> | undefined;
  #closed = false;

  constructor(config: NativeBackendConfig = {}) {
    this.#config = resolveConfig(config);
  }

  get config(): ResolvedNativeConfig {
    return this.#config;
  }

  /** What this backend can express and run. */
  capabilities(): Capabilities {
    return this.#capabilities;
  }

  /** Every reason this backend cannot run `pipeline`, without running anything. */
  check(pipeline: Pipeline): CheckReport {
    return checkAgainst(pipeline, this.#capabilities);
  }

  /** Each flow's lowered DuckDB SQL and write statement (for `thund plan`); opens no database. */
  plan(pipeline: Pipeline): FlowPlan[] {
    return planPipeline(pipeline, this.#config.baseDir);
  }

  /** Starts a run and returns at once; see RunHandle. */
  run(pipeline: Pipeline, options?: RunOptions): RunHandle {
    for (const dataset of pipeline.datasets) this.#written.set(dataset.name, { pipeline: { database: pipeline.database }, dataset });
    return runPipeline(
      { database: () => this.#open(), check: (p) => this.check(p), baseDir: this.#config.baseDir, maxConcurrency: this.#config.maxConcurrency },
      pipeline,
      options,
    );
  }

  /** A dataset's current rows as one Arrow table. */
  async readDataset(name: string): Promise<arrow.Table> {
    return readTable(await this.#open(), readQuery(name, this.#written.get(name), this.#config.baseDir), name);
  }

  /** A dataset's rows as Arrow record batches, one DuckDB chunk at a time. */
  async *streamDataset(name: string): AsyncIterable<arrow.RecordBatch> {
    const sql = readQuery(name, this.#written.get(name), this.#config.baseDir);
    yield* streamBatches(await this.#open(), sql, name);
  }

  /** Releases the DuckDB database. Call it after runs and reads have ended. */
  async close(): Promise<void> {
    this.#closed = true;
    const database = this.#database;
    this.#database = undefined;
    if (database !== undefined) (await database).closeSync();
  }

  #open(): Promise<NativeDatabase> {
    if (this.#closed) return Promise.reject(new Error('the native backend was closed'));
    this.#database ??= NativeDatabase.create(this.#config.database, this.#config.duckdb);
    return this.#database;
  }
}

export function createNativeBackend(config?: NativeBackendConfig): NativeBackend {
  return new NativeBackend(config);
}
