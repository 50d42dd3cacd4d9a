import { arrowFields, tableToRows } from '@thund/arrow-rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NativeDatabase } from '../src/duckdb/native-database.js';
import { readTable } from '../src/read/read-dataset.js';
import { readRows } from '../src/read/read-rows.js';

let database: NativeDatabase;
beforeAll(async () => {
  database = await NativeDatabase.create(':memory:');
});
afterAll(() => database.closeSync());

// A constant list (every row's entry points at the same child values), lists of structs with exact decimals and
// microsecond timestamps, maps with integer keys, NULLs at every level, and more rows than one chunk.
const NESTED = `SELECT i,
  [1, 2] AS constant,
  CASE WHEN i % 3 = 0 THEN NULL ELSE [{'d': (i / 100)::DECIMAL(10,2), 'at': make_timestamp(1700000000000001 + i), 'tags': ['t' || i, NULL]}, NULL] END AS events,
  CASE WHEN i % 2 = 0 THEN MAP {i: 'even', -1: NULL} ELSE MAP {} END AS by_id,
  {'n': i::BIGINT, 'inner': {'s': NULL::VARCHAR}} AS s
FROM range(0, 2500) AS r(i)`;

describe('lists, structs and maps read back from DuckDB', () => {
  it('plain rows read directly equal the Arrow path, over more than one chunk', async () => {
    const table = await readTable(database, NESTED, 't');
    const direct = await readRows(database, NESTED, 't');
    expect(direct.rows).toEqual(tableToRows(table));
    expect(direct.fields).toEqual(arrowFields(table.schema));
    expect(direct.rows).toHaveLength(2500);
  });

  it('give the values by the arrow-rows rules and the IR types', async () => {
    const { rows, fields } = await readRows(database, `${NESTED} WHERE i IN (3, 4)`, 't');
    expect(rows).toEqual([
      { i: 3n, constant: [1, 2], events: null, by_id: [], s: { n: 3n, inner: { s: null } } },
      {
        i: 4n, constant: [1, 2],
        events: [{ d: '0.04', at: new Date(Date.UTC(2023, 10, 14, 22, 13, 20)), tags: ['t4', null] }, null],
        by_id: [[4n, 'even'], [-1n, null]],
        s: { n: 4n, inner: { s: null } },
      },
    ]);
    expect(fields?.map((f) => f.type)).toEqual([
      'int64',
      { type: 'list', element: 'int32' },
      { type: 'list', element: { type: 'struct', fields: [
        { name: 'd', type: { type: 'decimal', precision: 10, scale: 2 } }, { name: 'at', type: 'timestamp' }, { name: 'tags', type: { type: 'list', element: 'utf8' } },
      ] } },
      { type: 'map', key: 'int64', value: 'utf8' },
      { type: 'struct', fields: [{ name: 'n', type: 'int64' }, { name: 'inner', type: { type: 'struct', fields: [{ name: 's', type: 'utf8' }] } }] },
    ]);
  });

  it('keep microseconds and exact decimals inside nested Arrow values', async () => {
    const table = await readTable(database, "SELECT [TIMESTAMP '2026-03-15 13:45:10.123456'] AS ts, {'d': 12345678901234567.89::DECIMAL(19,2)} AS s", 't');
    const ts = table.getChildAt(0)?.get(0) as { get(i: number): unknown };
    expect(ts.get(0)).toBe(Date.UTC(2026, 2, 15, 13, 45, 10, 123) + 0.456);
    expect(tableToRows(table)[0]?.s).toEqual({ d: '12345678901234567.89' });
  });
});
