import { describe, expect, it } from 'vitest';
import { type Pipeline, col, count, from, pipeline, readFiles, sum } from '@thund/ir';
import { createNativeBackend } from '../src/index.js';
import { finish } from './support/helpers.js';

const events = readFiles('csv', 'in');
const watermark = { column: 'ts', delay: '5s' } as const;

function violationsOf(p: Pipeline): { feature: string; value: string; path: string }[] {
  return createNativeBackend().check(p).violations.map(({ feature, value, path }) => ({ feature, value, path }));
}

describe('check: streaming query shapes and output modes', () => {
  it('accepts every window kind and output mode the engine runs', () => {
    for (const outputMode of ['append', 'update', 'complete'] as const) {
      const p = pipeline('ok').streamingTable('t', { query: events.groupBy('k').agg(count().as('n')), watermark, window: { kind: 'session', gap: '1m' }, outputMode }).build();
      expect(violationsOf(p)).toEqual([]);
    }
  });

  it('rejects append mode for an aggregation without a window (no group is ever final)', () => {
    const p = pipeline('p').streamingTable('t', { query: events.groupBy('k').agg(count().as('n')), watermark, outputMode: 'append' }).build();
    expect(violationsOf(p)).toEqual([{ feature: 'output_mode', value: 'append', path: '$.flows[0].outputMode' }]);
    const update = pipeline('p').streamingTable('t', { query: events.groupBy('k').agg(count().as('n')), outputMode: 'update' }).build();
    expect(violationsOf(update)).toEqual([]);
  });

  it('rejects update and complete into file sinks, which are append-only', () => {
    const p = pipeline('p')
      .sink('s', { format: 'parquet', location: 'out' })
      .flow('f', { kind: 'streaming', target: 's', query: events.groupBy('k').agg(sum('v').as('v')), watermark, window: { kind: 'tumbling', size: '1m' }, outputMode: 'complete' })
      .build();
    expect(violationsOf(p)).toEqual([{ feature: 'output_mode', value: 'complete', path: '$.flows[0].outputMode' }]);
  });

  it('rejects streaming queries it cannot run incrementally, each with its path', () => {
    const p = pipeline('p')
      .table('static', { query: readFiles('csv', 'dim.csv') })
      .streamingTable('two', { query: events.union(readFiles('csv', 'more')) })
      .streamingTable('none', { query: from('static') })
      .streamingTable('inner', { query: events.groupBy('k').agg(count().as('n')).filter(col('n').gt(1)), outputMode: 'update' })
      .streamingTable('window_no_agg', { query: events, watermark, window: { kind: 'tumbling', size: '1m' } })
      .build();
    expect(violationsOf(p)).toEqual([
      { feature: 'streaming', value: 'source', path: '$.flows[1].query' },
      { feature: 'streaming', value: 'source', path: '$.flows[2].query' },
      { feature: 'relation', value: 'aggregate', path: '$.flows[3].query' },
      { feature: 'event_time', value: 'window', path: '$.flows[4].window' },
    ]);
  });

  it('run rejects such a pipeline before anything runs', async () => {
    const p = pipeline('p').streamingTable('t', { query: events.groupBy('k').agg(count().as('n')), watermark, outputMode: 'append' }).build();
    const backend = createNativeBackend();
    const { result } = await finish(backend.run(p));
    await backend.close();
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_UNSUPPORTED');
    expect(result.error?.message).toContain('no group is ever final');
  });
});
