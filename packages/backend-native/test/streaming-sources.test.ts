import { readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import * as arrow from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { type Field, type RunEvent, col, pipeline, readFiles } from '@thund/ir';
import type { MemoryBatch } from '../src/index.js';
import { finish, phasesOf, rowsOf, terminalEvent, useBackends, useTempDirs, writeText } from './support/helpers.js';

const SCHEMA: readonly Field[] = [{ name: 'id', type: 'int64' }, { name: 'name', type: 'utf8' }];

function copyPipeline(trigger?: 'once' | 'available_now' | 'processing_time') {
  return pipeline('copy', { storage: 'state' })
    .streamingTable('people', {
      query: readFiles('csv', 'in', { schema: SCHEMA }).filter(col('id').gt(0)),
      ...(trigger === undefined ? {} : { trigger: trigger === 'processing_time' ? { kind: 'processing_time', interval: '50ms' } : { kind: trigger } }),
    })
    .build();
}

const ids = (rows: Record<string, unknown>[]): number[] => rows.map((r) => Number(r['id'])).sort((a, b) => a - b);
const epochs = (events: readonly RunEvent[]): number[] => events.filter((e) => e.details?.epoch !== undefined).map((e) => e.details?.epoch as number);

/** Waits until the run emits an event matching `predicate`. */
async function until(events: AsyncIterable<RunEvent>, predicate: (e: RunEvent) => boolean): Promise<void> {
  for await (const event of events) if (predicate(event)) return;
}

describe('streaming sources and triggers', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('available_now reads each file of a growing directory once, across runs; nothing is read twice', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id,name\n1,ann\n2,bob\n');
    await writeText(join(dir, 'in/2.csv'), 'id,name\n3,cy\n0,skipped\n');
    await writeText(join(dir, 'in/.hidden.csv'), 'id,name\n99,hidden\n');
    const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
    const first = await finish(b.run(copyPipeline()));
    expect(first.result.flows).toEqual([{ name: 'people', phase: 'completed', rowsWritten: 3 }]);
    expect(epochs(first.events)).toEqual([0, 1]);

    const again = await finish(b.run(copyPipeline()));
    expect(epochs(again.events)).toEqual([]);
    expect(again.result.flows).toEqual([{ name: 'people', phase: 'completed', rowsWritten: 0 }]);

    await writeText(join(dir, 'in/3.csv'), 'id,name\n4,dan\n');
    const third = await finish(b.run(copyPipeline()));
    expect(epochs(third.events)).toEqual([2]);
    expect(ids(rowsOf(await b.readDataset('people')))).toEqual([1, 2, 3, 4]);
  });

  it('once takes everything new in one micro-batch', async () => {
    const dir = await tempDir();
    for (const i of [1, 2, 3]) await writeText(join(dir, `in/${i}.csv`), `id,name\n${i},p${i}\n`);
    const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
    const { result, events } = await finish(b.run(copyPipeline('once')));
    expect(result.status).toBe('completed');
    expect(events.filter((e) => e.details?.epoch !== undefined).map((e) => [e.details?.epoch, e.details?.rowsRead])).toEqual([[0, 3]]);
  });

  it('processing_time picks up a file that appears while the stream runs, until cancel() stops it cleanly', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id,name\n1,ann\n');
    const b = backend({ baseDir: dir });
    const handle = b.run(copyPipeline('processing_time'));
    await until(handle, (e) => e.details?.epoch === 0);
    // Written elsewhere, then renamed in: the directory only ever shows whole files.
    await writeText(join(dir, 'in/.2.csv.tmp'), 'id,name\n2,bob\n3,cy\n');
    await rename(join(dir, 'in/.2.csv.tmp'), join(dir, 'in/2.csv'));
    await until(handle, (e) => e.details?.epoch === 1);
    const started = performance.now();
    await handle.cancel();
    expect(performance.now() - started).toBeLessThan(2000);
    const { result, events } = await finish(handle);
    expect(result.status).toBe('cancelled');
    expect(result.flows).toMatchObject([{ name: 'people', phase: 'cancelled', rowsWritten: 3 }]);
    expect(phasesOf(events, 'people')).toEqual(['queued', 'planning', 'running', 'cancelled']);
    expect(terminalEvent(events, 'people')).toMatchObject({ details: { reason: 'the run was cancelled', error: { code: 'THUND_CANCELLED' } } });
    expect(events.filter((e) => e.details?.epoch !== undefined).map((e) => [e.details?.epoch, e.details?.rowsRead])).toEqual([[0, 1], [1, 2]]);
    expect(ids(rowsOf(await b.readDataset('people')))).toEqual([1, 2, 3]);
  });

  it('an in-memory source (rows and Arrow batches) is bound to a read_files path; a restart skips committed items', async () => {
    const dir = await tempDir();
    const items: MemoryBatch[] = [
      [{ id: 1, name: 'ann' }, { id: 2, name: 'bob' }],
      arrow.tableFromArrays({ id: BigInt64Array.from([3n]), name: ['cy'] }),
      [],
      arrow.tableFromArrays({ id: BigInt64Array.from([4n, 5n]), name: ['dan', 'eve'] }).batches[0] as arrow.RecordBatch,
    ];
    async function* replay(upTo: number): AsyncIterable<MemoryBatch> {
      for (const item of items.slice(0, upTo)) yield item;
    }
    const p = pipeline('memory', { storage: 'state' })
      .streamingTable('people', { query: readFiles('json', 'people_feed', { schema: SCHEMA }) })
      .build();
    const b = backend({ baseDir: dir });
    const first = await finish(b.run(p, { sources: { people_feed: replay(2) } }));
    expect(first.result.flows).toEqual([{ name: 'people', phase: 'completed', rowsWritten: 3 }]);
    expect(epochs(first.events)).toEqual([0, 1]);
    // A fresh iterable replays from the start: the two committed items are skipped.
    const second = await finish(b.run(p, { sources: { people_feed: replay(4) } }));
    expect(second.result.flows).toEqual([{ name: 'people', phase: 'completed', rowsWritten: 2 }]);
    expect(rowsOf(await b.readDataset('people')).sort((x, y) => Number(x['id']) - Number(y['id']))).toEqual([
      { id: 1, name: 'ann' }, { id: 2, name: 'bob' }, { id: 3, name: 'cy' }, { id: 4, name: 'dan' }, { id: 5, name: 'eve' },
    ]);
  });

  it('a streaming sink gets one file per micro-batch, readable as the dataset; append-once runs once', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id,name\n1,ann\n');
    await writeText(join(dir, 'in/2.csv'), 'id,name\n2,bob\n');
    await writeText(join(dir, 'seed.csv'), 'id,name\n100,seed\n');
    const p = pipeline('sinks', { storage: 'state' })
      .sink('out', { format: 'json', location: 'out/people' })
      .flow('export', { kind: 'streaming', target: 'out', query: readFiles('csv', 'in', { schema: SCHEMA }) })
      .table('all_people')
      .flow('backfill', { kind: 'append_once', target: 'all_people', query: readFiles('csv', 'seed.csv', { schema: SCHEMA }) })
      .build();
    const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
    expect((await finish(b.run(p))).result.status).toBe('completed');
    const again = await finish(b.run(p));
    expect(again.result.flows).toEqual([{ name: 'export', phase: 'completed', rowsWritten: 0 }, { name: 'backfill', phase: 'completed', rowsWritten: 0 }]);
    expect(terminalEvent(again.events, 'backfill')?.message).toContain('already applied');
    expect(rowsOf(await b.readDataset('out'))).toEqual([{ id: 1, name: 'ann' }, { id: 2, name: 'bob' }]);
    expect(rowsOf(await b.readDataset('all_people'))).toEqual([{ id: 100, name: 'seed' }]);
    // A full refresh starts every checkpoint, table and streaming sink over.
    expect((await finish(b.run(p, { fullRefresh: true }))).result.flows).toEqual([
      { name: 'export', phase: 'completed', rowsWritten: 2 }, { name: 'backfill', phase: 'completed', rowsWritten: 1 },
    ]);
    expect((await b.readDataset('out')).numRows).toBe(2);
  });

  it('a partitioned streaming sink writes each micro-batch as one file per partition value, published once', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id,name\n1,ann\n2,bob\n');
    await writeText(join(dir, 'in/2.csv'), 'id,name\n3,ann\n4,\n');
    const p = pipeline('partitioned_sink', { storage: 'state' })
      .sink('out', { format: 'csv', location: 'out/people', partitionColumns: ['name'] })
      .flow('export', { kind: 'streaming', target: 'out', query: readFiles('csv', 'in', { schema: SCHEMA }) })
      .build();
    const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
    expect(b.check(p).violations).toEqual([]);
    expect((await finish(b.run(p))).result.flows).toEqual([{ name: 'export', phase: 'completed', rowsWritten: 4 }]);
    const files = (await readdir(join(dir, 'out/people'), { recursive: true })).filter((f) => f.endsWith('.csv')).sort();
    expect(files).toEqual([
      'name=__HIVE_DEFAULT_PARTITION__/part-00000001_0.csv', 'name=ann/part-00000000_0.csv', 'name=ann/part-00000001_0.csv', 'name=bob/part-00000000_0.csv',
    ]);
    const sorted = async () => rowsOf(await b.readDataset('out')).sort((x, y) => Number(x['id']) - Number(y['id']));
    expect(await sorted()).toEqual([{ id: 1, name: 'ann' }, { id: 2, name: 'bob' }, { id: 3, name: 'ann' }, { id: 4, name: null }]);
    // Nothing new: no new files, nothing doubled.
    expect((await finish(b.run(p))).result.flows).toEqual([{ name: 'export', phase: 'completed', rowsWritten: 0 }]);
    expect((await sorted()).length).toBe(4);
  });

  it('cancel() also ends a run waiting on an in-memory source that has not ended', async () => {
    const dir = await tempDir();
    let release: () => void = () => undefined;
    async function* feed(): AsyncIterable<MemoryBatch> {
      yield [{ id: 1, name: 'ann' }];
      await new Promise<void>((resolve) => (release = resolve)); // never ends by itself
    }
    const p = pipeline('waiting', { storage: 'state' }).streamingTable('people', { query: readFiles('json', 'feed', { schema: SCHEMA }) }).build();
    const b = backend({ baseDir: dir });
    const handle = b.run(p, { sources: { feed: feed() } });
    await until(handle, (e) => e.details?.epoch === 0);
    await handle.cancel();
    release();
    const { result } = await finish(handle);
    expect(result.status).toBe('cancelled');
    expect(result.flows).toMatchObject([{ name: 'people', phase: 'cancelled', rowsWritten: 1 }]);
    expect(rowsOf(await b.readDataset('people'))).toEqual([{ id: 1, name: 'ann' }]);
  });
});
