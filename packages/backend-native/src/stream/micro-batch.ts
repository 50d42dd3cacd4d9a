import type { ExpectationResult, FileFormat, ReadFilesNode, ReadNode, RelationNode } from '@thund/ir';
import { compileContext } from '../compile/flow-plan.js';
import { RelationCompiler } from '../compile/relation-compiler.js';
import type { FlowSession } from '../run/flow-session.js';
import type { BatchReducer } from './batch-reducer.js';
import type { CheckpointStore } from './checkpoint-store.js';
import type { SinkPublisher } from './sink-publisher.js';
import type { SourceBatch, StreamSource } from './stream-source.js';
import type { EpochOutcome, StreamOperator } from './stream-operator.js';

export interface MicroBatchScope {
  readonly session: FlowSession;
  readonly compile: { readonly pipeline: Parameters<typeof compileContext>[0]; readonly baseDir: string };
  readonly source: StreamSource;
  /** The node the flow streams from: a `read_files` (directory, in-memory) or a `read` of an append-only table. */
  readonly sourceNode: ReadFilesNode | ReadNode;
  readonly operator: StreamOperator;
  readonly store: CheckpointStore;
  readonly sink: SinkPublisher | undefined;
  readonly reducer: BatchReducer;
  /** The batch the source hands out after `batch` commits, when known without listing again (a backlog). */
  readonly following: (batch: SourceBatch) => SourceBatch | undefined;
  /** Serialises writers of one target table. */
  readonly lock: <T>(fn: () => Promise<T>) => Promise<T>;
}

/**
 * One epoch, exactly once: in ONE DuckDB transaction the operator writes
 * its output and state and the checkpoint records the epoch and the
 * offsets it consumed; COMMIT is the commit point (a crash before it
 * leaves nothing, after it leaves everything). Sink files are published
 * after the commit from the staged rows, idempotently.
 */
export async function runMicroBatch(scope: MicroBatchScope, batch: SourceBatch, epoch: number, watermarkUs: number | undefined): Promise<EpochOutcome & { readonly stateRows: number }> {
  const { session, operator } = scope;
  const empty = batch.files.length === 0 && batch.rows === undefined;
  const input = { epoch, watermarkUs, compile: batchCompiler(scope, batch) };
  // An operator's read-only first step runs before the transaction (DuckDB writes one database per transaction).
  const reduce = operator.reduce?.bind(operator);
  const reduced = empty || reduce === undefined ? undefined : await scope.reducer.reduce(session, { epoch, statements: (table) => reduce(input, table) });
  const watermarkKnown = (next: number | undefined): void => {
    const following = scope.following(batch);
    if (following === undefined || reduce === undefined) return;
    const ahead = { epoch: epoch + 1, watermarkUs: next, compile: batchCompiler(scope, following) };
    scope.reducer.readAhead({ epoch: epoch + 1, statements: (table) => reduce(ahead, table) });
  };
  const outcome = await scope.lock(async () => {
    session.beginWithNext(); // sent with the epoch's first statement
    try {
      const result: EpochOutcome = empty
        ? { rowsRead: 0, rowsWritten: 0, lateRows: 0, stateRows: 0, watermarkUs }
        : await operator.apply(session, { ...input, ...(reduced === undefined ? {} : { reduced }), watermarkKnown });
      const countState = typeof result.stateRows === 'number' ? undefined : result.stateRows.countAfterCommit;
      const counted = await scope.store.commit({ epoch, watermarkUs: result.watermarkUs, memoryItems: batch.memoryItems, files: batch.seen, rowsRead: result.rowsRead, rowsWritten: result.rowsWritten, lateRows: result.lateRows }, countState);
      return { ...result, stateRows: typeof result.stateRows === 'number' ? result.stateRows : (counted ?? 0) };
    } catch (reason) {
      await session.rollback().catch(() => undefined);
      throw reason;
    }
  });
  await scope.source.committed(batch);
  if (scope.sink !== undefined) await scope.sink.publish(session);
  return outcome;
}

/** Lowers plan subtrees with the flow's streaming source reading only `batch`. */
function batchCompiler(scope: MicroBatchScope, batch: SourceBatch): (node: RelationNode) => string {
  const bound = { files: batch.files, ...(batch.format === undefined ? {} : { format: batch.format as FileFormat }) };
  const context = {
    ...compileContext(scope.compile.pipeline, scope.compile.baseDir),
    bindFiles: (node: ReadFilesNode) => (node === scope.sourceNode ? bound : undefined),
    bindRead: (node: ReadNode) => (node === scope.sourceNode ? batch.rows : undefined),
  };
  return (node) => new RelationCompiler(context).compile(node);
}

/** Adds one epoch's expectation counts to the flow's running totals. */
export function addExpectations(totals: Map<string, ExpectationResult>, results: readonly ExpectationResult[] | undefined): void {
  for (const r of results ?? []) {
    const seen = totals.get(r.name);
    totals.set(r.name, seen === undefined ? r : { ...seen, passed: seen.passed + r.passed, failed: seen.failed + r.failed });
  }
}
