import { describe, expect, it } from 'vitest';
import { col, from, pipeline, readFiles, sum } from '@thund/ir';
import { NODE_GEOMETRY, ViewerModel, layoutGraph, nodeSize, pipelineGraph } from '../src/index.js';
import { flowEvent } from './support/event-feed.js';

const p = pipeline('v')
  .temporaryView('src', { query: readFiles('csv', 'a.csv') })
  .table('t', { query: from('src') })
  .flow('t_more', { target: 't', query: from('src') })
  .materializedView('mv', { query: from('t') })
  .build();

describe('pipeline graph and layout', () => {
  it('has one node per dataset, holding the flows that write it, and an edge per dataset read, naming the flows reading it', () => {
    const graph = pipelineGraph(p);
    expect(graph.nodes.map((n) => [n.id, n.flows.map((f) => f.id)])).toEqual([
      ['dataset:src', ['flow:src']], ['dataset:t', ['flow:t', 'flow:t_more']], ['dataset:mv', ['flow:mv']],
    ]);
    expect(graph.edges).toEqual([
      { id: 'dataset:src->dataset:t', source: 'dataset:src', target: 'dataset:t', flows: ['t', 't_more'] },
      { id: 'dataset:t->dataset:mv', source: 'dataset:t', target: 'dataset:mv', flows: ['mv'] },
    ]);
  });
  it('sizes a card by its flows: a row more for each writer', () => {
    const [src, t] = pipelineGraph(p).nodes;
    if (src === undefined || t === undefined) throw new Error('nodes missing');
    expect(nodeSize(t).height - nodeSize(src).height).toBe(NODE_GEOMETRY.flowRow);
  });
  it('lays the graph out left to right: every edge points rightwards', async () => {
    const layout = await layoutGraph(pipelineGraph(p));
    const x = new Map(layout.nodes.map((n) => [n.id, n.x]));
    for (const edge of layout.edges) expect(x.get(edge.target) ?? 0).toBeGreaterThan(x.get(edge.source) ?? 0);
    expect(layout.edges.every((e) => e.points.length >= 2)).toBe(true);
  });
});

describe('ViewerModel', () => {
  it('colours a dataset by the least finished of its writers and sums their rows', () => {
    const model = new ViewerModel(p);
    model.apply(flowEvent('r', 't', 'completed', { rowsWritten: 5 }));
    model.apply(flowEvent('r', 't_more', 'running'));
    expect(model.node('dataset:t')).toMatchObject({ status: 'running', rowsWritten: 5 });
    model.apply(flowEvent('r', 't_more', 'completed', { rowsWritten: 2, durationMs: 30, expectations: [{ name: 'e', action: 'warn', passed: 2, failed: 1 }, { name: 'f', action: 'drop', passed: 3, failed: 0 }] }));
    expect(model.node('dataset:t')).toMatchObject({ status: 'completed', rowsWritten: 7, expectations: [{ name: 'e' }, { name: 'f' }], checks: { passed: 5, failed: 1 }, durationMs: 30 });
    expect(model.node('dataset:t').endedAt).toBe(model.node('flow:t_more').endedAt);
    expect(model.node('flow:mv').status).toBe('queued');
    expect(model.eventsOf('flow:t_more').map((e) => e.status)).toEqual(['running', 'completed']);
  });

  it('a dataset whose writers a selection left out is excluded; one with a writer that ran is not', () => {
    const model = new ViewerModel(p);
    model.apply(flowEvent('r', 'mv', 'excluded'));
    model.apply(flowEvent('r', 't', 'excluded'));
    model.apply(flowEvent('r', 't_more', 'completed', { rowsWritten: 2 }));
    expect(model.node('dataset:mv').status).toBe('excluded');
    expect(model.node('dataset:t').status).toBe('completed');
  });

  it('shows the schema each node holds or writes, as check infers it; unknown where only a run tells', () => {
    const typed = pipeline('typed')
      .temporaryView('orders', { query: readFiles('json', 'o', { schema: [{ name: 'customer', type: 'utf8' }, { name: 'amount', type: 'int32' }] }) })
      .materializedView('totals', { query: from('orders').groupBy('customer').agg(sum('amount').as('total'), col('customer').isNull().as('anonymous')) })
      .build();
    const model = new ViewerModel(typed);
    expect(model.schema('dataset:totals')).toEqual([{ name: 'customer', type: 'utf8' }, { name: 'total', type: 'int64' }, { name: 'anonymous', type: 'bool' }]);
    expect(model.schema('flow:orders')).toEqual([{ name: 'customer', type: 'utf8' }, { name: 'amount', type: 'int32' }]);
    expect(new ViewerModel(p).schema('dataset:mv')).toBeUndefined();
  });
});
