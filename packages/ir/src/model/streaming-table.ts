import { indexPipeline } from '../graph/pipeline-index.js';
import type { Pipeline } from './pipeline.js';

/**
 * A streaming table: a `table` written only by streaming and append-once
 * flows. Its rows are only ever appended (batch flows recompute a table,
 * CDC updates it), so a streaming flow can read it incrementally — each
 * row once — on every backend.
 */
export function isStreamingTable(pipeline: Pipeline, dataset: string): boolean {
  return indexPipeline(pipeline).streamingTables.has(dataset);
}
