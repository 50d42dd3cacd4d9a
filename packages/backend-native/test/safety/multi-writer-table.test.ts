import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { type Pipeline, from, pipeline, readFiles, sql, sum } from '@thund/ir';
import { queryRows } from '../support/duckdb.js';
import { finish, rowsOf, useBackends, useTempDirs, writeText } from '../support/helpers.js';
import { ROWS } from './multi-writer-pipeline.js';

const CHILD = fileURLToPath(new URL('./multi-writer-child.ts', import.meta.url));

/** Table `t` written by `a` (raw SQL) and `b` (a CSV file, which a test can break). */
function twoWriters(a: string): Pipeline {
  return pipeline('two_writers')
    .table('t', { schema: [{ name: 'x', type: 'int64' }] })
    .flow('a', { target: 't', query: sql('duckdb', a) })
    .flow('b', { target: 't', query: readFiles('csv', 'b.csv', { schema: [{ name: 'x', type: 'int64' }] }) })
    .build();
}

async function query(path: string, text: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    return await queryRows(connection, text);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('a batch table written by several flows', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('keeps its previous rows, whole, when one writer fails on a rerun', async () => {
    const dir = await tempDir();
    const database = join(dir, 'db.duckdb');
    await writeText(join(dir, 'b.csv'), 'x\n3\n4\n');
    const first = backend({ baseDir: dir, database });
    expect((await finish(first.run(twoWriters('SELECT 1 AS x UNION ALL SELECT 2')))).result.status).toBe('completed');
    expect(rowsOf(await first.readDataset('t')).map((r) => r['x']).sort()).toEqual([1, 2, 3, 4]);

    await writeText(join(dir, 'b.csv'), 'x\n30\nnot a number\n');
    const failed = await finish(first.run(twoWriters('SELECT 10 AS x')));
    expect(failed.result.status).toBe('failed');
    expect(failed.result.flows.find((f) => f.name === 'a')?.phase).toBe('completed');
    expect(failed.result.flows.find((f) => f.name === 'b')?.phase).toBe('failed');
    expect(rowsOf(await first.readDataset('t')).map((r) => r['x']).sort()).toEqual([1, 2, 3, 4]);

    await writeText(join(dir, 'b.csv'), 'x\n30\n');
    expect((await finish(first.run(twoWriters('SELECT 10 AS x')))).result.status).toBe('completed');
    expect(rowsOf(await first.readDataset('t')).map((r) => r['x']).sort()).toEqual([10, 30]);
    await first.close();
    // No staging table is left behind, and the declared schema (column type) is the table's.
    expect(await query(database, "SELECT table_name FROM duckdb_tables() WHERE table_name LIKE '%staged%'")).toEqual([]);
    expect(await query(database, "SELECT data_type FROM duckdb_columns() WHERE table_name = 't'")).toEqual([{ data_type: 'BIGINT' }]);
  });

  it('is not created when a writer fails on the first run, and a later run recomputes it', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'b.csv'), 'x\nbad\n');
    const b = backend({ baseDir: dir });
    expect((await finish(b.run(twoWriters('SELECT 1 AS x')))).result.status).toBe('failed');
    await expect(b.readDataset('t')).rejects.toThrow();
    await writeText(join(dir, 'b.csv'), 'x\n2\n');
    expect((await finish(b.run(twoWriters('SELECT 1 AS x')))).result.status).toBe('completed');
    expect((await finish(b.run(twoWriters('SELECT 1 AS x')))).result.status).toBe('completed');
    expect(rowsOf(await b.readDataset('t')).map((r) => r['x']).sort()).toEqual([1, 2]);
  });

  it('is swapped in within the pipeline\'s own database (schema), and a reader downstream sees every writer\'s rows', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'b.csv'), 'x\n3\n');
    const p = pipeline('in_schema', { database: 'analytics' })
      .table('t', { schema: [{ name: 'x', type: 'int64' }] })
      .flow('a', { target: 't', query: sql('duckdb', 'SELECT 1 AS x') })
      .flow('b', { target: 't', query: readFiles('csv', 'b.csv', { schema: [{ name: 'x', type: 'int64' }] }) })
      .materializedView('total', { query: from('t').agg(sum('x').as('s')) })
      .build();
    const b = backend({ baseDir: dir });
    for (let run = 0; run < 2; run += 1) {
      const { result } = await finish(b.run(p));
      expect(result.status, JSON.stringify(result.flows)).toBe('completed');
      expect(rowsOf(await b.readDataset('t')).map((r) => r['x']).sort()).toEqual([1, 3]);
      expect(rowsOf(await b.readDataset('total'))).toEqual([{ s: 4 }]);
    }
  });

  it('is either its old or its new content after a SIGKILL anywhere around the swap', async () => {
    const dir = await tempDir();
    const database = join(dir, 'db.duckdb');
    const content = async (): Promise<Record<string, unknown>> => (await query(database, 'SELECT count(*) AS n, count(DISTINCT gen) AS gens, min(gen) AS gen FROM t'))[0] ?? {};
    expect((await runChild(dir, 1, undefined)).output).toContain('DONE completed');
    let committed = 1;
    let kills = 0;
    for (let generation = 2; generation <= 10; generation += 1) {
      // Killed 0–40 ms after the first writer completed: the second writer's write, or the swap.
      const child = await runChild(dir, generation, ((generation * 7) % 11) * 4);
      if (child.killed) kills += 1;
      const seen = await content();
      expect(seen['n']).toBe(2 * ROWS);
      expect(seen['gens']).toBe(1);
      expect([committed, generation]).toContain(seen['gen']);
      committed = Number(seen['gen']);
    }
    expect(kills).toBeGreaterThan(2);
  }, 180_000);
});

/** Runs the child; SIGKILLs it `delayMs` after its first COMPLETED line (unless undefined). */
function runChild(dir: string, generation: number, delayMs: number | undefined): Promise<{ killed: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--conditions=thund-source', '--import', 'tsx', CHILD, dir, String(generation)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let killed = false;
    child.stdout?.on('data', (data: Buffer) => {
      const first = !output.includes('COMPLETED');
      output += data.toString();
      if (delayMs !== undefined && first && output.includes('COMPLETED')) {
        setTimeout(() => {
          if (child.exitCode !== null || killed) return;
          killed = true;
          child.kill('SIGKILL');
        }, delayMs);
      }
    });
    child.stderr?.on('data', (data: Buffer) => (output += data.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ killed: killed && signal === 'SIGKILL', output }));
  });
}
