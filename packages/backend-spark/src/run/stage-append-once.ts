import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DataType, type ExpectationResult, type Field, type Flow, type Pipeline, ThundError } from '@thund/ir';
import type { SparkConnectSession } from '../connect/session.js';
import { thundErrorFromSpark } from '../connect/spark-error.js';
import { WriteOperation_SaveMode } from '../gen/spark/connect/commands_pb.js';
import { STAGED_MARKER, appendOnceDirectory } from '../lower/append-once.js';
import { applyExpectations } from '../lower/expectations.js';
import { readPath } from '../lower/read-path.js';
import type { outsideLowering } from '../lower/flow-plan.js';
import { countRelationRows } from '../read/count-rows.js';
import { relationFields } from '../read/relation-fields.js';
import { describeFailure, flowFailureOf } from '../signals/flow-failure.js';
import { type SourceTotalsLedger, countExpectations } from './flow-metrics.js';
import type { FlowTracker } from './flow-tracker.js';

/** What an append-once flow did this run: its rows and counts when it was staged now, nothing when an earlier run did it. */
export interface AppendOnceOutcome {
  readonly rowsWritten: number;
  readonly expectations?: readonly ExpectationResult[];
}

export interface AppendOnceStaging {
  readonly session: SparkConnectSession;
  readonly pipeline: Pipeline;
  readonly storageDir: string;
  readonly lowering: ReturnType<typeof outsideLowering>;
  readonly ledger: SourceTotalsLedger;
  readonly tracker: FlowTracker;
  /** Datasets fully refreshed this run: their append-once flows stage again. */
  readonly resets: ReadonlySet<string>;
  readonly signal: AbortSignal;
}

/**
 * Writes each append-once flow's query (expectations applied) to its
 * staging directory, unless a complete staging from an earlier run is
 * there and this is no full refresh (see `lower/append-once.ts`). The
 * directory is Þund's own, under the pipeline's storage; it is complete
 * once its marker is written, so a run that died mid-write stages again
 * (its stream had not committed files that were never complete).
 */
export async function stageAppendOnceFlows(staging: AppendOnceStaging): Promise<Map<string, AppendOnceOutcome>> {
  const outcomes = new Map<string, AppendOnceOutcome>();
  for (const flow of staging.pipeline.flows.filter((f) => f.kind === 'append_once')) {
    const directory = appendOnceDirectory(staging.storageDir, flow);
    if (!staging.resets.has(flow.target) && (await isStaged(directory))) {
      outcomes.set(flow.name, { rowsWritten: 0 });
      continue;
    }
    staging.tracker.transition(flow.name, 'planning', `flow "${flow.name}" is staging its rows, to be appended once`);
    outcomes.set(flow.name, await stage(staging, flow, directory));
  }
  return outcomes;
}

async function stage(staging: AppendOnceStaging, flow: Flow, directory: string): Promise<AppendOnceOutcome> {
  const { session, lowering } = staging;
  await rm(directory, { recursive: true, force: true });
  const input = applyExpectations(lowering.lower(flow.query), flow, lowering.expressions);
  try {
    await session.drain({
      opType: {
        case: 'command',
        value: { commandType: { case: 'writeOperation', value: { input, source: 'parquet', saveType: { case: 'path', value: directory }, mode: WriteOperation_SaveMode.ERROR_IF_EXISTS, options: {} } } },
      },
    }, { signal: staging.signal });
  } catch (reason) {
    await rm(directory, { recursive: true, force: true });
    const error = thundErrorFromSpark(reason, { remote: session.remote.display, element: { kind: 'flow', name: flow.name } });
    const failure = flowFailureOf(error);
    if (failure.kind !== 'ExpectationFailed') throw error;
    const { code, message } = describeFailure(failure, flow.name);
    throw new ThundError(code, message, { backend: 'spark', element: { kind: 'flow', name: flow.name }, cause: error });
  }
  const rowsWritten = await countRelationRows(session, readPath('parquet', directory), { signal: staging.signal });
  const expectations = await countExpectations(session, lowering, flow, staging.ledger, { signal: staging.signal });
  const outcome: AppendOnceOutcome = { rowsWritten, ...(expectations === undefined ? {} : { expectations }) };
  await writeFile(join(directory, STAGED_MARKER), `${JSON.stringify({ flow: flow.name, ...outcome })}\n`);
  return outcome;
}

async function isStaged(directory: string): Promise<boolean> {
  try {
    await readFile(join(directory, STAGED_MARKER), 'utf8');
    return true;
  } catch {
    return false;
  }
}

/**
 * What a dry run gives the graph for each append-once flow instead of
 * staging it: the columns of the rows it would stage, as Spark analyses
 * the staging query (expectations applied) — which refuses a query that
 * would not run, naming the flow. A flow with a column of a type the IR
 * cannot name gets none (the graph then reads its staging directory).
 */
export async function stagedSchemas(session: SparkConnectSession, pipeline: Pipeline, lowering: ReturnType<typeof outsideLowering>, signal: AbortSignal): Promise<Map<string, readonly Field[]>> {
  const schemas = new Map<string, readonly Field[]>();
  for (const flow of pipeline.flows.filter((f) => f.kind === 'append_once')) {
    const input = applyExpectations(lowering.lower(flow.query), flow, lowering.expressions);
    const fields = await relationFields(session, input, signal)
      .catch((reason: unknown) => Promise.reject(new StagingRefused(flow.name, thundErrorFromSpark(reason, { remote: session.remote.display, element: { kind: 'flow', name: flow.name } }))));
    if (fields.every((f) => f.type !== undefined)) schemas.set(flow.name, fields.map((f) => ({ name: f.name, type: f.type as DataType })));
  }
  return schemas;
}

/** Spark refused an append-once flow's query when a dry run analysed it. */
export class StagingRefused extends Error {
  readonly flow: string;
  readonly error: ThundError;

  constructor(flow: string, error: ThundError) {
    super(error.message, { cause: error });
    this.name = 'StagingRefused';
    this.flow = flow;
    this.error = error;
  }
}
