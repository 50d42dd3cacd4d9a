import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { type Pipeline, col, from, pipeline, readFiles, sql, sum } from '@thund/ir';
import { DuckDBInstance } from '@duckdb/node-api';
import { narrowHugeint, needsResultColumns } from '../src/run/output-schema.js';
import { queryRows } from './support/duckdb.js';
import { runToEnd, useBackends, useTempDirs, writeText } from './support/helpers.js';

// A flow's result columns are asked of DuckDB (DESCRIBE) only where a HUGEINT can come out of it, to narrow it to
// BIGINT; trivial flows skip it. Whatever is skipped, no HUGEINT is ever stored.
const huge = "SELECT CAST(12345678901234 AS HUGEINT) AS big, 1 AS k";

function subject(): Pipeline {
  return pipeline('hugeint')
    .temporaryView('v', { query: sql('duckdb', huge) })
    .materializedView('through_view', { query: from('v').select('big') })
    .materializedView('summed', { query: from('through_view').groupBy().agg(sum('big').as('total')) })
    .materializedView('plain', { query: from('through_view').filter(col('big').gt(0)) })
    .build();
}

// DuckDB's JSON reader infers HUGEINT for a field holding negative and non-negative integers (the SDP project
// null-ordering reads such a file through a temporary view): a flow reading it must be described and narrowed.
const mixedSigns = '{"id": 1, "v": 7}\n{"id": 2, "v": null}\n{"id": 3, "v": -7}\n{"id": 4, "v": 2}\n';

function fromJson(): Pipeline {
  return pipeline('json-hugeint')
    .temporaryView('t', { query: readFiles('json', 'in/t.json') })
    .materializedView('asc_limit', { query: from('t').select('id', 'v').orderBy('v').limit(2) })
    .materializedView('direct', { query: readFiles('json', 'in/t.json') })
    .materializedView('declared', { query: readFiles('json', 'in/t.json', { schema: [{ name: 'id', type: 'int64' }, { name: 'v', type: 'int64' }] }) })
    .materializedView('from_csv', { query: readFiles('csv', 'in/t.csv') })
    .build();
}

describe('result columns (DESCRIBE) only where a HUGEINT can appear', () => {
  const backend = useBackends();
  const tempDir = useTempDirs();

  it('asks for them through a temporary view of raw SQL and for integer sums; not for a filter of a stored table', () => {
    const p = subject();
    const flow = (name: string) => p.flows.find((f) => f.name === name) as Pipeline['flows'][number];
    const dataset = (name: string) => p.datasets.find((d) => d.name === name) as Pipeline['datasets'][number];
    expect(needsResultColumns(p, flow('through_view'), dataset('through_view'), 'SELECT "big" FROM "v"')).toBe(true);
    expect(needsResultColumns(p, flow('summed'), dataset('summed'), 'SELECT sum("big") AS "total" FROM "through_view"')).toBe(true);
    expect(needsResultColumns(p, flow('plain'), dataset('plain'), 'SELECT * FROM "through_view" WHERE "big" > 0')).toBe(false);
  });

  it('stores every one of them as BIGINT (int64), never HUGEINT', async () => {
    const b = backend({});
    const { result } = await runToEnd(b, subject());
    expect(result.status).toBe('completed');
    for (const name of ['through_view', 'summed', 'plain']) {
      const read = await b.readRows(name);
      expect(read.fields?.map((f) => f.type), name).toEqual(['int64']);
      expect(Number(read.rows[0]?.[read.columns[0] as string])).toBe(12345678901234);
    }
  });

  it('asks for them where a JSON file is read without a schema (directly or through a temporary view), not for CSV or a declared schema', () => {
    const p = fromJson();
    const flow = (name: string) => p.flows.find((f) => f.name === name) as Pipeline['flows'][number];
    const dataset = (name: string) => p.datasets.find((d) => d.name === name) as Pipeline['datasets'][number];
    const needs = (name: string) => needsResultColumns(p, flow(name), dataset(name), 'SELECT 1');
    expect(needs('asc_limit')).toBe(true);
    expect(needs('direct')).toBe(true);
    expect(needs('declared')).toBe(false);
    expect(needs('from_csv')).toBe(false);
  });

  it('stores a JSON integer field holding both signs as BIGINT (int64) with its values as integers', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in', 't.json'), mixedSigns);
    await writeText(join(dir, 'in', 't.csv'), 'id,v\n1,7\n3,-7\n');
    const b = backend({ baseDir: dir });
    const { result } = await runToEnd(b, fromJson());
    expect(result.status).toBe('completed');
    for (const name of ['asc_limit', 'direct', 'declared', 'from_csv']) {
      const read = await b.readRows(name);
      expect(read.fields?.map((f) => f.type), name).toEqual(['int64', 'int64']);
    }
    // Integers, not HUGEINT's exact decimal strings ("-7").
    const direct = await b.readRows('direct');
    expect(direct.rows.map((r) => [r['id'], r['v']]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([[1n, 7n], [2n, null], [3n, -7n], [4n, 2n]]);
  });

  it('narrows a HUGEINT nested in a struct, list or map of a JSON file to BIGINT too', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in', 'nested.json'), '{"id": 1, "s": {"v": 7, "w": [1, -2]}, "m": {"k": 3}}\n{"id": 2, "s": {"v": -7, "w": [-1]}, "m": {"k": -3}}\n');
    const database = join(dir, 'nested.duckdb');
    const b = backend({ database, baseDir: dir });
    const p = pipeline('nested').materializedView('nested', { query: readFiles('json', 'in/nested.json') }).build();
    expect((await runToEnd(b, p)).result.status).toBe('completed');
    await b.close();
    const instance = await DuckDBInstance.create(database);
    const connection = await instance.connect();
    try {
      const types = await queryRows(connection, "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'nested' ORDER BY ordinal_position");
      expect(types.map((t) => String(t['data_type'])).join(' ')).not.toMatch(/HUGEINT/);
      expect(types.find((t) => t['column_name'] === 's')?.['data_type']).toBe('STRUCT(v BIGINT, w BIGINT[])');
      const values = await queryRows(connection, 'SELECT s.v AS v, s.w AS w FROM nested ORDER BY id');
      expect(values.map((r) => Number(r['v']))).toEqual([7, -7]);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it('narrowHugeint rewrites every HUGEINT outside quoted names, and nothing else', () => {
    expect(narrowHugeint('HUGEINT')).toBe('BIGINT');
    expect(narrowHugeint('STRUCT(v HUGEINT, w HUGEINT[])')).toBe('STRUCT(v BIGINT, w BIGINT[])');
    expect(narrowHugeint('MAP(VARCHAR, HUGEINT)')).toBe('MAP(VARCHAR, BIGINT)');
    expect(narrowHugeint('STRUCT("HUGEINT" BIGINT, "a ""HUGEINT"" b" VARCHAR)')).toBeUndefined();
    expect(narrowHugeint('STRUCT("HUGEINT" HUGEINT)')).toBe('STRUCT("HUGEINT" BIGINT)');
    expect(narrowHugeint('UHUGEINT')).toBeUndefined();
    expect(narrowHugeint('VARCHAR')).toBeUndefined();
  });
});
