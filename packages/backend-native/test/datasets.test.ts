import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { col, count, from, lit, pipeline, readFiles, sql, sum } from '@thund/ir';
import { finish, rowsOf, runToEnd, terminalEvent, useBackends, useTempDirs, writeText } from './support/helpers.js';
import { queryRows } from './support/duckdb.js';

const ORDERS_CSV = 'id,customer,amount,day\n1,ann,10.5,2024-01-01\n2,bob,4.0,2024-01-01\n3,ann,2.5,2024-01-02\n4,cy,7.0,2024-01-03\n';

async function readBack(sqlText: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return await queryRows(connection, sqlText);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('dataset types', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('materialized views are recomputed on every run', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'orders.csv'), ORDERS_CSV);
    const p = pipeline('mv').materializedView('big', { query: readFiles('csv', 'orders.csv').filter(col('amount').gt(5)).select('id') }).build();
    const b = backend({ baseDir: dir });
    expect((await runToEnd(b, p)).result.flows).toEqual([{ name: 'big', phase: 'completed', rowsWritten: 2 }]);
    await writeText(join(dir, 'orders.csv'), `${ORDERS_CSV}5,dan,99,2024-01-04\n`);
    expect((await runToEnd(b, p)).result.flows).toEqual([{ name: 'big', phase: 'completed', rowsWritten: 3 }]);
    expect(rowsOf(await b.readDataset('big'))).toEqual([{ id: 1 }, { id: 4 }, { id: 5 }]);
  });

  it('a table gets the rows of every flow writing it; written only by batch flows, each run recomputes it', async () => {
    const p = pipeline('tbl')
      .table('events')
      .flow('a', { target: 'events', query: sql('duckdb', "SELECT 1 AS id, 'a' AS src") })
      .flow('b', { target: 'events', query: sql('duckdb', "SELECT 'b' AS src, 2 AS id") })
      .build();
    const b = backend();
    const first = await runToEnd(b, p);
    expect(first.result.status).toBe('completed');
    expect(first.result.flows.map((f) => f.rowsWritten)).toEqual([1, 1]);
    const sorted = async () => rowsOf(await b.readDataset('events')).sort((x, y) => Number(x['id']) - Number(y['id']));
    expect(await sorted()).toEqual([{ id: 1, src: 'a' }, { id: 2, src: 'b' }]);
    // A second run recomputes the table from its batch flows (as Spark pipelines do) instead of appending twice.
    expect((await runToEnd(b, p)).result.flows.map((f) => f.rowsWritten)).toEqual([1, 1]);
    expect(await sorted()).toEqual([{ id: 1, src: 'a' }, { id: 2, src: 'b' }]);
    expect((await finish(b.run(p, { fullRefresh: true }))).result.status).toBe('completed');
    expect(await sorted()).toEqual([{ id: 1, src: 'a' }, { id: 2, src: 'b' }]);
  });

  it('a full refresh that fails keeps the old rows of batch tables and materialized views (never neither)', async () => {
    const dir = await tempDir();
    const schema = [{ name: 'id', type: 'int64' as const }, { name: 'customer', type: 'utf8' as const }];
    await writeText(join(dir, 'in.csv'), 'id,customer\n1,ann\n2,bob\n');
    const p = pipeline('refresh')
      .materializedView('mv', { query: readFiles('csv', 'in.csv', { schema }) })
      .table('tbl', { query: readFiles('csv', 'in.csv', { schema }) })
      .build();
    const b = backend({ baseDir: dir });
    expect((await runToEnd(b, p)).result.status).toBe('completed');
    await writeText(join(dir, 'in.csv'), 'id,customer\n1,ann\nthree,cy\n');
    const failed = await finish(b.run(p, { fullRefresh: true }));
    expect(failed.result.status).toBe('failed');
    expect(failed.result.flows.map((f) => f.phase)).toEqual(['failed', 'failed']);
    for (const name of ['mv', 'tbl']) expect(rowsOf(await b.readDataset(name))).toEqual([{ id: 1, customer: 'ann' }, { id: 2, customer: 'bob' }]);
  });

  it('temporary views feed downstream flows and are gone after the run', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'orders.csv'), ORDERS_CSV);
    const p = pipeline('tv')
      .temporaryView('ann_orders', { query: readFiles('csv', 'orders.csv').filter(col('customer').eq('ann')) })
      .materializedView('ann_total', { query: from('ann_orders').agg(sum('amount').as('total'), count().as('n')) })
      .build();
    const b = backend({ baseDir: dir });
    const { result } = await runToEnd(b, p);
    expect(result.status).toBe('completed');
    expect(result.flows.find((f) => f.name === 'ann_orders')).toEqual({ name: 'ann_orders', phase: 'completed' });
    expect(rowsOf(await b.readDataset('ann_total'))).toEqual([{ total: 13, n: 2 }]);
    await expect(b.readDataset('ann_orders')).rejects.toThrow(/temporary view/);
  });

  it('datasets live in the pipeline database schema when one is set', async () => {
    const p = pipeline('schema', { database: 'sales' }).materializedView('one', { query: sql('duckdb', 'SELECT 1 AS x') })
      .materializedView('two', { query: from('one').select(col('x').add(1).as('y')) }).build();
    const b = backend();
    expect((await runToEnd(b, p)).result.status).toBe('completed');
    expect(b.plan(p)[1]?.sql).toBe('SELECT ("x" + 1) AS "y" FROM "sales"."one"');
    expect(rowsOf(await b.readDataset('two'))).toEqual([{ y: 2 }]);
  });

  it('a file database keeps datasets for a later backend', async () => {
    const dir = await tempDir();
    const p = pipeline('file').materializedView('kept', { query: sql('duckdb', "SELECT 'still here' AS note") }).build();
    const first = backend({ database: join(dir, 'thund.duckdb') });
    expect((await runToEnd(first, p)).result.status).toBe('completed');
    await first.close();
    const second = backend({ database: join(dir, 'thund.duckdb') });
    expect(rowsOf(await second.readDataset('kept'))).toEqual([{ note: 'still here' }]);
  });
});

describe('file formats', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('reads csv, json and parquet with read_files, with and without a declared schema', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/orders.csv'), ORDERS_CSV);
    await writeText(join(dir, 'in/orders.json'), '{"id": 1, "tag": "x"}\n{"id": 2, "tag": null}\n');
    await readBack(`COPY (SELECT range AS n, range * 2 AS twice FROM range(3)) TO '${join(dir, 'in/numbers.parquet')}' (FORMAT parquet)`);
    const p = pipeline('formats')
      .materializedView('from_csv', { query: readFiles('csv', 'in/orders.csv', { schema: [{ name: 'id', type: 'int32' }, { name: 'customer', type: 'utf8' }, { name: 'amount', type: { type: 'decimal', precision: 6, scale: 2 } }, { name: 'day', type: 'date32' }] }).orderBy('id') })
      .materializedView('from_json', { query: readFiles('json', 'in/orders.json').orderBy('id') })
      .materializedView('from_parquet', { query: readFiles('parquet', 'in/numbers.parquet', { schema: [{ name: 'n', type: 'int32' }, { name: 'twice', type: 'int64' }] }) })
      .build();
    const b = backend({ baseDir: dir });
    const { result, events } = await runToEnd(b, p);
    expect(result.status, JSON.stringify(events.filter((e) => e.level === 'error'))).toBe('completed');
    const csv = await b.readDataset('from_csv');
    expect(csv.schema.fields.map((f) => `${f.name}:${f.type}`)).toEqual(['id:Int32', 'customer:Utf8', 'amount:Decimal[6e+2]', 'day:Date32<DAY>']);
    expect(rowsOf(await b.readDataset('from_json'))).toEqual([{ id: 1, tag: 'x' }, { id: 2, tag: null }]);
    expect(rowsOf(await b.readDataset('from_parquet'))).toEqual([{ n: 0, twice: 0 }, { n: 1, twice: 2 }, { n: 2, twice: 4 }]);
    // Decimal values survive the Arrow conversion: 128-bit little-endian words, scale 2.
    const amounts = csv.getChild('amount')!;
    expect([0, 1, 2, 3].map((i) => [...(amounts.get(i) as Uint32Array)])).toEqual([[1050, 0, 0, 0], [400, 0, 0, 0], [250, 0, 0, 0], [700, 0, 0, 0]]);
    expect(rowsOf(csv).map((r) => [r['id'], r['customer'], r['day']])).toEqual([[1, 'ann', Date.UTC(2024, 0, 1)], [2, 'bob', Date.UTC(2024, 0, 1)], [3, 'ann', Date.UTC(2024, 0, 2)], [4, 'cy', Date.UTC(2024, 0, 3)]]);
  });

  it('reads JSON as Spark infers it: ISO text stays a string; multiLine reads a pretty-printed array as rows', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/events.json'), '{"id": 1, "at": "2024-04-01T12:00:00.000Z", "day": "2024-04-01"}\n');
    await writeText(join(dir, 'in/pretty.json'), '[\n  {"id": 1,\n   "tag": "x"},\n  {"id": 2, "tag": "y"}\n]\n');
    const p = pipeline('json_reads')
      .materializedView('events', { query: readFiles('json', 'in/events.json') })
      .materializedView('pretty', { query: readFiles('json', 'in/pretty.json', { options: { multiLine: 'true' } }).orderBy('id') })
      .build();
    const b = backend({ baseDir: dir });
    const { result, events } = await runToEnd(b, p);
    expect(result.status, JSON.stringify(events.filter((e) => e.level === 'error'))).toBe('completed');
    expect(rowsOf(await b.readDataset('events'))).toEqual([{ id: 1, at: '2024-04-01T12:00:00.000Z', day: '2024-04-01' }]);
    expect(rowsOf(await b.readDataset('pretty'))).toEqual([{ id: 1, tag: 'x' }, { id: 2, tag: 'y' }]);
  });

  it('reads every file of a directory', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'parts/a.csv'), 'x\n1\n');
    await writeText(join(dir, 'parts/b.csv'), 'x\n2\n');
    const p = pipeline('dir').materializedView('all', { query: readFiles('csv', 'parts').agg(sum('x').as('s')) }).build();
    const b = backend({ baseDir: dir });
    expect((await runToEnd(b, p)).result.status).toBe('completed');
    expect(rowsOf(await b.readDataset('all'))).toEqual([{ s: 3 }]);
  });

  it.each(['csv', 'json', 'parquet'] as const)('writes a %s sink and reads it back', async (format) => {
    const dir = await tempDir();
    await writeText(join(dir, 'orders.csv'), ORDERS_CSV);
    const p = pipeline(`sink-${format}`)
      .materializedView('orders', { query: readFiles('csv', 'orders.csv') })
      .sink('export', { format, location: `out/orders.${format}` })
      .flow('export_orders', { target: 'export', query: from('orders').filter(col('customer').neq('bob')).select('id', 'customer').orderBy('id') })
      .build();
    const b = backend({ baseDir: dir });
    const { result, events } = await runToEnd(b, p);
    expect(result.status).toBe('completed');
    expect(terminalEvent(events, 'export_orders')?.details?.rowsWritten).toBe(3);
    const path = join(dir, `out/orders.${format}`);
    expect(existsSync(path)).toBe(true);
    const reader = format === 'csv' ? 'read_csv' : format === 'json' ? 'read_json' : 'read_parquet';
    expect(await readBack(`SELECT * FROM ${reader}('${path}') ORDER BY id`)).toEqual([
      { id: 1, customer: 'ann' }, { id: 3, customer: 'ann' }, { id: 4, customer: 'cy' },
    ]);
    // readDataset on a sink reads its files.
    expect(rowsOf(await b.readDataset('export'))).toEqual([{ id: 1, customer: 'ann' }, { id: 3, customer: 'ann' }, { id: 4, customer: 'cy' }]);
    // No temporary files are left beside the sink.
    expect(existsSync(`${path}.${result.runId}.tmp`)).toBe(false);
  });

  it('writes a partitioned parquet sink', async () => {
    const dir = await tempDir();
    const p = pipeline('partitioned')
      .sink('by_day', { format: 'parquet', location: 'out/by_day', partitionColumns: ['day'] })
      .flow('write', { target: 'by_day', query: sql('duckdb', "SELECT * FROM (VALUES (1, 'd1'), (2, 'd2'), (3, 'd1')) AS v(id, day)") })
      .build();
    const b = backend({ baseDir: dir });
    expect((await runToEnd(b, p)).result.status).toBe('completed');
    expect(existsSync(join(dir, 'out/by_day/day=d1'))).toBe(true);
    expect(rowsOf(await b.readDataset('by_day')).sort((x, y) => Number(x['id']) - Number(y['id']))).toEqual([
      { id: 1, day: 'd1' }, { id: 2, day: 'd2' }, { id: 3, day: 'd1' },
    ]);
  });
});

describe('reading datasets as Arrow', () => {
  const backend = useBackends();

  it('readDataset returns every row with Arrow types; streamDataset yields chunk-sized batches', async () => {
    const p = pipeline('arrow')
      .materializedView('numbers', { query: sql('duckdb', "SELECT range AS n, range % 3 = 0 AS fizz, CASE WHEN range % 2 = 0 THEN 'even' || range ELSE NULL END AS label, DATE '2024-01-01' + CAST(range % 7 AS INTEGER) AS d, TIMESTAMP '2024-01-01 00:00:00' + INTERVAL (range) SECOND AS ts, CAST(range AS DOUBLE) / 4 AS q, 'a string longer than twelve bytes #' || range AS long_text FROM range(5000)") })
      .build();
    const b = backend();
    expect((await runToEnd(b, p)).result.status).toBe('completed');
    const table = await b.readDataset('numbers');
    expect(table.numRows).toBe(5000);
    expect(table.schema.fields.map((f) => String(f.type))).toEqual(['Int64', 'Bool', 'Utf8', 'Date32<DAY>', 'Timestamp<MICROSECOND>', 'Float64', 'Utf8']);
    const rows = rowsOf(table);
    expect(rows[0]).toEqual({ n: 0, fizz: true, label: 'even0', d: Date.UTC(2024, 0, 1), ts: Date.UTC(2024, 0, 1), q: 0, long_text: 'a string longer than twelve bytes #0' });
    expect(rows[4999]).toEqual({ n: 4999, fizz: false, label: null, d: Date.UTC(2024, 0, 1 + (4999 % 7)), ts: Date.UTC(2024, 0, 1) + 4999_000, q: 1249.75, long_text: 'a string longer than twelve bytes #4999' });
    expect(rows.filter((r) => r['label'] === null).length).toBe(2500);
    expect(rows.reduce((s, r) => s + Number(r['n']), 0)).toBe((4999 * 5000) / 2);

    const batches = [];
    for await (const batch of b.streamDataset('numbers')) batches.push(batch);
    expect(batches.length).toBeGreaterThan(1);
    expect(Math.max(...batches.map((x) => x.numRows))).toBeLessThanOrEqual(2048);
    expect(batches.reduce((s, x) => s + x.numRows, 0)).toBe(5000);
    expect(batches.flatMap((x) => [...(x.getChild('n')?.toArray() ?? [])]).map(Number)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });

  it('converts negative decimals of every width, integer sums, booleans with NULLs and blobs', async () => {
    const b = backend();
    const p = pipeline('types').materializedView('typed', { query: sql('duckdb', `
      SELECT * FROM (VALUES
        (-12.34::DECIMAL(4,2), -5.5::DECIMAL(9,1), -123456789.12::DECIMAL(18,2), -1.5::DECIMAL(30,1), true, 'abc'::BLOB),
        (1.00::DECIMAL(4,2), NULL, 7.00::DECIMAL(18,2), 2.5::DECIMAL(30,1), NULL, NULL)
      ) AS v(d4, d9, d18, d30, flag, bytes)`) })
      .materializedView('summed', { query: sql('duckdb', 'SELECT sum(range) AS total FROM range(10)') })
      .build();
    expect((await runToEnd(b, p)).result.status).toBe('completed');
    const table = await b.readDataset('typed');
    const words = (name: string, i: number) => [...((table.getChild(name)?.get(i) as Uint32Array | null) ?? [])];
    expect(words('d4', 0)).toEqual([2 ** 32 - 1234, 2 ** 32 - 1, 2 ** 32 - 1, 2 ** 32 - 1]);
    expect(words('d9', 0)).toEqual([2 ** 32 - 55, 2 ** 32 - 1, 2 ** 32 - 1, 2 ** 32 - 1]);
    expect(words('d18', 1)).toEqual([700, 0, 0, 0]);
    expect(words('d30', 0)).toEqual([2 ** 32 - 15, 2 ** 32 - 1, 2 ** 32 - 1, 2 ** 32 - 1]);
    expect(table.getChild('d9')?.get(1)).toBeNull();
    expect([table.getChild('flag')?.get(0), table.getChild('flag')?.get(1)]).toEqual([true, null]);
    expect(rowsOf(table).map((r) => r['bytes'])).toEqual(['abc', null]);
    const summed = await b.readDataset('summed');
    expect(String(summed.schema.fields[0]?.type)).toBe('Int64');
    expect(rowsOf(summed)).toEqual([{ total: 45 }]);
  });

  it('an empty dataset keeps its schema; an unknown one is a clear error', async () => {
    const b = backend();
    const p = pipeline('empty').materializedView('none', { query: sql('duckdb', 'SELECT 1::INTEGER AS a, NULL::VARCHAR AS b WHERE false') }).build();
    expect((await runToEnd(b, p)).result.status).toBe('completed');
    const table = await b.readDataset('none');
    expect(table.numRows).toBe(0);
    expect(table.schema.fields.map((f) => f.name)).toEqual(['a', 'b']);
    await expect(b.readDataset('missing')).rejects.toMatchObject({ code: 'THUND_SOURCE', message: expect.stringContaining('"missing" does not exist') });
  });

  it('a dataset named like an injection works and round-trips', async () => {
    const hostile = 'x"; DROP TABLE y; --';
    const b = backend();
    const p = pipeline('quoted')
      .materializedView('y', { query: sql('duckdb', 'SELECT 1 AS keep') })
      .materializedView(hostile, { query: from('y').select(col('keep').as("it's \"quoted\""), lit("'; DROP TABLE y; --").as('payload')) })
      .materializedView('after', { query: from(hostile).select('payload') })
      .build();
    const { result, events } = await runToEnd(b, p);
    expect(result.status, JSON.stringify(events.filter((e) => e.level === 'error'))).toBe('completed');
    expect(rowsOf(await b.readDataset(hostile))).toEqual([{ "it's \"quoted\"": 1, payload: "'; DROP TABLE y; --" }]);
    expect(rowsOf(await b.readDataset('after'))).toEqual([{ payload: "'; DROP TABLE y; --" }]);
    expect(rowsOf(await b.readDataset('y'))).toEqual([{ keep: 1 }]);
  });
});
