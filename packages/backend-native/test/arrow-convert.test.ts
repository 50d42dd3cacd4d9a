import bindings from '@duckdb/node-bindings';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzSeeds } from '@thund/backend-testkit';
import { ChunkConverter } from '../src/duckdb/arrow-convert.js';
import { NativeConnection } from '../src/duckdb/native-connection.js';
import { NativeDatabase } from '../src/duckdb/native-database.js';
import { readTable, streamBatches } from '../src/read/read-dataset.js';
import { quoteString } from '../src/index.js';

let instance: DuckDBInstance;
let connection: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
});
afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

/** Every value of the query's first column, converted chunk by chunk to Arrow, as JS values. */
async function arrowColumn(sql: string): Promise<unknown[]> {
  const result = await connection.stream(sql);
  const converter = new ChunkConverter(result.columnNames(), result.columnTypes());
  const values: unknown[] = [];
  for (;;) {
    const chunk = await result.fetchChunk();
    if (chunk === null || chunk.rowCount === 0) return values;
    values.push(...converter.batch(chunk).getChildAt(0)!.toArray());
  }
}

/** The same column as DuckDB's own reader gives it. */
async function duckdbColumn(sql: string): Promise<unknown[]> {
  return (await connection.runAndReadAll(sql)).getColumns()[0] ?? [];
}

describe('DuckDB chunks to Arrow', () => {
  it('relies on vector_get_data returning a copy, so a batch never points into a chunk DuckDB frees', async () => {
    const chunk = await (await connection.stream('SELECT range AS x FROM range(4)')).fetchChunk();
    const vector = bindings.data_chunk_get_vector(chunk!.chunk, 0);
    const first = bindings.vector_get_data(vector, 32);
    first[8] = 99;
    expect(bindings.vector_get_data(vector, 32)[8]).toBe(1);
    expect(chunk!.getColumnValues(0)).toEqual([0n, 1n, 2n, 3n]);
  });

  it('strings of every length, inline and behind a pointer, back to back or not, with NULLs and empty strings', async () => {
    // Long strings interleaved with short ones, NULLs and '' break the runs the converter copies in one call.
    const sql = `SELECT CASE WHEN range % 11 = 0 THEN NULL WHEN range % 7 = 0 THEN ''
      ELSE repeat(chr(65 + CAST(range % 26 AS INTEGER)), CAST(range % 41 AS INTEGER)) || 'ø✓' END AS s FROM range(10000)`;
    const converted = await arrowColumn(sql);
    expect(converted).toHaveLength(10000);
    expect(converted).toEqual(await duckdbColumn(sql));
  });

  it('any list of strings round-trips (property, fixed seed)', async () => {
    const text = fc.option(fc.string({ unit: 'grapheme', maxLength: 40 }), { nil: null, freq: 8 });
    for (const seed of fuzzSeeds()) {
      await fc.assert(
        fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 3000 }), async (values) => {
          const literals = values.map((v) => (v === null ? 'NULL' : quoteString(v))).join(', ');
          const sql = `SELECT unnest([${literals}]::VARCHAR[]) AS s`;
          expect(await arrowColumn(sql)).toEqual(values);
        }),
        { seed, numRuns: 40 },
      );
    }
  });

  it('blobs longer than 12 bytes keep every byte', async () => {
    const sql = "SELECT CASE WHEN range % 3 = 0 THEN NULL ELSE ('\\x00\\xFF' || repeat('ab', CAST(range % 20 AS INTEGER)))::BLOB END AS b FROM range(3000)";
    const converted = (await arrowColumn(sql)).map((v) => (v === null ? null : [...(v as Uint8Array)]));
    const expected = (await duckdbColumn(sql)).map((v) => (v === null ? null : [...(v as { bytes: Uint8Array }).bytes]));
    expect(converted).toEqual(expected);
  });
});

describe('streaming a result with one chunk fetched ahead', () => {
  it('gives every chunk once and in order', async () => {
    const stream = await new NativeConnection(connection).stream('SELECT range AS x FROM range(10000)');
    const seen: bigint[] = [];
    for await (const chunk of stream) seen.push(...(chunk.getColumnValues(0) as bigint[]));
    expect(seen).toEqual(Array.from({ length: 10000 }, (_, i) => BigInt(i)));
  });

  it('an iteration abandoned after the first chunk leaves the connection usable', async () => {
    const native = new NativeConnection(connection);
    for await (const chunk of await native.stream('SELECT range AS x FROM range(100000)')) {
      expect(chunk.rowCount).toBeGreaterThan(0);
      break;
    }
    expect(await native.counts('SELECT 41 + 1')).toEqual([42]);
  });

  it('node-api ends a stream that fails midway like a complete one (why read-dataset.ts counts after a read)', async () => {
    // If this starts failing, node-api reports such errors itself and completeChunks' count can go.
    const native = new NativeConnection(connection);
    let rows = 0;
    for await (const chunk of await native.stream("SELECT CAST(CASE WHEN range < 1500000 THEN '1' ELSE 'x' END AS INTEGER) AS n FROM range(2000000)")) rows += chunk.rowCount;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(1_500_000);
    expect(await native.counts('SELECT 1')).toEqual([1]);
  });
});

describe('reading a result that fails midway', () => {
  // node-api's fetchChunk ends such a stream as if it were complete; the read must fail, never come back short.
  const failing = "SELECT range AS id, CAST(CASE WHEN range < 1500000 THEN '1' ELSE 'x' END AS INTEGER) AS n FROM range(2000000)";
  let database: NativeDatabase;
  beforeAll(async () => {
    database = await NativeDatabase.create(':memory:');
  });
  afterAll(() => database.closeSync());

  it('streamBatches rejects with the engine error instead of ending early', async () => {
    let rows = 0;
    const read = async (): Promise<void> => {
      for await (const batch of streamBatches(database, failing, 'broken')) rows += batch.numRows;
    };
    await expect(read()).rejects.toMatchObject({ code: 'THUND_ENGINE', message: expect.stringContaining("Could not convert string 'x'") });
    expect(rows).toBeLessThan(2_000_000);
  });

  it('readTable rejects too, and a complete read still succeeds', async () => {
    await expect(readTable(database, failing, 'broken')).rejects.toThrow(/Could not convert string 'x'/);
    const table = await readTable(database, 'SELECT range AS id FROM range(100000)', 'fine');
    expect(table.numRows).toBe(100000);
  });
});
