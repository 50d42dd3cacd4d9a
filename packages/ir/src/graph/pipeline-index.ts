import type { Dataset } from '../model/dataset.js';
import type { Flow } from '../model/flow.js';
import type { Pipeline } from '../model/pipeline.js';

/**
 * What backends and rules ask of a pipeline's graph again and again, built
 * in one pass: datasets by name, the flows writing each dataset, and the
 * streaming tables. `indexPipeline` builds it once per frozen pipeline (a
 * parsed or built one) and hands the same index to every caller of a run.
 */
export interface PipelineIndex {
  /** The pipeline indexed. */
  readonly pipeline: Pipeline;
  /** The first dataset of each name. */
  readonly datasets: ReadonlyMap<string, Dataset>;
  /** The flows writing `dataset`, in pipeline order; empty when none does. */
  writersOf(dataset: string): readonly Flow[];
  /** Tables written only by streaming and append-once flows: only ever appended to, so a streaming flow can read them incrementally. */
  readonly streamingTables: ReadonlySet<string>;
}

const NONE: readonly Flow[] = Object.freeze([]);
const built = new WeakMap<Pipeline, PipelineIndex>();

/**
 * The index of `pipeline`. A frozen pipeline (its datasets, flows and their
 * lists frozen, as `parsePipeline` and the builder make them) is indexed
 * once and the index remembered; a mutable one is indexed on every call,
 * since it may have changed.
 */
export function indexPipeline(pipeline: Pipeline): PipelineIndex {
  const known = built.get(pipeline);
  if (known !== undefined) return known;
  const index = buildIndex(pipeline);
  if (isFrozenGraph(pipeline)) built.set(pipeline, index);
  return index;
}

function buildIndex(pipeline: Pipeline): PipelineIndex {
  const datasets = new Map<string, Dataset>();
  for (const dataset of pipeline.datasets) if (!datasets.has(dataset.name)) datasets.set(dataset.name, dataset);
  const writers = new Map<string, Flow[]>();
  for (const flow of pipeline.flows) {
    const list = writers.get(flow.target);
    if (list === undefined) writers.set(flow.target, [flow]);
    else list.push(flow);
  }
  const streamingTables = new Set<string>();
  for (const [name, flows] of writers) {
    if (datasets.get(name)?.type === 'table' && flows.every((f) => f.kind === 'streaming' || f.kind === 'append_once')) streamingTables.add(name);
  }
  return Object.freeze({
    pipeline,
    datasets,
    writersOf: (dataset: string) => writers.get(dataset) ?? NONE,
    streamingTables,
  });
}

/** Whether nothing the index reads (the lists, each dataset's name and type, each flow's target and kind) can change. */
function isFrozenGraph(pipeline: Pipeline): boolean {
  return Object.isFrozen(pipeline) && Object.isFrozen(pipeline.datasets) && Object.isFrozen(pipeline.flows)
    && pipeline.datasets.every((d) => Object.isFrozen(d)) && pipeline.flows.every((f) => Object.isFrozen(f));
}
