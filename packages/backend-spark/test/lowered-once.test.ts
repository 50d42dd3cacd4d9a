import { describe, expect, it, vi } from 'vitest';
import { type Field, col, count, expect as expectation, from, pipeline, readFiles, sum } from '@thund/ir';
import { SparkConnectSession } from '../src/connect/session.js';
import { lowerEventTimeFlow } from '../src/lower/event-time.js';
import { SparkBackend } from '../src/spark-backend.js';
import { resolveConfig } from '../src/spark-config.js';

// Every lowering of a flow for the graph asks lowerEventTimeFlow first (it returns undefined for flows without event
// time): counting its calls per flow counts lowerings.
vi.mock('../src/lower/event-time.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/lower/event-time.js')>();
  return { ...original, lowerEventTimeFlow: vi.fn(original.lowerEventTimeFlow) };
});
const lowerings = vi.mocked(lowerEventTimeFlow);

const SCHEMA: readonly Field[] = [{ name: 'ts', type: 'timestamp' }, { name: 'k', type: 'utf8' }, { name: 'v', type: 'int64' }];

describe('a Spark run lowers each flow once', () => {
  it('check and the graph share one lowering per flow (the run stops at the unreachable server after both)', async () => {
    const p = pipeline('once')
      .temporaryView('events', { query: readFiles('json', 'in', { schema: SCHEMA }) })
      .table('clean', { query: from('events').filter(col('v').gt(0)), expectations: [expectation('has_k', col('k').isNotNull(), 'drop')] })
      .materializedView('per_k', { query: from('clean').groupBy('k').agg(sum('v').as('s'), count().as('n')) })
      .streamingTable('windows', { query: readFiles('json', 'in', { schema: SCHEMA }).groupBy('k').agg(count().as('n')), watermark: { column: 'ts', delay: '5s' }, window: { kind: 'tumbling', size: '10s' } })
      .build();
    // Nothing listens on port 1: the run fails when it first talks to the server, after check and graph lowering.
    const config = resolveConfig({ remote: 'sc://127.0.0.1:1', baseDir: '/tmp/thund-lowered-once', retry: { attempts: 0, backoffMs: 1 } });
    const backend = new SparkBackend(config, SparkConnectSession.connect(config.remote, { maxReattempts: 0, backoffMs: 1, timeouts: config.timeouts }), '4.3.0');
    try {
      lowerings.mockClear();
      expect(backend.check(p).ok).toBe(true);
      const result = await backend.run(p).result;
      expect(result.status).toBe('failed');
      const perFlow = new Map<string, number>();
      for (const [flow] of lowerings.mock.calls) perFlow.set(flow.name, (perFlow.get(flow.name) ?? 0) + 1);
      expect(Object.fromEntries(perFlow)).toEqual({ events: 1, clean: 1, per_k: 1, windows: 1 });
    } finally {
      await backend.close();
    }
  }, 60_000);
});
