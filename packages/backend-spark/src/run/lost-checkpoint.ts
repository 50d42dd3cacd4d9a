import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ThundError, ThundErrorCode } from '@thund/ir';
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
 * `streamingTables` are the graph's streaming tables (hidden ones too: an
 * update/complete flow's arrivals, see recomputed-aggregation.ts), each
 * with the pipeline dataset it is reported as.
 */
export async function lostCheckpointError(
  session: SparkConnectSession, place: PipelinePlace, streamingTables: readonly { readonly table: string; readonly dataset: string }[], storageDir: string, resets: ReadonlySet<string>,
): Promise<ThundError | undefined> {
  for (const { table, dataset } of streamingTables) {
    if (resets.has(dataset)) continue;
    const checkpoints = join(storageDir, '_checkpoints', place.catalog, place.database, table);
    if (existsSync(checkpoints)) continue;
    const rows = await countRows(session, place, table);
    if (rows === undefined || rows === 0) continue;
    return new ThundError(
      ThundErrorCode.Checkpoint,
      `streaming table "${table}"${table === dataset ? '' : ` (of dataset "${dataset}")`} already holds ${rows} row${rows === 1 ? '' : 's'} but its checkpoints (${checkpoints}) are missing: running on would read every source again and duplicate them; run with --full-refresh ${dataset} (RunOptions.fullRefresh: ["${dataset}"]) to rebuild it from its sources, or restore the storage directory`,
      { backend: 'spark', element: { kind: 'dataset', name: dataset } },
    );
  }
  return undefined;
}
