import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCaseFiles } from '@thund/backend-testkit';
import { createNativeBackend } from '@thund/backend-native';
import { type ExecBackend, type Field, type Flow, type Pipeline, type RunEvent, type RunResult, count, pipeline, readFiles, sum } from '@thund/ir';
import { createSparkBackend } from '../src/index.js';
import { microBatchEvent, parseProgressEvent, watermarkAfter } from '../src/run/streaming-progress.js';
import { ObservedCounts } from '../src/run/observed-counts.js';
import { remote, tempRoot } from './support/differential.js';

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'fixtures', 'streaming-progress', name), 'utf8').trim();

describe('per-epoch progress from the listener bus (recorded events)', () => {
  it('a QueryProgressEvent gives the batch, rows read over the sources, late and state rows, the watermark it ran under', () => {
    expect(parseProgressEvent(fixture('progress.json'))).toEqual({
      query: 'spark_catalog.probe19953.t', queryId: '48b3092b-85e8-49f0-83ba-adf9c11c15e0', epoch: 2, rowsRead: 10, lateRows: 1, stateRows: 4,
      watermarkInEffect: '2026-01-01T00:00:18.000Z', maxEventTime: '2026-01-01T00:00:30.000Z', durationMs: 512, observed: {},
    });
  });

  it('a micro-batch\'s observed metrics (CollectMetrics) are read by observation name; ObservedCounts sums them over the run per flow', () => {
    const json = JSON.parse(fixture('progress.json')) as { progress: Record<string, unknown> };
    const batch = (total: number, failed0: number, failed1: number): string => JSON.stringify({
      progress: { ...json.progress, observedMetrics: { thund_expectations_f: { __total: total, __failed_0: failed0, __failed_1: failed1 }, other: { n: 7 } } },
    });
    const first = parseProgressEvent(batch(3, 2, 1));
    const second = parseProgressEvent(batch(2, 1, 0));
    if (first === undefined || second === undefined) throw new Error('fixture did not parse');
    expect(first.observed).toEqual({ thund_expectations_f: { __total: 3, __failed_0: 2, __failed_1: 1 }, other: { n: 7 } });
    const counts = new ObservedCounts();
    counts.add(first);
    counts.add(second);
    const flow = (name: string): Flow => ({
      name, target: 't', kind: 'streaming', query: { kind: 'read', dataset: 's' },
      expectations: [{ name: 'a', action: 'warn', predicate: { kind: 'literal', value: true } }, { name: 'b', action: 'drop', predicate: { kind: 'literal', value: true } }],
    }) as Flow;
    expect(counts.expectations(flow('f'))).toEqual([{ name: 'a', action: 'warn', passed: 2, failed: 3 }, { name: 'b', action: 'drop', passed: 4, failed: 1 }]);
    expect(counts.totals(flow('f'))).toEqual({ total: 5, failed: [3, 1] });
    // A flow none of whose batches read a row: zero, not unknown.
    expect(counts.expectations(flow('g'))).toEqual([{ name: 'a', action: 'warn', passed: 0, failed: 0 }, { name: 'b', action: 'drop', passed: 0, failed: 0 }]);
  });

  it('anything else is not progress: a terminated event, malformed JSON', () => {
    expect(parseProgressEvent(fixture('terminated.json'))).toBeUndefined();
    expect(parseProgressEvent('{"progress":')).toBeUndefined();
  });

  it('the watermark after a batch is the largest event time so far minus the delay, never moving back', () => {
    const progress = parseProgressEvent(fixture('progress.json'));
    if (progress === undefined) throw new Error('fixture did not parse');
    const at = (iso: string): number => Date.parse(iso);
    expect(watermarkAfter(progress, 2_000, undefined)).toBe(at('2026-01-01T00:00:28.000Z'));
    expect(watermarkAfter(progress, 2_000, at('2026-01-01T00:00:29.000Z'))).toBe(at('2026-01-01T00:00:29.000Z'));
    expect(watermarkAfter({ ...progress, maxEventTime: undefined, watermarkInEffect: undefined }, 2_000, undefined)).toBeUndefined();
    expect(microBatchEvent('t', progress, at('2026-01-01T00:00:28.000Z'))).toEqual({
      element: { kind: 'flow', name: 't' },
      message: 'flow "t" epoch 2: 10 rows read, 1 late rows dropped, watermark 2026-01-01T00:00:28.000Z',
      details: { epoch: 2, rowsRead: 10, lateRows: 1, stateRows: 4, watermark: '2026-01-01T00:00:28.000Z', durationMs: 512 },
    });
  });
});

const SCHEMA: readonly Field[] = [{ name: 'ts', type: 'timestamp' }, { name: 'k', type: 'utf8' }, { name: 'v', type: 'int64' }];
const line = (seconds: number, k: string, v: number): string => JSON.stringify({ ts: `2026-01-01 00:00:${String(seconds).padStart(2, '0')}`, k, v });

// One file per micro-batch: the same epochs, rows and watermarks from both engines' events.
describe.runIf(remote !== undefined)('per-epoch events on Spark, equal to native\'s', () => {
  const temp = tempRoot('thund-progress-');
  afterAll(() => temp.remove());

  const build = (): Pipeline => pipeline('progress')
    .streamingTable('totals', {
      query: readFiles('json', 'events', { schema: SCHEMA, maxFilesPerTrigger: 1 }).groupBy('k').agg(sum('v').as('s'), count().as('n')),
      watermark: { column: 'ts', delay: '5s' },
      window: { kind: 'tumbling', size: '10s' },
    })
    .build();

  async function epochs(backend: ExecBackend, p: Pipeline): Promise<{ result: RunResult; batches: unknown[]; ids: number[] }> {
    const handle = backend.run(p);
    const events: RunEvent[] = [];
    for await (const event of handle) events.push(event);
    const perEpoch = events.filter((e) => e.element.name === 'totals' && e.details?.epoch !== undefined);
    // Epoch ids only grow; Spark's count its no-data batches too, so they are compared apart from the facts.
    const ids = perEpoch.map((e) => e.details?.epoch as number);
    expect(ids, 'epoch ids grow').toEqual([...ids].sort((a, b) => a - b));
    const batches = perEpoch.map((e) => ({ rowsRead: e.details?.rowsRead, watermark: e.details?.watermark, lateRows: e.details?.lateRows }));
    return { result: await handle.result, batches, ids };
  }

  it('epoch, rows read, watermark after each micro-batch and late rows, over two runs', async () => {
    const files = (first: number, batches: readonly (readonly string[])[]): Record<string, string> =>
      Object.fromEntries(batches.map((lines, i) => [`events/${first + i}.jsonl`, `${lines.join('\n')}\n`]));
    const dirs = { native: join(temp.path(), 'native'), spark: join(temp.path(), 'spark') };
    const run1 = files(0, [[line(1, 'a', 1), line(3, 'b', 2)], [line(12, 'a', 3)], [line(24, 'b', 4), line(21, 'a', 5)]]);
    // The second run's first file holds a row (t 2) older than the watermark the first run left (19 s).
    const run2 = files(3, [[line(2, 'a', 100), line(33, 'a', 6)]]);
    for (const dir of Object.values(dirs)) writeCaseFiles(run1, dir);
    const native = createNativeBackend({ baseDir: dirs.native });
    const spark = await createSparkBackend({ remote: remote as string, baseDir: dirs.spark, database: `thund_progress${process.pid}` });
    try {
      const first = { n: await epochs(native, build()), s: await epochs(spark, build()) };
      expect(first.s.result.status, JSON.stringify(first.s.result.error)).toBe('completed');
      expect(first.n.batches).toEqual([
        { rowsRead: 2, watermark: '2025-12-31T23:59:58.000Z', lateRows: 0 },
        { rowsRead: 1, watermark: '2026-01-01T00:00:07.000Z', lateRows: 0 },
        { rowsRead: 2, watermark: '2026-01-01T00:00:19.000Z', lateRows: 0 },
      ]);
      expect(first.n.ids).toEqual([0, 1, 2]);
      expect(first.s.batches).toEqual(first.n.batches);
      for (const dir of Object.values(dirs)) writeCaseFiles(run2, dir);
      const second = { n: await epochs(native, build()), s: await epochs(spark, build()) };
      expect(second.s.result.status, JSON.stringify(second.s.result.error)).toBe('completed');
      expect(second.n.batches).toEqual([{ rowsRead: 2, watermark: '2026-01-01T00:00:28.000Z', lateRows: 1 }]);
      expect(second.s.ids[0], 'Spark\'s batch ids go on from the first run').toBeGreaterThan(first.s.ids.at(-1) as number);
      expect(second.s.batches).toEqual(second.n.batches);
    } finally {
      await native.close();
      await spark.close();
    }
  }, 180_000);
});
