import type { Dataset, Flow, Pipeline } from '../../src/index.js';
import { col, count, from, readFiles, sum } from '../../src/index.js';

/** A small valid pipeline the rule tests mutate one way at a time. */
export function basePipeline(): Pipeline {
  return {
    version: 1,
    name: 'base',
    datasets: [
      { name: 'raw', type: 'temporary_view' },
      { name: 'clean', type: 'table', schema: [{ name: 'id', type: 'int64' }, { name: 'amount', type: 'float64' }] },
      { name: 'totals', type: 'materialized_view' },
    ],
    flows: [
      { name: 'raw', target: 'raw', kind: 'batch', query: readFiles('csv', 'in.csv').node },
      { name: 'clean', target: 'clean', kind: 'batch', query: from('raw').filter(col('amount').gt(0)).node },
      { name: 'totals', target: 'totals', kind: 'batch', query: from('clean').groupBy('id').agg(sum('amount').as('total')).node },
    ],
  };
}

export function withDatasets(pipeline: Pipeline, ...datasets: Dataset[]): Pipeline {
  return { ...pipeline, datasets: [...pipeline.datasets, ...datasets] };
}

export function withFlows(pipeline: Pipeline, ...flows: Flow[]): Pipeline {
  return { ...pipeline, flows: [...pipeline.flows, ...flows] };
}

export function replaceFlow(pipeline: Pipeline, name: string, change: (flow: Flow) => Flow): Pipeline {
  return { ...pipeline, flows: pipeline.flows.map((f) => (f.name === name ? change(f) : f)) };
}

export function replaceDataset(pipeline: Pipeline, name: string, change: (dataset: Dataset) => Dataset): Pipeline {
  return { ...pipeline, datasets: pipeline.datasets.map((d) => (d.name === name ? change(d) : d)) };
}

/** A streaming table fed from a directory, for streaming rules. */
export function streamingPipeline(flow: Partial<Flow> = {}): Pipeline {
  return {
    version: 1,
    name: 'stream',
    datasets: [
      { name: 'events', type: 'table' },
      { name: 'counts', type: 'table' },
    ],
    flows: [
      { name: 'events', target: 'events', kind: 'streaming', query: readFiles('json', 'events/').node },
      {
        name: 'counts',
        target: 'counts',
        kind: 'streaming',
        query: from('events').groupBy('page').agg(count().as('n')).node,
        watermark: { column: 'ts', delay: '10s' },
        window: { kind: 'tumbling', size: '1m' },
        ...flow,
      },
    ],
  };
}
