import { describe, expect, it } from 'vitest';
import { from, pipeline, sql } from '@thund/ir';
import { collect, finish, rowsOf, runToEnd, terminalEvent, useBackends } from './support/helpers.js';

// About 10^10 row pairs: minutes of work, so only an interrupt ends it quickly.
const LONG = sql('duckdb', 'SELECT sum(a.range * b.range) AS s FROM range(100000) AS a, range(100000) AS b');

describe('cancellation', () => {
  const backend = useBackends();

  it('cancel() interrupts the running query, cancels queued flows and keeps previous content', async () => {
    const b = backend({ maxConcurrency: 1 });
    const first = pipeline('long').materializedView('slow', { query: sql('duckdb', 'SELECT 1 AS s') }).build();
    expect((await runToEnd(b, first)).result.status).toBe('completed');

    const p = pipeline('long')
      .materializedView('slow', { query: LONG })
      .materializedView('after', { query: from('slow') })
      .materializedView('other', { query: sql('duckdb', 'SELECT 2 AS x') })
      .build();
    const handle = b.run(p);
    for await (const event of handle) {
      if (event.element.name === 'slow' && event.phase === 'running') break;
    }
    const started = performance.now();
    await handle.cancel();
    expect(performance.now() - started).toBeLessThan(5000);
    const { result, events } = await finish(handle);
    expect(result.status).toBe('cancelled');
    expect(result.flows.map((f) => [f.name, f.phase])).toEqual([['slow', 'cancelled'], ['after', 'cancelled'], ['other', 'cancelled']]);
    expect(terminalEvent(events, 'slow')).toMatchObject({ phase: 'cancelled', details: { reason: 'the run was cancelled', error: { code: 'THUND_CANCELLED' } } });
    expect(terminalEvent(events, 'long', 'pipeline')).toMatchObject({ phase: 'cancelled' });
    expect(rowsOf(await b.readDataset('slow'))).toEqual([{ s: 1 }]);
  });

  it('an aborted RunOptions.signal cancels the run the same way', async () => {
    const b = backend();
    const controller = new AbortController();
    const handle = b.run(pipeline('signal').materializedView('slow', { query: LONG }).build(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    const result = await handle.result;
    expect(result.status).toBe('cancelled');
    expect(result.flows).toMatchObject([{ name: 'slow', phase: 'cancelled' }]);
    const phases = (await collect(handle)).filter((e) => e.element.name === 'slow').map((e) => e.phase);
    expect(phases[0]).toBe('queued');
    expect(phases.at(-1)).toBe('cancelled');
  });
});
