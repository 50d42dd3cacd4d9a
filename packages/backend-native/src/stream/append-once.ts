import type { FlowSession } from '../run/flow-session.js';
import type { CheckpointStore } from './checkpoint-store.js';
import type { EpochWrite, StreamOutput } from './stream-output.js';

/**
 * An append-once (backfill) flow: its whole query appended to its table in
 * one transaction that also commits epoch 0 to the checkpoint, so it runs
 * exactly once, ever (until a full refresh).
 */
export async function appendOnce(
  session: FlowSession,
  store: CheckpointStore,
  output: StreamOutput,
  context: { readonly query: string; readonly lock: <T>(fn: () => Promise<T>) => Promise<T> },
): Promise<EpochWrite> {
  const { query } = context;
  return context.lock(async () => {
    await session.run('BEGIN TRANSACTION');
    try {
      const result = await output.write(session, query, { kind: 'append' }, 0);
      await store.commit({ epoch: 0, watermarkUs: undefined, memoryItems: 0, files: [], rowsRead: result.rowsWritten, rowsWritten: result.rowsWritten, lateRows: 0 });
      return result;
    } catch (reason) {
      await session.rollback().catch(() => undefined);
      throw reason;
    }
  });
}
