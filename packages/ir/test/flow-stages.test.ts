import { describe, expect, it } from 'vitest';
import { downstreamFlows, flowStages, from, pipeline, readFiles } from '../src/index.js';

const diamond = pipeline('diamond')
  .temporaryView('src', { query: readFiles('csv', 'a.csv') })
  .table('left', { query: from('src') })
  .table('right', { query: from('src') })
  .flow('right_more', { target: 'right', query: from('src') })
  .materializedView('joined', { query: from('left').union(from('right')) })
  .temporaryView('other', { query: readFiles('csv', 'b.csv') })
  .build();

describe('flowStages', () => {
  it('groups independent flows and orders dependents after every writer of their inputs', () => {
    const names = flowStages(diamond).map((stage) => stage.map((f) => f.name));
    expect(names).toEqual([['src', 'other'], ['left', 'right', 'right_more'], ['joined']]);
  });

  it('finds every flow downstream of a failed one', () => {
    const src = diamond.flows.find((f) => f.name === 'src');
    const left = diamond.flows.find((f) => f.name === 'left');
    expect(downstreamFlows(diamond, src as never).map((f) => f.name)).toEqual(['left', 'right', 'right_more', 'joined']);
    expect(downstreamFlows(diamond, left as never).map((f) => f.name)).toEqual(['joined']);
  });
});
