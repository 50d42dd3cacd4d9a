import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { type Field, type Pipeline, pipeline, readFiles } from '@thund/ir';
import { finish, rowsOf, useBackends, useTempDirs, writeText } from '../support/helpers.js';

const SCHEMA: readonly Field[] = [{ name: 'id', type: 'int64' }];

/** `in/` streamed into a CSV sink `out/` (and nothing else). */
function toSink(): Pipeline {
  return pipeline('to_sink', { storage: 'state' })
    .sink('out', { format: 'csv', location: 'out' })
    .flow('copy', { target: 'out', kind: 'streaming', query: readFiles('csv', 'in', { schema: SCHEMA }) })
    .build();
}

/** `in/` streamed into the table `ids`; `more/` too when `second` (a second writer). */
function toTable(second = false): Pipeline {
  const p = pipeline('to_table', { storage: 'state' }).streamingTable('ids', { query: readFiles('csv', 'in', { schema: SCHEMA }) });
  return (second ? p.flow('more', { target: 'ids', kind: 'streaming', query: readFiles('csv', 'more', { schema: SCHEMA }) }) : p).build();
}

async function withDuckDB(path: string, sql: string): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    await connection.run(sql);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const ids = (rows: Record<string, unknown>[]): unknown[] => rows.map((r) => r['id']).sort((a, b) => Number(a) - Number(b));

describe('a streaming output whose checkpoint is lost', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('is refused when the storage root was removed (a sink), nothing is duplicated, and a full refresh recomputes it', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id\n1\n2\n');
    await writeText(join(dir, 'in/2.csv'), 'id\n3\n');
    const first = backend({ baseDir: dir });
    expect((await finish(first.run(toSink()))).result.status).toBe('completed');
    expect(ids(rowsOf(await first.readDataset('out')))).toEqual([1, 2, 3]);
    await first.close();

    await rm(join(dir, 'state'), { recursive: true, force: true });
    const again = backend({ baseDir: dir });
    const { result } = await finish(again.run(toSink()));
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_CHECKPOINT');
    expect(result.error?.message).toContain('dataset "out"');
    expect(result.error?.message).toContain('the checkpoint is missing');
    expect(result.error?.message).toContain('thund run --full-refresh');
    expect(result.error?.message).toContain('RunOptions.fullRefresh');
    expect(result.error?.message.split('\n')).toHaveLength(1);
    expect(ids(rowsOf(await again.readDataset('out')))).toEqual([1, 2, 3]);

    await writeText(join(dir, 'in/3.csv'), 'id\n4\n');
    expect((await finish(again.run(toSink(), { fullRefresh: true }))).result.status).toBe('completed');
    expect(ids(rowsOf(await again.readDataset('out')))).toEqual([1, 2, 3, 4]);
    expect((await finish(again.run(toSink()))).result.status).toBe('completed');
    expect(ids(rowsOf(await again.readDataset('out')))).toEqual([1, 2, 3, 4]);
  });

  it('is refused when the __thund schema was dropped (a streaming table), and a full refresh recomputes it', async () => {
    const dir = await tempDir();
    const database = join(dir, 'warehouse.duckdb');
    await writeText(join(dir, 'in/1.csv'), 'id\n1\n2\n');
    const first = backend({ baseDir: dir, database });
    expect((await finish(first.run(toTable()))).result.status).toBe('completed');
    await first.close();

    await withDuckDB(database, 'DROP SCHEMA __thund CASCADE');
    const again = backend({ baseDir: dir, database });
    const { result } = await finish(again.run(toTable()));
    expect(result.error?.code).toBe('THUND_CHECKPOINT');
    expect(result.error?.message).toContain('the checkpoint is missing for streaming output "ids"');
    expect(result.error?.message).toContain('--full-refresh');
    expect(ids(rowsOf(await again.readDataset('ids')))).toEqual([1, 2]);

    expect((await finish(again.run(toTable(), { fullRefresh: true }))).result.status).toBe('completed');
    expect(ids(rowsOf(await again.readDataset('ids')))).toEqual([1, 2]);
  });

  it('is refused when the storage root was removed but the outputs live on in a configured database', async () => {
    const dir = await tempDir();
    const database = join(dir, 'warehouse.duckdb');
    await writeText(join(dir, 'in/1.csv'), 'id\n1\n');
    const first = backend({ baseDir: dir, database });
    expect((await finish(first.run(toTable()))).result.status).toBe('completed');
    await first.close();
    // The checkpoint database replaced by a fresh one (e.g. restored from elsewhere): its identity differs.
    await withDuckDB(database, 'DROP SCHEMA __thund CASCADE; CREATE SCHEMA __thund');
    const { result } = await finish(backend({ baseDir: dir, database }).run(toTable()));
    expect(result.error?.code).toBe('THUND_CHECKPOINT');
  });

  it('is refused when the log is ahead of the checkpoint (an older copy restored) or unreadable', async () => {
    const dir = await tempDir();
    const database = join(dir, 'warehouse.duckdb');
    await writeText(join(dir, 'in/1.csv'), 'id\n1\n');
    const b = backend({ baseDir: dir, database });
    expect((await finish(b.run(toTable()))).result.status).toBe('completed');
    await b.close();
    await withDuckDB(database, 'UPDATE __thund_outputs.commits SET epoch = 7');
    const ahead = await finish(backend({ baseDir: dir, database }).run(toTable()));
    expect(ahead.result.error?.code).toBe('THUND_CHECKPOINT');
    expect(ahead.result.error?.message).toContain('up to epoch 7, but the checkpoint ends at epoch 0');

    const sinkDir = await tempDir();
    await writeText(join(sinkDir, 'in/1.csv'), 'id\n1\n');
    const s = backend({ baseDir: sinkDir });
    expect((await finish(s.run(toSink()))).result.status).toBe('completed');
    await s.close();
    await writeText(join(sinkDir, 'out/_thund_commits/garbage.json'), '{"flow":');
    const unreadable = await finish(backend({ baseDir: sinkDir }).run(toSink()));
    expect(unreadable.result.error?.code).toBe('THUND_CHECKPOINT');
    expect(unreadable.result.error?.message).toContain('is unreadable');
  });

  it('is not confused with a new writer of an output, or with an output written before commit logs existed', async () => {
    const dir = await tempDir();
    const database = join(dir, 'warehouse.duckdb');
    await writeText(join(dir, 'in/1.csv'), 'id\n1\n');
    await writeText(join(dir, 'more/1.csv'), 'id\n10\n');
    const b = backend({ baseDir: dir, database });
    expect((await finish(b.run(toTable()))).result.status).toBe('completed');
    // A second streaming flow into the same table starts from nothing: not a lost checkpoint.
    expect((await finish(b.run(toTable(true)))).result.status).toBe('completed');
    expect(ids(rowsOf(await b.readDataset('ids')))).toEqual([1, 10]);
    await b.close();
    // An output whose log is gone but whose checkpoint is intact (as before this log existed) resumes.
    await withDuckDB(database, 'DROP SCHEMA __thund_outputs CASCADE');
    await writeText(join(dir, 'in/2.csv'), 'id\n2\n');
    const resumed = backend({ baseDir: dir, database });
    expect((await finish(resumed.run(toTable(true)))).result.status).toBe('completed');
    expect(ids(rowsOf(await resumed.readDataset('ids')))).toEqual([1, 2, 10]);
  });
});

describe('a checkpoint that lost part of its record', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('is refused when the files-seen record was emptied but the epochs were kept; nothing is read twice, and a full refresh recomputes', async () => {
    const dir = await tempDir();
    const database = join(dir, 'warehouse.duckdb');
    await writeText(join(dir, 'in/1.csv'), 'id\n1\n2\n3\n');
    await writeText(join(dir, 'in/2.csv'), 'id\n4\n5\n6\n');
    const first = backend({ baseDir: dir, database });
    expect((await finish(first.run(toTable()))).result.status).toBe('completed');
    expect(ids(rowsOf(await first.readDataset('ids')))).toEqual([1, 2, 3, 4, 5, 6]);
    await first.close();

    await withDuckDB(database, 'DELETE FROM __thund.files_seen');
    await writeText(join(dir, 'in/3.csv'), 'id\n7\n');
    const again = backend({ baseDir: dir, database });
    const { result } = await finish(again.run(toTable()));
    expect(result.status).toBe('failed');
    const error = result.flows.find((f) => f.name === 'ids')?.error;
    expect(error?.code).toBe('THUND_CHECKPOINT');
    expect(error?.message).toMatch(/flow "ids" has lost the record of the files it read: 1 committed epoch \(0\) read 6 rows/);
    expect(error?.message).toContain('thund run --full-refresh');
    expect(ids(rowsOf(await again.readDataset('ids')))).toEqual([1, 2, 3, 4, 5, 6]);

    expect((await finish(again.run(toTable(), { fullRefresh: ['ids'] }))).result.status).toBe('completed');
    expect(ids(rowsOf(await again.readDataset('ids')))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
