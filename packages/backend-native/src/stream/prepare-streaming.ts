import { rm } from 'node:fs/promises';
import type { Pipeline } from '@thund/ir';
import type { NativeConnection } from '../duckdb/native-connection.js';
import { ensureCheckpointTables, resetCheckpoint } from './checkpoint-store.js';
import { memoryStagingDirectory, streamingSinkDirectory } from './run-stream-flow.js';
import { keepsCheckpoint } from './storage-root.js';

/**
 * Before the flows of a streaming pipeline start: the checkpoint tables
 * exist; with `fullRefresh`, every checkpoint of the pipeline is forgotten
 * and its streaming sinks' files removed (tables are dropped by the caller).
 */
export async function prepareStreaming(connection: NativeConnection, pipeline: Pipeline, options: { readonly fullRefresh?: boolean; readonly baseDir: string; readonly storage: string }): Promise<void> {
  const run = (sql: string): Promise<number> => connection.run(sql);
  await ensureCheckpointTables(run);
  if (options.fullRefresh !== true) return;
  const datasets = new Map(pipeline.datasets.map((d) => [d.name, d]));
  for (const flow of pipeline.flows.filter((f) => keepsCheckpoint(f.kind))) {
    await resetCheckpoint(run, flow);
    await rm(memoryStagingDirectory(options.storage, flow), { recursive: true, force: true });
    const target = datasets.get(flow.target);
    if (target?.type === 'sink') await rm(streamingSinkDirectory(options.baseDir, target), { recursive: true, force: true });
  }
}
