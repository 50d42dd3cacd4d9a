import {
  type CheckReport, type Dataset, type ElementRef, type FlowOutcome, type Pipeline, type RunContext, type RunHandle,
  type RunOptions, type RunResult, type RunSelection, ThundError, ThundErrorCode, finishRun, beginRun, downstreamFlows, excludedFlowEvent, excludedOutcome, refuseRun, startRun,
} from '@thund/ir';
import { compileContext, compileFlowQuery, targetName } from './compile/flow-plan.js';
import { CsvSniffer } from './run/csv-sniffer.js';
import { quoteIdentifier } from './compile/sql-text.js';
import type { NativeConnection } from './duckdb/native-connection.js';
import type { NativeDatabase } from './duckdb/native-database.js';
import { thundErrorFromDuckDB } from './duckdb/engine-error.js';
import { KeyedLock } from './run/concurrency.js';
import { scheduleFlows } from './run/flow-scheduler.js';
import { type RunScope, errorDetails, runFlow } from './run/flow-runner.js';
import { TableStaging } from './run/table-staging.js';
import { recoverSinks } from './run/write-sink.js';
import { rawSqlRefusal } from './safety/raw-sql-preflight.js';
import { bindFlows } from './run/bind-flows.js';
import { guardCheckpointLoss } from './stream/checkpoint-loss.js';
import { prepareStreaming } from './stream/prepare-streaming.js';
import { type StreamRunSettings, runStreamFlow } from './stream/run-stream-flow.js';
import { keepsCheckpoint, pipelineStreams } from './stream/storage-root.js';

export interface RunDependencies {
  /** The database a pipeline runs on (a file under its storage root when it streams and the backend is in memory). */
  readonly database: (pipeline: Pipeline) => Promise<NativeDatabase>;
  /** Settings for streaming flows; `storage` is the pipeline's resolved storage root. */
  readonly stream: StreamRunSettings;
  readonly check: (pipeline: Pipeline) => CheckReport;
  readonly baseDir: string;
  readonly maxConcurrency: number;
}

/**
 * Runs a batch pipeline: validate and check (any problem fails the run
 * before data moves), then every flow once its inputs are written, up to
 * `maxConcurrency` at a time, each on its own connection. A failed flow
 * cancels only the flows downstream of it.
 */
export function runPipeline(deps: RunDependencies, pipeline: Pipeline, options: RunOptions = {}): RunHandle {
  return startRun(pipeline.name, options, (context) => execute(deps, pipeline, options, context));
}

type Outcome = Omit<RunResult, 'runId' | 'durationMs'>;

async function execute(deps: RunDependencies, pipeline: Pipeline, options: RunOptions, context: RunContext): Promise<Outcome> {
  const beginning = beginRun(pipeline, context, deps.check, errorDetails, options);
  if (beginning.refused) return beginning.outcome;
  const { started, selection } = beginning;
  const { emit, signal } = context;
  const element: ElementRef = { kind: 'pipeline', name: pipeline.name };
  const compileContextForRun = compileContext(pipeline, deps.baseDir);
  const queries = new Map<string, string>();
  for (const flow of pipeline.flows) {
    try {
      queries.set(flow.name, compileFlowQuery(flow, compileContextForRun));
    } catch (reason) {
      return failBeforeStart(pipeline, context, ThundError.from(reason, ThundErrorCode.Validation, { backend: 'native', element: { kind: 'flow', name: flow.name } }));
    }
  }

  for (const flow of pipeline.flows) {
    if (selection.flows.has(flow.name)) emit({ element: { kind: 'flow', name: flow.name }, phase: 'queued', message: `flow "${flow.name}" is queued` });
    else emit(excludedFlowEvent(flow));
  }
  let database: NativeDatabase;
  try {
    database = await deps.database(pipeline);
  } catch (reason) {
    return failBeforeStart(pipeline, context, ThundError.from(reason, ThundErrorCode.Engine, { backend: 'native', element }));
  }
  const unsafe = await rawSqlRefusal(database, pipeline).catch((reason: unknown) => ThundError.from(reason, ThundErrorCode.Internal, { backend: 'native', element }));
  if (unsafe !== undefined) return failBeforeStart(pipeline, context, unsafe);
  const csv = new CsvSniffer(compileContextForRun);
  // Never rejects; awaited before the run ends, so no sniff outlives it.
  const sniffing = options.dryRun === true ? Promise.resolve() : csv.prefetch(pipeline.flows.filter((f) => selection.flows.has(f.name) && !keepsCheckpoint(f.kind)), () => database.connect());
  const scope: RunScope = { context, pipeline, database, baseDir: deps.baseDir, tableLock: new KeyedLock(), queries, csv, recomputedTables: new Set<string>(), staging: new TableStaging(pipeline), active: new Set<NativeConnection>() };
  const interrupt = (): void => {
    for (const connection of scope.active) connection.interrupt();
  };
  signal.addEventListener('abort', interrupt, { once: true });
  try {
    await prepare(database, pipeline, options, selection, deps);
    emit({ element, phase: 'running', message: `pipeline "${pipeline.name}" is running` });
    const outcomes = options.dryRun === true ? await dryRun(database, pipeline, deps.baseDir, context, selection) : await schedule(scope, selection, deps.maxConcurrency, deps.stream);
    return finishRun(pipeline, context, { started, flows: outcomes });
  } finally {
    signal.removeEventListener('abort', interrupt);
    await sniffing;
    await dropTemporaryViews(database, pipeline);
    await dropStagingTables(database, scope.staging);
  }
}

/** A pipeline-level failure before any data moved: every flow is reported as not run. */
/** `refuseRun` with native's error details (engine class, expectation sample). */
function failBeforeStart(pipeline: Pipeline, context: RunContext, error: ThundError): Outcome {
  return refuseRun(pipeline, context, error, errorDetails(error));
}

async function prepare(database: NativeDatabase, pipeline: Pipeline, options: RunOptions, selection: RunSelection, deps: RunDependencies): Promise<void> {
  if (options.dryRun === true) return;
  await database.withConnection(async (connection) => {
    try {
      if (pipelineStreams(pipeline)) {
        await prepareStreaming(connection, pipeline, { selection, baseDir: deps.baseDir, storage: deps.stream.storage });
        await guardCheckpointLoss(connection, pipeline, { selection, baseDir: deps.baseDir });
      }
      await recoverSinks(pipeline, deps.baseDir);
      if (pipeline.database !== undefined) await connection.run(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(pipeline.database)}`);
      // A full refresh starts a dataset with incremental writers over. One written only by batch flows is not
      // dropped: every run replaces it whole anyway, and a refresh that fails must leave the old rows, not none.
      const incremental = new Set(pipeline.flows.filter((f) => keepsCheckpoint(f.kind)).map((f) => f.target));
      for (const dataset of pipeline.datasets) {
        if (selection.resets.has(dataset.name) && incremental.has(dataset.name) && (dataset.type === 'table' || dataset.type === 'materialized_view')) await connection.run(`DROP TABLE IF EXISTS ${targetName(pipeline, dataset)}`);
      }
    } catch (reason) {
      throw thundErrorFromDuckDB(reason, { kind: 'pipeline', name: pipeline.name });
    }
  });
}

/** Temporary views live only during the run. */
async function dropTemporaryViews(database: NativeDatabase, pipeline: Pipeline): Promise<void> {
  const views = pipeline.datasets.filter((d) => d.type === 'temporary_view');
  if (views.length === 0) return;
  await database.withConnection(async (connection) => {
    for (const view of views) await connection.run(`DROP VIEW IF EXISTS ${targetName(pipeline, view)}`).catch(() => undefined);
  });
}

/** Staging tables not swapped in (a writer failed or was cancelled): the tables keep their previous content. */
async function dropStagingTables(database: NativeDatabase, staging: TableStaging): Promise<void> {
  const stages = staging.stages();
  if (stages.length === 0) return;
  await database.withConnection(async (connection) => {
    for (const stage of stages) await connection.run(`DROP TABLE IF EXISTS ${stage}`).catch(() => undefined);
  });
}

/** A dry run: every flow bound by DuckDB in dependency order (`bindFlows`), nothing written. */
async function dryRun(database: NativeDatabase, pipeline: Pipeline, baseDir: string, context: RunContext, selection: RunSelection): Promise<FlowOutcome[]> {
  const failures = await database.withConnection((connection) => bindFlows(connection, pipeline, baseDir));
  const failed = new Map(failures.map((f) => [f.flow, f.error]));
  const skipped = new Set(failures.flatMap((f) => {
    const flow = pipeline.flows.find((candidate) => candidate.name === f.flow);
    return flow === undefined ? [] : downstreamFlows(pipeline, flow).map((d) => d.name);
  }));
  return pipeline.flows.map((flow): FlowOutcome => {
    if (!selection.flows.has(flow.name)) return excludedOutcome(flow);
    const element = { kind: 'flow', name: flow.name } as const;
    const error = failed.get(flow.name);
    if (error !== undefined) {
      const details = errorDetails(error);
      context.emit({ element, phase: 'failed', level: 'error', message: `flow "${flow.name}" does not bind: ${error.message}`, details: { error: details } });
      return { name: flow.name, phase: 'failed', error: details };
    }
    if (skipped.has(flow.name)) {
      context.emit({ element, phase: 'cancelled', level: 'warn', message: `flow "${flow.name}" was not bound: a flow it reads does not bind` });
      return { name: flow.name, phase: 'cancelled' };
    }
    context.emit({ element, phase: 'completed', message: `flow "${flow.name}" binds (dry run: nothing written)`, details: { rowsWritten: 0 } });
    return { name: flow.name, phase: 'completed', rowsWritten: 0 };
  });
}

/** Runs the selected flows in dependency order (`scheduleFlows`), each by its kind's runner. */
function schedule(scope: RunScope, selection: RunSelection, maxConcurrency: number, stream: StreamRunSettings): Promise<FlowOutcome[]> {
  const datasets = new Map<string, Dataset>(scope.pipeline.datasets.map((d) => [d.name, d]));
  return scheduleFlows(scope.pipeline, selection, scope.context, maxConcurrency, (flow) => {
    const dataset = datasets.get(flow.target) as Dataset;
    return keepsCheckpoint(flow.kind) ? runStreamFlow(scope, flow, dataset, stream) : runFlow(scope, flow, dataset);
  });
}
