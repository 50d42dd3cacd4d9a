import { rm } from 'node:fs/promises';
import type { Pipeline, RunSelection } from '@thund/ir';
import type { NativeConnection } from '../duckdb/native-connection.js';
import { assertOwned, claimOutputDirectory, removeOutputDirectory, type SinkFs, nodeSinkFs } from '@thund/backend-kit';
import { ensureCheckpointTables, resetCheckpoint } from './checkpoint-store.js';
import { memoryStagingDirectory, streamingSinkDirectory } from './run-stream-flow.js';
import { isPublishedFile } from './sink-publisher.js';
import { ATTACH_SCRATCH } from './scratch.js';
import { keepsCheckpoint } from './storage-root.js';

/**
 * Before the flows of a streaming pipeline start: the checkpoint tables
 * exist; the checkpoints of the flows writing a dataset the selection
 * resets (a full refresh) are forgotten and those streaming sinks' files
 * removed (tables are dropped by the caller); then every streaming sink's
 * directory exists, marked as Þund's. A sink directory Þund did not create
 * is refused (`THUND_OUTPUT_NOT_OWNED`) before anything is reset or
 * removed, and so is a full refresh of one holding files Þund does not
 * write there.
 */
export async function prepareStreaming(
  connection: NativeConnection, pipeline: Pipeline, options: { readonly selection: RunSelection; readonly baseDir: string; readonly storage: string }, fs: SinkFs = nodeSinkFs,
): Promise<void> {
  const run = (sql: string): Promise<number> => connection.run(sql);
  const { resets } = options.selection;
  const datasets = new Map(pipeline.datasets.map((d) => [d.name, d]));
  const flows = pipeline.flows.filter((f) => keepsCheckpoint(f.kind));
  const sinks = flows.flatMap((flow) => {
    const target = datasets.get(flow.target);
    return target?.type === 'sink' ? [{ directory: streamingSinkDirectory(options.baseDir, target), owner: { pipeline: pipeline.name, dataset: target.name, backend: 'native' } }] : [];
  });
  for (const sink of sinks) await assertOwned(fs, sink.directory, sink.owner, resets.has(sink.owner.dataset) ? isPublishedFile : undefined);
  await ensureCheckpointTables(run);
  await run(ATTACH_SCRATCH);
  for (const flow of flows.filter((f) => resets.has(f.target))) {
    await resetCheckpoint(run, flow);
    await rm(memoryStagingDirectory(options.storage, flow), { recursive: true, force: true });
  }
  for (const sink of sinks.filter((s) => resets.has(s.owner.dataset))) await removeOutputDirectory(fs, sink.directory, sink.owner, isPublishedFile);
  for (const sink of sinks) await claimOutputDirectory(fs, sink.directory, sink.owner);
}
