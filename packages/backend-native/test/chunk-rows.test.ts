import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrowFields, tableToRows } from '@thund/arrow-rows';
import { fuzzSeeds } from '@thund/backend-testkit';
import { NativeDatabase } from '../src/duckdb/native-database.js';
import { readTable } from '../src/read/read-dataset.js';
import { readRows } from '../src/read/read-rows.js';

let database: NativeDatabase;
beforeAll(async () => {
  database = await NativeDatabase.create(':memory:');
});
afterAll(() => database.closeSync());

/** What readRows gave before it read chunks directly: the Arrow table, then tableToRows and arrowFields. */
async function throughArrow(sql: string): Promise<{ columns: string[]; rows: unknown[]; fields: unknown[] }> {
  const table = await readTable(database, sql, 't');
  return { columns: table.schema.fields.map((f) => f.name), rows: tableToRows(table), fields: arrowFields(table.schema) };
}

async function direct(sql: string): Promise<{ columns: readonly string[]; rows: readonly unknown[]; fields: readonly unknown[] | undefined }> {
  const { columns, rows, fields } = await readRows(database, sql, 't');
  return { columns, rows, fields };
}

const EVERY_TYPE = `SELECT * FROM (VALUES
  (true, -8::TINYINT, -300::SMALLINT, -70000::INTEGER, -9007199254740993::BIGINT, 250::UTINYINT, 65000::USMALLINT, 4000000000::UINTEGER, 18446744073709551615::UBIGINT,
   1.5::FLOAT, -2.25::DOUBLE, DATE '1969-12-31', TIME '13:45:10.123456', TIMESTAMP '1969-12-31 23:59:59.999999', TIMESTAMPTZ '2024-03-01 10:00:00.5+00',
   TIMESTAMP_S '2024-03-01 10:00:01', TIMESTAMP_MS '1960-01-01 00:00:00.123', TIMESTAMP_NS '2024-03-01 10:00:00.123456789', -170141183460469231731687303715884105727::HUGEINT,
   -12.34::DECIMAL(4,2), -5.5::DECIMAL(9,1), -123456789.12::DECIMAL(18,2), -1.5::DECIMAL(30,1), 0.05::DECIMAL(38,37), 'ünïcode ✓ text longer than 12', '\\x00\\xFFab'::BLOB,
   [1, 2, NULL], {'a': 1, 'b': 'x'}, INTERVAL 3 DAY, 'c9a6e1b4-6f1e-4f8a-9d6b-2f1f0a3b4c5d'::UUID, 340282366920938463463374607431768211455::UHUGEINT, MAP {'k': 1}),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
) AS v(b, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, d, t, ts, tstz, ts_s, ts_ms, ts_ns, huge, d4, d9, d18, d30, d38, s, blob, list, struct, iv, id, uhuge, map)`;

describe('plain rows read from DuckDB chunks without Arrow', () => {
  it('every type gives the values and fields the Arrow path gave', async () => {
    const arrowResult = await throughArrow(EVERY_TYPE);
    expect(arrowResult.rows).toHaveLength(2);
    expect(await direct(EVERY_TYPE)).toEqual(arrowResult);
  });

  it('columns named __proto__ or twice are kept as the Arrow path kept them', async () => {
    const sql = 'SELECT 1 AS "__proto__", 2 AS "constructor", 3 AS x, 4 AS x';
    expect(await direct(sql)).toEqual(await throughArrow(sql));
  });

  it('any integers, decimals, timestamps and strings agree with the Arrow path (property, fixed seed)', async () => {
    const row = fc.record({
      n: fc.option(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })),
      dec: fc.option(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n })),
      // Microseconds within ±200 years of the epoch: both paths are exact there.
      at: fc.option(fc.bigInt({ min: -(6n * 10n ** 15n), max: 6n * 10n ** 15n })),
      s: fc.option(fc.string({ unit: 'grapheme', maxLength: 30 })),
    });
    for (const seed of fuzzSeeds()) {
      await fc.assert(
        fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 50 }), async (rows) => {
          const literal = (v: unknown, cast: string): string => (v === null ? `NULL::${cast}` : `${String(v)}::${cast}`);
          const values = rows.map((r) => `(${literal(r.n, 'BIGINT')}, ${r.dec === null ? 'NULL::DECIMAL(18,3)' : `(${String(r.dec)}::HUGEINT / 1000)::DECIMAL(18,3)`}, ${r.at === null ? 'NULL::TIMESTAMP' : `make_timestamp(${String(r.at)}::BIGINT)`}, ${r.s === null ? 'NULL::VARCHAR' : `'${r.s.replaceAll("'", "''")}'`})`);
          const sql = `SELECT * FROM (VALUES ${values.join(', ')}) AS v(n, dec, ts, s)`;
          expect(await direct(sql)).toEqual(await throughArrow(sql));
        }),
        { seed, numRuns: 30 },
      );
    }
  });
});
