import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Pipeline, col, from, pipeline, readFiles } from '@thund/ir';
import { compileContext } from '../src/compile/flow-plan.js';
import { NativeDatabase } from '../src/duckdb/native-database.js';
import { CsvSniffer } from '../src/run/csv-sniffer.js';
import { FlowSession } from '../src/run/flow-session.js';
import { quoteString } from '../src/index.js';
import { queryRows } from './support/duckdb.js';
import { rowsOf, runToEnd, useBackends, useTempDirs, writeText } from './support/helpers.js';

let database: NativeDatabase;
beforeAll(async () => {
  database = await NativeDatabase.create(':memory:');
});
afterAll(() => database.closeSync());

/** The first flow's query as a run compiles it, once the sniffer has seen its CSV reads (`undefined`: left as written). */
async function sniffed(p: Pipeline, baseDir: string): Promise<string | undefined> {
  const connection = await database.connect();
  try {
    return await new CsvSniffer(compileContext(p, baseDir)).compile(p.flows[0]!, new FlowSession(connection, new AbortController().signal));
  } finally {
    connection.closeSync();
  }
}

/** What DuckDB itself reads from the file, sniffing it as it binds (the read before sniffing once). */
async function duckdbRead(path: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return await queryRows(connection, `SELECT * FROM read_csv(${quoteString(path)}, header=true, delim=',', quote='"', escape='"', strict_mode=true)`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('CSV files sniffed once per run', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('a single file with inferred types is read with the dialect and columns spelled out', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'orders.csv'), 'id,customer,amount,day\n1,ann,10.5,2024-01-01\n2,bob,4.0,2024-01-02\n');
    const p = pipeline('s').materializedView('orders', { query: readFiles('csv', 'orders.csv').filter(col('amount').gt(5)) }).build();
    const sql = await sniffed(p, dir);
    expect(sql).toContain('auto_detect=false');
    expect(sql).toMatch(/columns=\{'id': 'BIGINT', 'customer': 'VARCHAR', 'amount': 'DOUBLE', 'day': 'DATE'\}/);
  });

  it('rows, types and detected date formats are the ones DuckDB reads sniffing as it binds', async () => {
    const dir = await tempDir();
    const lines = ['id,name,price,day,at,flag,note'];
    for (let i = 0; i < 3000; i++) {
      lines.push(`${i},"name, ${i}",${(i * 1.25).toFixed(2)},${String(1 + (i % 28)).padStart(2, '0')}/03/2024,2024-03-01 10:${String(i % 60).padStart(2, '0')}:00,${i % 2 === 0},${i % 7 === 0 ? '' : `"say ""hi"" ${i}"`}`);
    }
    const path = await writeText(join(dir, 'mixed.csv'), `${lines.join('\n')}\n`);
    const p = pipeline('s').materializedView('mixed', { query: readFiles('csv', 'mixed.csv') }).build();
    expect(await sniffed(p, dir)).toContain('dateformat=');
    const b = backend({ baseDir: dir });
    expect((await runToEnd(b, p)).result.status).toBe('completed');
    const expected = await duckdbRead(path);
    expect(rowsOf(await b.readDataset('mixed'))).toEqual(rowsOf(await (async () => {
      const reference = backend({ baseDir: dir });
      const q = pipeline('r').materializedView('mixed', { query: readFiles('csv', 'mixed.csv', { options: { auto_detect: 'true' } }) }).build();
      expect((await runToEnd(reference, q)).result.status).toBe('completed');
      return reference.readDataset('mixed');
    })()));
    expect(expected).toHaveLength(3000);
    expect((await b.readRows('mixed', { limit: 1 })).rows[0]).toMatchObject({ id: 0n, name: 'name, 0', note: null });
  });

  it('a directory, a glob and reads that fix or tune detection themselves are left as written', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in', 'a.csv'), 'x\n1\n');
    for (const query of [
      readFiles('csv', 'in'),
      readFiles('csv', 'in/*.csv'),
      readFiles('csv', 'in/a.csv', { options: { auto_detect: 'true' } }),
      readFiles('csv', 'in/a.csv', { options: { sample_size: '-1' } }),
      readFiles('csv', 'in/a.csv', { schema: [{ name: 'x', type: 'int64' }] }),
    ]) {
      expect(await sniffed(pipeline('s').materializedView('x', { query }).build(), dir)).toBeUndefined();
    }
  });

  it('a file the sniffer cannot read fails the run with the read\'s own error, as before', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'bad.csv'), 'id,name\n1,"ann\n2,bob\n');
    const p = pipeline('s').materializedView('bad', { query: readFiles('csv', 'bad.csv') }).build();
    expect(await sniffed(p, dir)).toBeUndefined();
    const { result } = await runToEnd(backend({ baseDir: dir }), p);
    expect(result.status).toBe('failed');
    expect(result.flows[0]?.error?.message).toMatch(/CSV/i);
  });

  it('flows reading one file share one sniff, and a file sniffed stays consistent across them', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'o.csv'), 'id,amount\n1,2.5\n2,7.5\n3,9.0\n');
    const p = pipeline('s')
      .materializedView('big', { query: readFiles('csv', 'o.csv').filter(col('amount').gt(5)) })
      .materializedView('small', { query: readFiles('csv', 'o.csv').filter(col('amount').lt(5)) })
      .materializedView('both', { query: from('big').union(from('small')) })
      .build();
    const b = backend({ baseDir: dir });
    expect((await runToEnd(b, p)).result.status).toBe('completed');
    expect(rowsOf(await b.readDataset('both')).map((r) => r['id']).sort()).toEqual([1, 2, 3]);
  });
});
