import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Field, type OutputMode, avg, col, count, expect as expectation, pipeline, readFiles, sum } from '@thund/ir';
import { finish, rowsOf, terminalEvent, useBackends, useTempDirs, writeText } from './support/helpers.js';

const SCHEMA: readonly Field[] = [{ name: 'ts', type: 'timestamp' }, { name: 'k', type: 'utf8' }, { name: 'v', type: 'int64' }];
const FILES = [
  'ts,k,v\n2024-01-01 00:00:10,a,1\n2024-01-01 00:00:20,b,2\n',
  'ts,k,v\n2024-01-01 00:00:30,a,3\n2024-01-01 00:00:05,c,4\n',
  'ts,k,v\n2024-01-01 00:00:40,c,5\n',
];

async function input(dir: string): Promise<void> {
  for (const [i, text] of FILES.entries()) await writeText(join(dir, `in/${i}.csv`), text);
}

const epochDetails = (events: readonly { details?: { epoch?: number; rowsWritten?: number; lateRows?: number } }[]) =>
  events.filter((e) => e.details?.epoch !== undefined).map((e) => [e.details?.rowsWritten, e.details?.lateRows]);

describe('streaming flows', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  for (const mode of ['update', 'complete'] as const satisfies readonly OutputMode[]) {
    it(`an aggregation without a window in ${mode} mode keeps a running result per group`, async () => {
      const dir = await tempDir();
      await input(dir);
      const p = pipeline('running', { storage: 'state' })
        .streamingTable('totals', { query: readFiles('csv', 'in', { schema: SCHEMA }).groupBy('k').agg(sum('v').as('s'), count().as('n'), avg('v').as('mean')), outputMode: mode })
        .build();
      const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
      const { result, events } = await finish(b.run(p));
      expect(result.status).toBe('completed');
      // update: the groups each micro-batch changed; complete: every group so far.
      expect(epochDetails(events)).toEqual(mode === 'update' ? [[2, 0], [2, 0], [1, 0]] : [[2, 0], [3, 0], [3, 0]]);
      expect(rowsOf(await b.readDataset('totals')).sort((x, y) => String(x['k']).localeCompare(String(y['k'])))).toEqual([
        { k: 'a', s: 4, n: 2, mean: 2 }, { k: 'b', s: 2, n: 1, mean: 2 }, { k: 'c', s: 9, n: 2, mean: 4.5 },
      ]);
    });
  }

  it('a watermark on a flow without aggregation drops late rows and counts them', async () => {
    const dir = await tempDir();
    await input(dir);
    const p = pipeline('late', { storage: 'state' })
      .streamingTable('events', { query: readFiles('csv', 'in', { schema: SCHEMA }), watermark: { column: 'ts', delay: '10s' } })
      .build();
    const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
    const { events } = await finish(b.run(p));
    // Watermark after epoch 0: 00:20 - 10s = 00:10, so 00:05 in epoch 1 is late.
    expect(epochDetails(events)).toEqual([[2, 0], [1, 1], [1, 0]]);
    expect(rowsOf(await b.readDataset('events')).map((r) => r['v']).sort()).toEqual([1, 2, 3, 5]);
  });

  it('expectations apply to each micro-batch; counts add up over the run', async () => {
    const dir = await tempDir();
    await input(dir);
    const p = pipeline('checked', { storage: 'state' })
      .streamingTable('events', {
        query: readFiles('csv', 'in', { schema: SCHEMA }),
        expectations: [expectation('small', col('v').lt(4), 'drop'), expectation('not_b', col('k').neq('b'), 'warn')],
      })
      .build();
    const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
    const { result, events } = await finish(b.run(p));
    expect(result.flows).toEqual([{
      name: 'events', phase: 'completed', rowsWritten: 3,
      expectations: [{ name: 'small', action: 'drop', passed: 3, failed: 2 }, { name: 'not_b', action: 'warn', passed: 4, failed: 1 }],
    }]);
    expect(terminalEvent(events, 'events')?.details?.expectations).toHaveLength(2);
    expect(rowsOf(await b.readDataset('events')).map((r) => r['v']).sort()).toEqual([1, 2, 3]);
  });

  it('a fail expectation fails the flow and rolls back its micro-batch', async () => {
    const dir = await tempDir();
    await input(dir);
    const p = pipeline('failing', { storage: 'state' })
      .streamingTable('events', { query: readFiles('csv', 'in', { schema: SCHEMA }), expectations: [expectation('small', col('v').lt(5), 'fail')] })
      .build();
    const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
    const { result } = await finish(b.run(p));
    expect(result.flows[0]).toMatchObject({ phase: 'failed', error: { code: 'THUND_EXPECTATION_FAILED' } });
    // Epochs 0 and 1 committed; epoch 2 (v = 5) left nothing behind, and is retried by the next run.
    expect(rowsOf(await b.readDataset('events')).map((r) => r['v']).sort()).toEqual([1, 2, 3, 4]);
    expect((await finish(b.run(p))).result.flows[0]?.phase).toBe('failed');
    expect((await b.readDataset('events')).numRows).toBe(4);
  });
});
