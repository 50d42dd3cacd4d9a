import { type Dataset, type Flow, type Pipeline, isIncremental } from '@thund/ir';

/**
 * Sinks written only by batch flows. SDP sinks accept streaming flows only,
 * so these stay out of the dataflow graph: each is written after the graph
 * run by a Spark Connect WriteOperation of its flows' query (see
 * `run/write-batch-sinks.ts`). A sink reads nothing another dataset reads,
 * so running it last changes no result.
 */
export function isBatchSink(pipeline: Pipeline, dataset: Dataset): boolean {
  if (dataset.type !== 'sink') return false;
  const writers = pipeline.flows.filter((f) => f.target === dataset.name);
  return writers.length > 0 && writers.every((f) => !isIncremental(f.kind));
}

/** The flows of every batch sink, in pipeline order. */
export function batchSinkFlows(pipeline: Pipeline): Flow[] {
  const sinks = new Set(pipeline.datasets.filter((d) => isBatchSink(pipeline, d)).map((d) => d.name));
  return pipeline.flows.filter((f) => sinks.has(f.target));
}
