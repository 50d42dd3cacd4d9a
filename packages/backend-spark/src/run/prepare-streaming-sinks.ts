import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type Pipeline, ThundError, ThundErrorCode, isIncremental } from '@thund/ir';
import { OUTPUT_MARKER, assertOwned, claimOutputDirectory, nodeSinkFs, removeOutputDirectory } from '@thund/backend-kit';
import { resolvePath } from '../lower/flow-plan.js';

/** Files Spark's file sink writes into a sink directory (part files, their checksums, its commit log) and Þund's marker. */
export function isSparkSinkFile(file: string): boolean {
  const name = basename(file);
  return file === OUTPUT_MARKER || file.startsWith('_spark_metadata/') || name.startsWith('part-') || name.startsWith('.part-');
}

/**
 * Before a run, every sink written by streaming flows gets a directory
 * marked as Þund's, as on native. Spark's file sink keeps its own commit
 * log in the directory (`_spark_metadata`) and skips a batch whose id it
 * has already committed, so a sink must never meet a fresh checkpoint over
 * an old log: rows would be dropped silently (found: a full refresh after a
 * new file left the new rows out for good). Hence:
 * - a full refresh removes the sink's files first (only if every file is
 *   one Spark or Þund wrote there; otherwise `THUND_OUTPUT_NOT_OWNED`);
 * - a sink with a commit log but no checkpoint is refused (`THUND_CHECKPOINT`).
 */
export async function prepareStreamingSinks(pipeline: Pipeline, baseDir: string, storageDir: string, resets: ReadonlySet<string>): Promise<void> {
  for (const dataset of pipeline.datasets) {
    const writers = pipeline.flows.filter((f) => f.target === dataset.name);
    if (dataset.type !== 'sink' || !writers.some((f) => isIncremental(f.kind))) continue;
    const location = resolvePath(baseDir, dataset.location ?? dataset.name);
    const owner = { pipeline: pipeline.name, dataset: dataset.name, backend: 'spark' };
    if (resets.has(dataset.name)) {
      await removeOutputDirectory(nodeSinkFs, location, owner, isSparkSinkFile);
    } else {
      await assertOwned(nodeSinkFs, location, owner);
      if (existsSync(join(location, '_spark_metadata')) && !existsSync(join(storageDir, '_checkpoints', dataset.name))) {
        throw new ThundError(
          ThundErrorCode.Checkpoint,
          `streaming sink "${dataset.name}" at ${location} holds committed output but its checkpoint (${join(storageDir, '_checkpoints', dataset.name)}) is missing: Spark would skip the new batches it thinks it has written and lose their rows; run with --full-refresh ${dataset.name} (RunOptions.fullRefresh: ["${dataset.name}"]) to rewrite the sink from its sources, or restore the storage directory`,
          { backend: 'spark', element: { kind: 'dataset', name: dataset.name } },
        );
      }
    }
    await claimOutputDirectory(nodeSinkFs, location, owner);
  }
}
