import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Dataset, type ExpectationResult, type Flow, type FlowOutcome, type Trigger, ThundError, ThundErrorCode, durationToMs,
} from '@thund/ir';
import { resolveLocation } from '../compile/flow-plan.js';
import { thundErrorFromDuckDB } from '../duckdb/engine-error.js';
import { beginFlow, compiledQuery, errorDetails, type RunScope } from '../run/flow-runner.js';
import { FlowSession } from '../run/flow-session.js';
import { appendOnce } from './append-once.js';
import { BatchReducer } from './batch-reducer.js';
import { CheckpointStore, checkpointIdentity, stateTableName } from './checkpoint-store.js';
import { commitLogFor } from './commit-log.js';
import { DirectorySource } from './directory-source.js';
import { watermarkText } from './event-time.js';
import { MemorySource } from './memory-source.js';
import type { MemorySources } from './memory-rows.js';
import { addExpectations, runMicroBatch } from './micro-batch.js';
import { operatorForFlow } from './operator-for-flow.js';
import { SinkPublisher } from './sink-publisher.js';
import { streamingSourceNode } from './stream-plan.js';
import { StreamOutput } from './stream-output.js';
import type { SourceBatch, StreamSource } from './stream-source.js';
import { TableSource } from './table-source.js';

/** What streaming flows of one run share. */
export interface StreamRunSettings {
  /** The pipeline's storage root (staged in-memory items live under it). */
  readonly storage: string;
  readonly sources: MemorySources;
  readonly maxFilesPerEpoch: number;
}

const DEFAULT_TRIGGER: Trigger = { kind: 'available_now' };

/** Where a sink written by a streaming flow keeps its files: a directory of `part-<epoch>` files. */
export function streamingSinkDirectory(baseDir: string, dataset: Dataset): string {
  return resolveLocation(baseDir, dataset.location ?? dataset.name);
}

/** Directory where an in-memory source's items are staged as files until their epoch commits. */
export function memoryStagingDirectory(storage: string, flow: Pick<Flow, 'name'>): string {
  return join(storage, 'memory', stateTableName(flow, 'src'));
}

/**
 * Runs a streaming, cdc or append-once flow: resumes from its checkpoint,
 * then runs micro-batches as its trigger says (`available_now`, the
 * default: until no new input; `once`: one micro-batch of everything new;
 * `processing_time`: one every interval until the run is cancelled). An
 * event per micro-batch carries epoch, rows, watermark, late rows, state size.
 */
export async function runStreamFlow(scope: RunScope, flow: Flow, dataset: Dataset, settings: StreamRunSettings): Promise<FlowOutcome> {
  const { context, pipeline } = scope;
  const { element, started, connection } = await beginFlow(scope, flow);
  // Cancellation is honoured between micro-batches (and by interrupting a running query), never between
  // an epoch's COMMIT and the publication of its files, so a cancelled run leaves nothing half done.
  const session = new FlowSession(connection, new AbortController().signal);
  let source: StreamSource | undefined;
  const reducer = new BatchReducer(flow, () => scope.database.connect(), scope.active);
  const totals = { rowsRead: 0, rowsWritten: 0, lateRows: 0, epochs: 0 };
  const expectations = new Map<string, ExpectationResult>();
  try {
    // The output's commit log names this checkpoint before the output holds anything of this run (see checkpoint-loss.ts).
    const checkpoint = await checkpointIdentity((sql) => session.rowsJson(sql));
    const log = commitLogFor(pipeline, dataset, scope.baseDir);
    const store = new CheckpointStore(session, pipeline, flow, (epoch, recorded) => log.inTransaction({ flow: flow.name, checkpoint, epoch }, recorded));
    const committed = await store.open();
    await log.record({ flow: flow.name, checkpoint, epoch: committed.epoch });
    const sink = dataset.type === 'sink' ? new SinkPublisher(flow, dataset, streamingSinkDirectory(scope.baseDir, dataset)) : undefined;
    const output = new StreamOutput(pipeline, flow, dataset, sink);
    if (sink !== undefined) {
      await sink.clean();
      await sink.publish(session); // epochs committed by a run that died before publishing
    }
    context.emit({ element, phase: 'running', message: `flow "${flow.name}" is running${committed.epoch >= 0 ? ` from checkpoint epoch ${committed.epoch}` : ''}` });

    if (flow.kind === 'append_once') {
      if (committed.epoch >= 0) return completed(`flow "${flow.name}" completed: already applied by an earlier run (append-once)`);
      const written = await appendOnce(session, store, output, { query: compiledQuery(scope, flow), lock: (fn) => scope.tableLock.with(output.target, fn) });
      totals.rowsWritten = written.rowsWritten;
      addExpectations(expectations, written.expectations);
      return completed(`flow "${flow.name}" completed: ${written.rowsWritten} rows appended once`);
    }

    const operator = operatorForFlow(flow, output);
    const sourceNode = streamingSourceNode(pipeline, operator.input);
    if (sourceNode === undefined) throw new ThundError(ThundErrorCode.Unsupported, `flow "${flow.name}" has no source to stream from (a read_files, or a read of a streaming table)`, { backend: 'native', element });
    const memory = sourceNode.kind === 'read_files' ? settings.sources[sourceNode.path] : undefined;
    if (sourceNode.kind === 'read') {
      source = new TableSource(session, pipeline.database, sourceNode.dataset, committed.memoryItems);
    } else if (memory !== undefined) {
      const staging = memoryStagingDirectory(settings.storage, flow);
      await rm(staging, { recursive: true, force: true });
      source = new MemorySource(memory, committed.memoryItems, staging, element);
    } else {
      source = await DirectorySource.open(resolveLocation(scope.baseDir, sourceNode.path), await store.filesSeen(), element);
    }

    const trigger = flow.trigger ?? DEFAULT_TRIGGER;
    const interval = trigger.kind === 'processing_time' ? (durationToMs(trigger.interval) ?? 1000) : 0;
    const perTrigger = sourceNode.kind === 'read_files' ? (sourceNode.maxFilesPerTrigger ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
    const limit = trigger.kind === 'once' ? Number.POSITIVE_INFINITY : Math.min(settings.maxFilesPerEpoch, perTrigger);
    const streamSource = source;
    const batchScope = {
      session, source, sourceNode, operator, store, sink, reducer,
      // A backlog's next batch may be reduced ahead, unless this is the trigger's only micro-batch.
      following: (batch: SourceBatch) => (trigger.kind === 'once' ? undefined : streamSource.following?.(batch, limit)),
      compile: { pipeline, baseDir: scope.baseDir },
      lock: <T>(fn: () => Promise<T>) => scope.tableLock.with(output.target, fn),
    };
    let epoch = committed.epoch + 1;
    let watermarkUs = committed.watermarkUs;
    while (!context.signal.aborted) {
      const batch = await source.next(limit, trigger.kind !== 'processing_time', context.signal);
      if (context.signal.aborted) break;
      if (batch === undefined) {
        if (trigger.kind !== 'processing_time') break;
        await sleep(interval, context.signal);
        continue;
      }
      const epochStarted = performance.now();
      const outcome = await runMicroBatch(batchScope, batch, epoch, watermarkUs);
      await log.record({ flow: flow.name, checkpoint, epoch });
      watermarkUs = outcome.watermarkUs;
      totals.rowsRead += outcome.rowsRead;
      totals.rowsWritten += outcome.rowsWritten;
      totals.lateRows += outcome.lateRows;
      totals.epochs += 1;
      addExpectations(expectations, outcome.expectations);
      const watermark = watermarkText(watermarkUs);
      context.emit({
        element,
        message: `flow "${flow.name}" epoch ${epoch}: ${outcome.rowsRead} rows read, ${outcome.rowsWritten} written${outcome.lateRows > 0 ? `, ${outcome.lateRows} late rows dropped` : ''}${watermark === undefined ? '' : `, watermark ${watermark}`}`,
        details: {
          epoch, rowsRead: outcome.rowsRead, rowsWritten: outcome.rowsWritten, lateRows: outcome.lateRows, stateRows: outcome.stateRows,
          durationMs: performance.now() - epochStarted, ...(watermark === undefined ? {} : { watermark }),
          ...(outcome.expectations === undefined ? {} : { expectations: outcome.expectations }),
        },
      });
      epoch += 1;
      if (trigger.kind === 'once') break;
      if (trigger.kind === 'processing_time') await sleep(interval, context.signal);
    }
    if (context.signal.aborted) return cancelled();
    return completed(`flow "${flow.name}" completed: ${totals.epochs} micro-batch${totals.epochs === 1 ? '' : 'es'}, ${totals.rowsRead} rows read, ${totals.rowsWritten} written${totals.lateRows > 0 ? `, ${totals.lateRows} late rows dropped` : ''}`);
  } catch (reason) {
    const error = thundErrorFromDuckDB(reason, element);
    if (context.signal.aborted || error.code === ThundErrorCode.Cancelled) return cancelled();
    const durationMs = performance.now() - started;
    const results = [...expectations.values()];
    const failedExpectations = results.length === 0 ? {} : { expectations: results };
    context.emit({ element, phase: 'failed', level: 'error', message: error.message, details: { durationMs, ...failedExpectations, error: errorDetails(error) } });
    return { name: flow.name, phase: 'failed', ...failedExpectations, error: errorDetails(error) };
  } finally {
    await reducer.close(connection);
    await source?.close();
    scope.active.delete(connection);
    connection.closeSync();
  }

  function completed(message: string): FlowOutcome {
    const results = [...expectations.values()];
    const extra = results.length === 0 ? {} : { expectations: results };
    context.emit({ element, phase: 'completed', message, details: { durationMs: performance.now() - started, rowsRead: totals.rowsRead, rowsWritten: totals.rowsWritten, lateRows: totals.lateRows, ...extra } });
    return { name: flow.name, phase: 'completed', rowsWritten: totals.rowsWritten, ...extra };
  }

  function cancelled(): FlowOutcome {
    const error = new ThundError(ThundErrorCode.Cancelled, `flow "${flow.name}" was cancelled after ${totals.epochs} micro-batch${totals.epochs === 1 ? '' : 'es'} (every committed micro-batch is kept)`, { backend: 'native', element });
    context.emit({ element, phase: 'cancelled', level: 'warn', message: error.message, details: { durationMs: performance.now() - started, rowsWritten: totals.rowsWritten, reason: 'the run was cancelled', error: errorDetails(error) } });
    return { name: flow.name, phase: 'cancelled', rowsWritten: totals.rowsWritten, error: errorDetails(error) };
  }
}

/** Waits `ms`, or less if `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
