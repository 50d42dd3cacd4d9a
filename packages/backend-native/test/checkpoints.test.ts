import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { type Field, col, pipeline, readFiles } from '@thund/ir';
import { finish, rowsOf, useBackends, useTempDirs, writeText } from './support/helpers.js';

const SCHEMA: readonly Field[] = [{ name: 'id', type: 'int64' }];

function streaming(name: string, minimum = 0) {
  return pipeline(name, { storage: 'state' })
    .streamingTable('ids', { query: readFiles('csv', 'in', { schema: SCHEMA }).filter(col('id').gt(minimum)) })
    .build();
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

describe('checkpoints', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('live under the storage root, in a DuckDB file that is the default database of a streaming pipeline', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id\n1\n');
    const b = backend({ baseDir: dir });
    expect((await finish(b.run(streaming('p')))).result.status).toBe('completed');
    await b.close();
    // A new backend (a new process) on the same storage resumes: the file is read once only.
    const again = backend({ baseDir: dir });
    expect((await finish(again.run(streaming('p')))).result.flows).toEqual([{ name: 'ids', phase: 'completed', rowsWritten: 0 }]);
    expect(rowsOf(await again.readDataset('ids'))).toEqual([{ id: 1 }]);
  });

  it('of another pipeline are refused (THUND_CHECKPOINT), never reset', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id\n1\n');
    expect((await finish(backend({ baseDir: dir }).run(streaming('first')))).result.status).toBe('completed');
    const { result } = await finish(backend({ baseDir: dir }).run(streaming('second')));
    expect(result.flows[0]?.error?.code).toBe('THUND_CHECKPOINT');
    expect(result.flows[0]?.error?.message).toContain('holds checkpoints of pipeline "first"');
  });

  it('of a flow whose definition changed are refused until a full refresh', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id\n1\n5\n');
    const b = backend({ baseDir: dir });
    expect((await finish(b.run(streaming('p', 0)))).result.status).toBe('completed');
    const changed = await finish(b.run(streaming('p', 2)));
    expect(changed.result.flows[0]?.error).toMatchObject({ code: 'THUND_CHECKPOINT' });
    expect(changed.result.flows[0]?.error?.message).toContain('run with fullRefresh');
    expect((await finish(b.run(streaming('p', 2), { fullRefresh: true }))).result.flows).toEqual([{ name: 'ids', phase: 'completed', rowsWritten: 1 }]);
    expect(rowsOf(await b.readDataset('ids'))).toEqual([{ id: 5 }]);
  });

  it('that are corrupt are a clear error: an unreadable database file, a broken commit log', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'state/native.duckdb'), 'this is not a database');
    const garbage = await finish(backend({ baseDir: dir }).run(streaming('p')));
    expect(garbage.result.status).toBe('failed');
    expect(garbage.result.error?.code).toBe('THUND_CHECKPOINT');
    expect(garbage.result.error?.message).toContain('native.duckdb cannot be opened');

    const other = await tempDir();
    await writeText(join(other, 'in/1.csv'), 'id\n1\n');
    await writeText(join(other, 'in/2.csv'), 'id\n2\n');
    const b = backend({ baseDir: other, maxFilesPerEpoch: 1 });
    expect((await finish(b.run(streaming('p')))).result.status).toBe('completed');
    await b.close();
    await withDuckDB(join(other, 'state/native.duckdb'), 'DELETE FROM __thund.epochs WHERE epoch = 0');
    const broken = await finish(backend({ baseDir: other }).run(streaming('p')));
    expect(broken.result.flows[0]?.error?.code).toBe('THUND_CHECKPOINT');
    expect(broken.result.flows[0]?.error?.message).toContain('is corrupt');
  });

  it('a configured database file is used instead of the default one', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id\n3\n');
    await writeFile(join(dir, 'keep'), '');
    const b = backend({ baseDir: dir, database: 'warehouse.duckdb' });
    expect((await finish(b.run(streaming('p')))).result.status).toBe('completed');
    await b.close();
    const reopened = backend({ baseDir: dir, database: 'warehouse.duckdb' });
    expect(rowsOf(await reopened.readDataset('ids'))).toEqual([{ id: 3 }]);
  });

  it('without Pipeline.storage default to <baseDir>/.thund/<pipeline name>', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id\n7\n');
    const p = pipeline('no storage').streamingTable('ids', { query: readFiles('csv', 'in', { schema: SCHEMA }) }).build();
    const b = backend({ baseDir: dir });
    expect((await finish(b.run(p))).result.status).toBe('completed');
    expect(existsSync(join(dir, '.thund', 'no_storage', 'native.duckdb'))).toBe(true);
    expect(rowsOf(await b.readDataset('ids'))).toEqual([{ id: 7 }]);
  });
});
