import type { Pipeline } from '@thund/ir';
import { resolveLocation } from '../compile/flow-plan.js';
import { copyStatement } from '../compile/write-statements.js';
import { recoverOutput, replaceOutput, type SinkFs, nodeSinkFs } from '@thund/backend-kit';
import type { WriteRequest } from './write-output.js';

/**
 * Writes a batch flow's result into its sink: the files are written beside
 * the location, then swapped in (see `replaceOutput`): the location holds
 * the old complete output or the new one, never neither or a mix, and only
 * an output Þund created is ever replaced. Flows of one run writing the
 * same location replace it one after another (the last one's output stays).
 */
export async function writeSink(
  request: Pick<WriteRequest, 'session' | 'pipeline' | 'dataset' | 'runId' | 'baseDir' | 'tableLock'>, query: string, fs: SinkFs = nodeSinkFs,
): Promise<number> {
  const { session, pipeline, dataset, runId, baseDir } = request;
  const location = resolveLocation(baseDir, dataset.location ?? dataset.name);
  return request.tableLock.with(`sink:${location}`, () => replaceOutput({
    location,
    kind: (dataset.partitionColumns ?? []).length > 0 ? 'directory' : 'file',
    owner: { pipeline: pipeline.name, dataset: dataset.name, backend: 'native' },
    runId,
    fs,
    write: (path) => session.run(copyStatement(query, path, dataset)),
  }));
}

/**
 * At the start of a run: finishes or undoes every sink replacement a crash
 * interrupted (see `recoverOutput`), so each sink location holds a complete
 * output even if this run does not write it.
 */
export async function recoverSinks(pipeline: Pipeline, baseDir: string, fs: SinkFs = nodeSinkFs): Promise<void> {
  for (const dataset of pipeline.datasets.filter((d) => d.type === 'sink')) {
    await recoverOutput(resolveLocation(baseDir, dataset.location ?? dataset.name), fs);
  }
}
