import {
  type Dataset, type ElementRef, type Flow, type FlowOutcome, type Pipeline, type RunContext, type RunEventError, ThundError, ThundErrorCode,
} from '@thund/ir';
import { compileContext, compileFlowQuery } from '../compile/flow-plan.js';
import type { NativeConnection } from '../duckdb/native-connection.js';
import type { NativeDatabase } from '../duckdb/native-database.js';
import { thundErrorFromDuckDB } from '../duckdb/engine-error.js';
import type { KeyedLock } from './concurrency.js';
import { ExpectationFailedError } from './expectations.js';
import { FlowSession } from './flow-session.js';
import { shapeOutput } from './output-schema.js';
import type { TableStaging } from './table-staging.js';
import { writeOutput } from './write-output.js';

/** What every flow of one run shares. */
export interface RunScope {
  readonly context: RunContext;
  readonly pipeline: Pipeline;
  readonly database: NativeDatabase;
  readonly baseDir: string;
  readonly tableLock: KeyedLock;
  /** Tables written only by batch flows that a flow of this run has already recomputed. */
  readonly recomputedTables: Set<string>;
  /** Batch tables with several writers: staged, swapped in once every writer succeeded. */
  readonly staging: TableStaging;
  /** Connections with a statement possibly in flight; `cancel()` interrupts them. */
  readonly active: Set<NativeConnection>;
}

export function errorDetails(error: ThundError): RunEventError {
  const details: RunEventError = { code: error.code, message: error.message };
  const engineClass = /^([A-Za-z]+(?: [A-Za-z]+)* Error):/.exec(error.rawMessage)?.[1];
  const withClass = error.code === ThundErrorCode.Engine && engineClass !== undefined ? { ...details, engineClass } : details;
  return error instanceof ExpectationFailedError ? { ...withClass, sample: error.sample } : withClass;
}

/** Runs one flow: planning (lower, bind, check the schema), running (expectations, write), a terminal event. */
export async function runFlow(scope: RunScope, flow: Flow, dataset: Dataset): Promise<FlowOutcome> {
  const { context, pipeline } = scope;
  const element: ElementRef = { kind: 'flow', name: flow.name };
  const started = performance.now();
  context.emit({ element, phase: 'planning', message: `flow "${flow.name}" is planning` });
  const connection = await scope.database.connect();
  scope.active.add(connection);
  const session = new FlowSession(connection, context.signal);
  try {
    const sql = compileFlowQuery(flow, compileContext(pipeline, scope.baseDir));
    const columns = await session.describe(sql);
    const query = shapeOutput(sql, columns, dataset, element);
    context.emit({ element, phase: 'running', message: `flow "${flow.name}" is running` });
    const result = await writeOutput({ session, pipeline, dataset, flow, query, runId: context.runId, baseDir: scope.baseDir, tableLock: scope.tableLock, recomputedTables: scope.recomputedTables, staging: scope.staging });
    const durationMs = performance.now() - started;
    context.emit({
      element,
      phase: 'completed',
      message: `flow "${flow.name}" completed${result.rowsWritten === undefined ? '' : `: ${result.rowsWritten} row${result.rowsWritten === 1 ? '' : 's'} written`}`,
      details: { durationMs, ...result },
    });
    return { name: flow.name, phase: 'completed', ...result };
  } catch (reason) {
    const error = thundErrorFromDuckDB(reason, element);
    const durationMs = performance.now() - started;
    if (context.signal.aborted || error.code === ThundErrorCode.Cancelled) {
      const cancelled = new ThundError(ThundErrorCode.Cancelled, `flow "${flow.name}" was cancelled while running`, { backend: 'native', element });
      context.emit({ element, phase: 'cancelled', level: 'warn', message: cancelled.message, details: { durationMs, reason: 'the run was cancelled', error: errorDetails(cancelled) } });
      return { name: flow.name, phase: 'cancelled', error: errorDetails(cancelled) };
    }
    const expectations = error instanceof ExpectationFailedError ? { expectations: error.expectations } : {};
    context.emit({ element, phase: 'failed', level: 'error', message: error.message, details: { durationMs, ...expectations, error: errorDetails(error) } });
    return { name: flow.name, phase: 'failed', ...expectations, error: errorDetails(error) };
  } finally {
    scope.active.delete(connection);
    connection.closeSync();
  }
}
