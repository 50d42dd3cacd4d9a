import {
  type Dataset, type ElementRef, type Flow, type FlowOutcome, type Pipeline, type RunContext, type RunEventError, ThundError, ThundErrorCode,
} from '@thund/ir';
import type { NativeConnection } from '../duckdb/native-connection.js';
import type { NativeDatabase } from '../duckdb/native-database.js';
import { thundErrorFromDuckDB } from '../duckdb/engine-error.js';
import type { KeyedLock } from './concurrency.js';
import { ExpectationFailedError } from './expectations.js';
import type { CsvSniffer } from './csv-sniffer.js';
import { FlowSession } from './flow-session.js';
import { needsResultColumns, shapeOutput } from './output-schema.js';
import type { TableStaging } from './table-staging.js';
import { writeOutput } from './write-output.js';

/** What every flow of one run shares. */
export interface RunScope {
  readonly context: RunContext;
  readonly pipeline: Pipeline;
  readonly database: NativeDatabase;
  readonly baseDir: string;
  readonly tableLock: KeyedLock;
  /** Each flow's query, compiled once by the run's preflight (by flow name). */
  readonly queries: ReadonlyMap<string, string>;
  /** Each CSV file the run reads, sniffed once (batch flows). */
  readonly csv: CsvSniffer;
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

/** The flow's query as the run's preflight compiled it. */
export function compiledQuery(scope: RunScope, flow: Flow): string {
  const sql = scope.queries.get(flow.name);
  if (sql === undefined) throw new ThundError(ThundErrorCode.Internal, `flow "${flow.name}" was not compiled before the run`, { backend: 'native', element: { kind: 'flow', name: flow.name } });
  return sql;
}

/**
 * A flow's start: its `planning` event, and a connection of its own that
 * the run's `cancel()` can interrupt.
 */
export async function beginFlow(scope: RunScope, flow: Flow): Promise<{ readonly element: ElementRef; readonly started: number; readonly connection: NativeConnection }> {
  const element: ElementRef = { kind: 'flow', name: flow.name };
  const started = performance.now();
  scope.context.emit({ element, phase: 'planning', message: `flow "${flow.name}" is planning` });
  const connection = await scope.database.connect();
  scope.active.add(connection);
  return { element, started, connection };
}

/** Runs one flow: planning (lower, bind, check the schema), running (expectations, write), a terminal event. */
export async function runFlow(scope: RunScope, flow: Flow, dataset: Dataset): Promise<FlowOutcome> {
  const { context, pipeline } = scope;
  const { element, started, connection } = await beginFlow(scope, flow);
  const session = new FlowSession(connection, context.signal);
  try {
    const sql = (await scope.csv.compile(flow, session)) ?? compiledQuery(scope, flow);
    const query = needsResultColumns(pipeline, flow, dataset, sql) ? shapeOutput(sql, await session.describe(sql), dataset, element) : sql;
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
