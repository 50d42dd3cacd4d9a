import type { Pipeline } from './pipeline.js';

/**
 * A streaming table: a `table` written only by streaming and append-once
 * flows. Its rows are only ever appended (batch flows recompute a table,
 * CDC updates it), so a streaming flow can read it incrementally — each
 * row once — on every backend.
 */
export function isStreamingTable(pipeline: Pipeline, dataset: string): boolean {
  const target = pipeline.datasets.find((d) => d.name === dataset);
  const writers = pipeline.flows.filter((f) => f.target === dataset);
  return target?.type === 'table' && writers.length > 0 && writers.every((f) => f.kind === 'streaming' || f.kind === 'append_once');
}
