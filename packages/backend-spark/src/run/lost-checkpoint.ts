import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Pipeline, ThundError, ThundErrorCode, isStreamingTable } from '@thund/ir';
import type { SparkConnectSession } from '../connect/session.js';
import type { PipelinePlace } from '../lower/flow-plan.js';
import { countRows } from './flow-metrics.js';

/**
 * A streaming table that already holds rows while its checkpoints are gone
 * (the storage directory removed, or a fresh one over an existing
 * database) would be filled again from every source file: the rows would
 * be doubled. Such a run is refused before anything is sent, unless it is
 * a full refresh, which rebuilds the table from its sources. SDP keeps a
 * table's checkpoints under `<storage>/_checkpoints/<catalog>/<database>/<table>/`.
 */
export async function lostCheckpointError(
  session: SparkConnectSession, place: PipelinePlace, pipeline: Pipeline, storageDir: string, fullRefresh: boolean,
): Promise<ThundError | undefined> {
  if (fullRefresh) return undefined;
  for (const dataset of pipeline.datasets) {
    if (dataset.type !== 'table' || !isStreamingTable(pipeline, dataset.name)) continue;
    const checkpoints = join(storageDir, '_checkpoints', place.catalog, place.database, dataset.name);
    if (existsSync(checkpoints)) continue;
    const rows = await countRows(session, place, dataset.name);
    if (rows === undefined || rows === 0) continue;
    return new ThundError(
      ThundErrorCode.Checkpoint,
      `streaming table "${dataset.name}" already holds ${rows} row${rows === 1 ? '' : 's'} but its checkpoints (${checkpoints}) are missing: running on would read every source again and duplicate them; run with --full-refresh (RunOptions.fullRefresh) to rebuild it from its sources, or restore the storage directory`,
      { backend: 'spark', element: { kind: 'dataset', name: dataset.name } },
    );
  }
  return undefined;
}
