import { describe, expect, it } from 'vitest';
import { type Field, type OutputMode, count, from, pipeline, readFiles, sum } from '@thund/ir';
import { createSparkCapabilities } from '../src/spark-capabilities.js';
import { checkForSpark } from '../src/spark-check.js';
import { graphOutputs } from '../src/lower/graph-flows.js';

// Update/complete flows on Spark (lower/recomputed-aggregation.ts): the graph they become and what check refuses.
// Their rows are shown against a real server by the conformance cases event-time/*-update, *-complete and
// late-row-one-batch-behind-update, and by the generated differential.
const SCHEMA: readonly Field[] = [{ name: 'ts', type: 'timestamp' }, { name: 'k', type: 'utf8' }, { name: 'v', type: 'int64' }];
const PLACES = { baseDir: '/base', storageRoot: '/base/.thund/spark' };
const caps = createSparkCapabilities({ version: '4.3.0' });
const events = () => readFiles('json', 'events', { schema: SCHEMA });
const totals = (outputMode: OutputMode) => ({
  query: events().groupBy('k').agg(sum('v').as('s'), count().as('n')),
  watermark: { column: 'ts', delay: '5s' },
  window: { kind: 'tumbling' as const, size: '10s' },
  outputMode,
});
const problems = (p: ReturnType<ReturnType<typeof pipeline>['build']>) => checkForSpark(p, caps, PLACES).violations.map((v) => `${v.element.name}: ${v.message}`);

describe('update and complete output modes on Spark', () => {
  it.each(['update', 'complete'] as const)('%s: a hidden streaming table of arrivals, then the target as a materialized view, both standing for the flow', (mode) => {
    const p = pipeline('modes').streamingTable('totals', totals(mode)).build();
    expect(problems(p)).toEqual([]);
    const outputs = graphOutputs(p, PLACES.baseDir, '/base/.thund/spark/modes');
    expect(outputs.map((o) => [o.dataset.name, o.sdpType, o.flows.map((f) => [f.name, f.target, f.members.map((m) => m.name)])])).toEqual([
      ['__thund_arrivals_totals', 'table', [['__thund_arrivals_totals', '__thund_arrivals_totals', ['totals']]]],
      ['totals', 'materialized_view', [['totals', 'totals', ['totals']]]],
    ]);
  });

  it('append mode stays one streaming table with Spark\'s own watermark', () => {
    const outputs = graphOutputs(pipeline('modes').streamingTable('totals', totals('append')).build(), PLACES.baseDir, '/s');
    expect(outputs.map((o) => [o.dataset.name, o.sdpType])).toEqual([['totals', 'table']]);
  });

  it('refuses a target that is a sink or written by another flow too, and a stream read of the recomputed target', () => {
    const intoSink = pipeline('s').sink('out', { format: 'parquet', location: 'out' }).flow('agg', { target: 'out', kind: 'streaming', ...totals('update') }).build();
    expect(problems(intoSink).join('\n')).toMatch(/agg: .*in outputMode "update".*must be a table no other flow writes/);

    const shared = pipeline('s').streamingTable('totals', totals('complete'))
      .flow('more', { target: 'totals', kind: 'streaming', query: events().groupBy('k').agg(sum('v').as('s'), count().as('n')), watermark: { column: 'ts', delay: '5s' }, window: { kind: 'tumbling', size: '10s' } })
      .build();
    expect(problems(shared).join('\n')).toMatch(/totals: .*must be a table no other flow writes/);

    const streamed = pipeline('s').streamingTable('totals', totals('update')).streamingTable('copy', { query: from('totals') }).build();
    expect(problems(streamed)).toEqual([expect.stringMatching(/^copy: streaming flow "copy" streams from "totals".*read it in a batch flow/)]);

    // Read whole by a batch flow, it is an ordinary materialized view input.
    expect(problems(pipeline('s').streamingTable('totals', totals('update')).materializedView('per_k', { query: from('totals').groupBy('k').agg(sum('s').as('s')) }).build())).toEqual([]);
  });

  it('refuses an update flow whose query does not end in its aggregation, saying what to do', () => {
    const p = pipeline('s').streamingTable('rows', { query: events(), outputMode: 'update' }).build();
    expect(problems(p).join('\n')).toMatch(/rows: .*outputMode "update" is for a streaming aggregation: the flow's query must end in its aggregation/);
  });
});
