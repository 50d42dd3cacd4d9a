import { join } from 'node:path';
import type { Pipeline } from '@thund/ir';
import { resolvePath } from './lower/flow-plan.js';

/** Where a pipeline's SDP run keeps its checkpoints and Þund's ledgers: `Pipeline.storage`, else `<storageRoot>/<pipeline name>`. */
export function storageDir(pipeline: Pipeline, baseDir: string, storageRoot: string): string {
  return pipeline.storage === undefined ? join(storageRoot, pipeline.name) : resolvePath(baseDir, pipeline.storage);
}
