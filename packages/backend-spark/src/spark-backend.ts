import type { Table } from 'apache-arrow';
import type { Capabilities, CheckReport, Dataset, DatasetRows, ExecBackend, ExplainedFlow, ReadRowsOptions, Pipeline, RunHandle, RunOptions } from '@thund/ir';
import { type RelationInit, SparkConnectSession } from './connect/session.js';
import { type PipelinePlace, resolvePath } from './lower/flow-plan.js';
import { type FlowRelation, flowRelations } from './lower/flow-relations.js';
import { type DatasetLocation, readDataset, readRelation } from './read/read-dataset.js';
import { readRows } from './read/read-rows.js';
import { runPipeline } from './run/run-pipeline.js';
import { createSparkCapabilities } from './spark-capabilities.js';
import { checkForSpark } from './spark-check.js';
import { type ResolvedSparkConfig, type SparkBackendConfig, resolveConfig } from './spark-config.js';

/**
 * The Spark backend: pipelines lowered to Spark Declarative Pipelines and
 * run on a Spark Connect server. Create it with `createSparkBackend`, which
 * connects and reads the server's version first (capabilities depend on
 * it and `capabilities()` is synchronous).
 *
 * Lifetime: one Spark Connect session per backend, shared by its runs and
 * reads; `close()` ends it. Datasets stay on the server after a run.
 */
export class SparkBackend implements ExecBackend {
  readonly #config: ResolvedSparkConfig;
  readonly #session: SparkConnectSession;
  readonly #capabilities: Capabilities;
  readonly #written = new Map<string, DatasetLocation>();

  constructor(config: ResolvedSparkConfig, session: SparkConnectSession, version: string) {
    this.#config = config;
    this.#session = session;
    this.#capabilities = createSparkCapabilities({ version });
  }

  /** The configuration this backend runs with, defaults filled in and paths made absolute. */
  get config(): ResolvedSparkConfig {
    return this.#config;
  }

  /** The Spark Connect session (for SQL the portable plan cannot express). */
  get session(): SparkConnectSession {
    return this.#session;
  }

  /** What this backend can express and run, for the connected server's version. */
  capabilities(): Capabilities {
    return this.#capabilities;
  }

  /** Every reason this backend cannot run `pipeline`, without sending any command. */
  check(pipeline: Pipeline): CheckReport {
    return checkForSpark(pipeline, this.#capabilities, this.#config);
  }

  /** Each flow's lowered Relation proto as JSON (for `thund plan`); sends nothing. */
  plan(pipeline: Pipeline): FlowRelation[] {
    return flowRelations(pipeline, this.#config.baseDir);
  }

  /** Starts a run and returns at once; see RunHandle. */
  run(pipeline: Pipeline, options?: RunOptions): RunHandle {
    for (const dataset of pipeline.datasets) this.#written.set(dataset.name, this.#locationIn(pipeline, dataset));
    return runPipeline(
      { session: async () => this.#session, check: (p) => this.check(p), place: (p) => this.#place(p), baseDir: this.#config.baseDir, storageRoot: this.#config.storageRoot },
      pipeline,
      options,
    );
  }

  /** The contract's explain facet: each flow's Relation proto as JSON (`thund plan`). */
  explain(pipeline: Pipeline): ExplainedFlow[] {
    return this.plan(pipeline).map((p) => ({ flow: p.flow, language: 'spark connect relation (json)', text: p.relationJson }));
  }

  /**
   * A dataset's current rows as one Arrow table. With `pipeline`, the
   * dataset as that pipeline's run wrote it (a table in its catalog and
   * database, a sink's files), whether or not this backend ran it; without,
   * as the pipeline this backend last ran that has it wrote it, else the
   * name in the configured catalog and database.
   */
  async readDataset(name: string, pipeline?: Pipeline): Promise<Table> {
    return readDataset(this.#session, name, this.#readRelation(name, pipeline));
  }

  /**
   * The contract's readRows facet: plain rows, at most `limit` pulled from
   * the server; `options.pipeline` places the dataset as for
   * {@link SparkBackend.readDataset}.
   */
  async readRows(name: string, options?: ReadRowsOptions): Promise<DatasetRows> {
    return readRows(this.#session, name, this.#readRelation(name, options?.pipeline), options);
  }

  /** Ends the Spark Connect session. */
  async close(): Promise<void> {
    this.#session.close();
  }

  #readRelation(name: string, pipeline: Pipeline | undefined): RelationInit {
    if (pipeline === undefined) return readRelation(name, this.#written.get(name), { catalog: this.#config.catalog, database: this.#config.database });
    const dataset = pipeline.datasets.find((d) => d.name === name);
    return readRelation(name, dataset === undefined ? undefined : this.#locationIn(pipeline, dataset), this.#place(pipeline));
  }

  /** Where `pipeline`'s run writes `dataset`: its catalog and database, or a sink's files. */
  #locationIn(pipeline: Pipeline, dataset: Dataset): DatasetLocation {
    const location = dataset.location === undefined ? {} : { location: resolvePath(this.#config.baseDir, dataset.location) };
    return { place: this.#place(pipeline), dataset, ...location };
  }

  #place(pipeline: Pipeline): PipelinePlace {
    return { catalog: pipeline.catalog ?? this.#config.catalog, database: pipeline.database ?? this.#config.database };
  }
}

/** Connects to the Spark Connect server, reads its version, and returns the backend. */
export async function createSparkBackend(config: SparkBackendConfig = {}): Promise<SparkBackend> {
  const resolved = resolveConfig(config);
  const session = SparkConnectSession.connect(resolved.remote, { maxReattempts: resolved.retry.attempts, backoffMs: resolved.retry.backoffMs, timeouts: resolved.timeouts });
  try {
    const version = await session.sparkVersion();
    return new SparkBackend(resolved, session, version);
  } catch (reason) {
    session.close();
    throw reason;
  }
}
