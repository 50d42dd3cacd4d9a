import { access, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as arrow from 'apache-arrow';
import {
  type Capabilities, type CheckReport, type DatasetRows, type ExecBackend, type ExplainedFlow, type ReadRowsOptions, type Pipeline, type RunHandle, type RunOptions, ThundError, ThundErrorCode, checkAgainst, isIncremental, outputLocationViolations,
} from '@thund/ir';
import { explainFlow } from './compile/explain-flow.js';
import { type FlowPlan, compileContext, planPipeline } from './compile/flow-plan.js';
import { sinkFormatViolations } from './compile/sink-format-check.js';
import { NativeDatabase } from './duckdb/native-database.js';
import type { DatabaseSandbox } from './duckdb/sandbox-settings.js';
import { createNativeCapabilities } from './native-capabilities.js';
import { type NativeBackendConfig, type ResolvedNativeConfig, resolveConfig } from './native-config.js';
import { type DatasetLocation, readQuery } from './read/read-query.js';
import { readRows } from './read/read-rows.js';
import { runPipeline } from './run-pipeline.js';
import { safetyViolations } from './safety-violations.js';
import type { MemorySources } from './stream/memory-rows.js';
import { streamingViolations } from './stream/stream-check.js';
import { pipelineDatabase, pipelineStreams, storageRoot } from './stream/storage-root.js';

/** The Arrow read paths, loaded on first use (a run and its plain-rows preview never load them). */
let arrowReads: Promise<typeof import('./read/read-access.js')> | undefined;
function loadArrowReads(): Promise<typeof import('./read/read-access.js')> {
  arrowReads ??= import('./read/read-access.js');
  return arrowReads;
}

/** Run options of the native backend: the contract's, plus in-memory sources for this run. */
export interface NativeRunOptions extends RunOptions {
  /** In-memory streaming sources for this run, added to (and overriding) `NativeBackendConfig.sources`. */
  readonly sources?: MemorySources;
}

/**
 * The embedded backend: batch and streaming pipelines on DuckDB, in process.
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
  #databasePath: string | undefined;
  #closed = false;

  constructor(config: NativeBackendConfig = {}) {
    this.#config = resolveConfig(config);
  }

  /** The configuration this backend runs with, defaults filled in and paths made absolute. */
  get config(): ResolvedNativeConfig {
    return this.#config;
  }

  /** What this backend can express and run. */
  capabilities(): Capabilities {
    return this.#capabilities;
  }

  /** Every reason this backend cannot run `pipeline`, without running anything: capabilities, streaming query shapes, then sink locations it must not write to. */
  check(pipeline: Pipeline): CheckReport {
    const report = checkAgainst(pipeline, this.#capabilities);
    const { baseDir } = this.#config;
    const locations = outputLocationViolations(pipeline, { backend: report.backend, baseDir, storage: storageRoot(pipeline, baseDir), home: homedir() });
    const violations = [...report.violations, ...streamingViolations(pipeline, this.#capabilities.name), ...locations, ...sinkFormatViolations(pipeline, report.backend), ...safetyViolations(pipeline, this.#config, report.backend)];
    return { backend: report.backend, ok: violations.length === 0, violations };
  }

  /** Each flow's lowered DuckDB SQL and write statement; opens no database. */
  plan(pipeline: Pipeline): FlowPlan[] {
    return planPipeline(pipeline, this.#config.baseDir);
  }

  /** The contract's explain facet: `plan` as text (`thund plan`). */
  explain(pipeline: Pipeline): ExplainedFlow[] {
    const context = compileContext(pipeline, this.#config.baseDir);
    const flows = new Map(pipeline.flows.map((f) => [f.name, f]));
    return this.plan(pipeline).map((plan) => {
      const flow = flows.get(plan.flow);
      return { flow: plan.flow, language: 'duckdb sql', text: flow === undefined ? `${plan.sql};\n-- write: ${plan.write}` : explainFlow(plan, flow, context) };
    });
  }

  /** Starts a run and returns at once; see RunHandle. */
  run(pipeline: Pipeline, options: NativeRunOptions = {}): RunHandle {
    this.#learnLocations(pipeline, true);
    const { baseDir } = this.#config;
    return runPipeline(
      {
        // A dry run writes nothing: without a database of its own it binds in memory.
        database: (p) => this.#open(options.dryRun === true && !pipelineStreams(p) ? this.#config.database : this.#databaseFor(p), pipelineStreams(p)),
        check: (p) => this.check(p),
        baseDir,
        maxConcurrency: this.#config.maxConcurrency,
        stream: { storage: storageRoot(pipeline, baseDir), sources: { ...this.#config.sources, ...options.sources }, maxFilesPerEpoch: this.#config.maxFilesPerEpoch },
      },
      pipeline,
      options,
    );
  }

  /** A dataset's current rows as one Arrow table. */
  async readDataset(name: string, options: Pick<ReadRowsOptions, 'pipeline'> = {}): Promise<arrow.Table> {
    const { readTable } = await loadArrowReads();
    const database = await this.#openForReading(options.pipeline);
    return readTable(database, readQuery(name, this.#written.get(name), this.#config.baseDir), name);
  }

  /**
   * The contract's readRows facet: plain rows, at most `limit` read. Given
   * `options.pipeline`, a backend that has not run it reads where a run of
   * it wrote (its database file, its schema, its sinks' files).
   */
  async readRows(name: string, options: ReadRowsOptions = {}): Promise<DatasetRows> {
    const database = await this.#openForReading(options.pipeline);
    return readRows(database, readQuery(name, this.#written.get(name), this.#config.baseDir), name, options);
  }

  /** A dataset's rows as Arrow record batches, one DuckDB chunk at a time. */
  async *streamDataset(name: string): AsyncIterable<arrow.RecordBatch> {
    const { streamBatches } = await loadArrowReads();
    const database = await this.#openForReading(undefined);
    yield* streamBatches(database, readQuery(name, this.#written.get(name), this.#config.baseDir), name);
  }

  /** Releases the DuckDB database. Call it after runs and reads have ended. */
  async close(): Promise<void> {
    this.#closed = true;
    const database = this.#database;
    this.#database = undefined;
    this.#databasePath = undefined;
    if (database !== undefined) await database.then((d) => d.closeSync(), () => undefined);
  }

  /**
   * Streaming needs a persistent database (state, offsets and output commit
   * in one transaction): the configured file, or else `<storage>/native.duckdb`.
   */
  #databaseFor(pipeline: Pipeline): string {
    if (this.#config.database !== ':memory:' || !(this.#config.persist || pipelineStreams(pipeline))) return this.#config.database;
    return pipelineDatabase(pipeline, this.#config.baseDir);
  }

  /** Where a dataset of `pipeline` lives, as its run writes it: its schema, a sink's files. */
  #learnLocations(pipeline: Pipeline, replace: boolean): void {
    const streamed = new Set(pipeline.flows.filter((f) => isIncremental(f.kind)).map((f) => f.target));
    for (const dataset of pipeline.datasets) {
      if (!replace && this.#written.has(dataset.name)) continue;
      this.#written.set(dataset.name, { pipeline: { database: pipeline.database }, dataset, streaming: dataset.type === 'sink' && streamed.has(dataset.name) });
    }
  }

  /**
   * The database to read from: the open one, else the one a run of
   * `pipeline` writes. A database file that does not exist is not created
   * by a read: nothing has been written there yet.
   */
  async #openForReading(pipeline: Pipeline | undefined): Promise<NativeDatabase> {
    if (pipeline !== undefined) this.#learnLocations(pipeline, false);
    if (this.#database !== undefined) return this.#database;
    const path = pipeline === undefined ? this.#config.database : this.#databaseFor(pipeline);
    if (path !== ':memory:' && !(await exists(path))) {
      throw new ThundError(
        ThundErrorCode.Source,
        `there is nothing to read yet: ${pipeline === undefined ? 'the database' : `pipeline "${pipeline.name}" keeps its datasets in`} ${path}, which does not exist; run the pipeline first${this.#config.database === ':memory:' ? '' : ', or check the database path'}`,
        { backend: 'native', ...(pipeline === undefined ? {} : { element: { kind: 'pipeline', name: pipeline.name } }) },
      );
    }
    return this.#open(path);
  }

  #open(path: string = this.#databasePath ?? this.#config.database, streaming = false): Promise<NativeDatabase> {
    if (this.#closed) return Promise.reject(new Error('the native backend was closed'));
    if (this.#database !== undefined && this.#databasePath !== path) {
      return Promise.reject(new ThundError(
        ThundErrorCode.Validation,
        `this backend already uses database ${this.#databasePath}, but the pipeline needs ${path} (a streaming pipeline keeps its state in a database file under its storage root): set NativeBackendConfig.database to one file for all pipelines, or use one backend per pipeline`,
        { backend: 'native' },
      ));
    }
    if (this.#database === undefined) {
      this.#databasePath = path;
      const { baseDir, sandbox } = this.#config;
      const opened = openDatabase(path, this.#config.duckdb, streaming, sandbox ? { allowedDirectories: [baseDir], ...(path === ':memory:' ? { temporaryDirectory: join(baseDir, '.thund', 'tmp') } : {}) } : undefined);
      this.#database = opened;
      // A failed open is not kept: the next run or read tries again.
      opened.catch(() => {
        if (this.#database === opened) {
          this.#database = undefined;
          this.#databasePath = undefined;
        }
      });
    }
    return this.#database;
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(() => true, () => false);
}

/** Opens a database, creating its directory. For a streaming pipeline an unreadable file is a checkpoint error (it holds the checkpoints). */
async function openDatabase(path: string, options: Readonly<Record<string, string>>, streaming: boolean, sandbox?: DatabaseSandbox): Promise<NativeDatabase> {
  if (path !== ':memory:') await mkdir(dirname(path), { recursive: true });
  try {
    return await NativeDatabase.create(path, options, sandbox);
  } catch (reason) {
    const detail = reason instanceof Error ? (reason.message.split('\n')[0] ?? reason.message) : String(reason);
    if (/Could not set lock/i.test(detail)) {
      throw new ThundError(
        ThundErrorCode.Busy,
        `the DuckDB database ${path} is in use by another process (${detail}): one process at a time may run a pipeline on its storage; wait for the other run to finish (or stop it), or give this one its own storage root or database`,
        { backend: 'native', cause: reason },
      );
    }
    const what = streaming ? 'it holds the pipeline\'s checkpoints and' : 'it';
    throw new ThundError(
      streaming ? ThundErrorCode.Checkpoint : ThundErrorCode.Engine,
      `the DuckDB database ${path} cannot be opened (${detail}): ${what} is corrupt or not a DuckDB database; restore it, or delete it to start over`,
      { backend: 'native', cause: reason },
    );
  }
}

/**
 * A native (DuckDB) backend. The configuration is checked here (a sandbox
 * setting overridden in `duckdb` is a `THUND_VALIDATION` error); the database
 * is opened only when first needed.
 */
export function createNativeBackend(config?: NativeBackendConfig): NativeBackend {
  return new NativeBackend(config);
}
