/**
 * Arrow export: `streamDataset` (DuckDB chunks → Arrow record batches)
 * against DuckDB's own `fetchChunk` reading the same table of the same
 * database file, chunk by chunk, without touching the values (the rate
 * issue 19 compares with). Two tables: the native bench's `clean` shape
 * (BIGINT, BIGINT, DATE, DOUBLE, short VARCHAR) and a table of 15–40-byte
 * strings (longer than DuckDB's 12-byte inline strings). The two readers
 * alternate, each opening the database itself; medians of paired ratios.
 *
 *   pnpm --filter @thund/backend-native exec tsx --conditions=thund-source bench/arrow-export.ts
 *   THUND_BENCH_ROWS=2000000 THUND_BENCH_RUNS=7 …   (smaller, more runs)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bindings from '@duckdb/node-bindings';
import { type DuckDBDataChunk, DuckDBInstance, type DuckDBType, DuckDBTypeId, version } from '@duckdb/node-api';
import { createNativeBackend } from '../src/index.js';
import { pairedRatio, writeBenchResult } from '../../../scripts/bench/results.mjs';

const ROWS = Number(process.env['THUND_BENCH_ROWS'] ?? 10_000_000);
const RUNS = Math.max(5, Number(process.env['THUND_BENCH_RUNS'] ?? 5));

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const rate = (millis: number): number => ROWS / millis / 1000;

/** Bytes per value of a vector's data for the bench tables' column types. */
function widthOf(type: DuckDBType): number {
  switch (type.typeId) {
    case DuckDBTypeId.DATE:
    case DuckDBTypeId.INTEGER:
      return 4;
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.DOUBLE:
      return 8;
    case DuckDBTypeId.VARCHAR:
      return 16;
    default:
      throw new Error(`the copies-only reader has no width for ${type.toString()}`);
  }
}

const TABLES = [
  {
    name: 'clean',
    label: 'the native bench\'s table (BIGINT, BIGINT, DATE, DOUBLE, short VARCHAR)',
    sql: `SELECT range AS id, range % 100000 AS customer_id, DATE '2024-01-01' + CAST(range % 90 AS INTEGER) AS day,
            CASE WHEN range % 97 = 0 THEN NULL ELSE CAST((range * 7919) % 100000 AS DOUBLE) / 100 END AS amount,
            ['web', 'store', 'app', 'partner'][1 + range % 4] AS channel FROM range(${ROWS})`,
  },
  {
    name: 'strings',
    label: 'a table of 15–40-byte strings (BIGINT, 2 × VARCHAR)',
    sql: `SELECT range AS id, 'customer-' || lpad(CAST(range AS VARCHAR), 6 + CAST(range % 26 AS INTEGER), '0') AS name,
            CASE WHEN range % 53 = 0 THEN NULL ELSE repeat(chr(97 + CAST(range % 26 AS INTEGER)), 15 + CAST(range % 26 AS INTEGER)) END AS note
          FROM range(${ROWS})`,
  },
] as const;

const dir = await mkdtemp(join(tmpdir(), 'thund-bench-export-'));
const database = join(dir, 'export.duckdb');
try {
  const setup = await DuckDBInstance.create(database);
  const connection = await setup.connect();
  for (const table of TABLES) await connection.run(`CREATE TABLE ${table.name} AS ${table.sql}`);
  await connection.run('CREATE TABLE opened AS SELECT 1 AS one');
  connection.closeSync();
  setup.closeSync();

  for (const table of TABLES) {
    const exportArrow = async (): Promise<number> => {
      const backend = createNativeBackend({ database, baseDir: dir });
      try {
        // Open the database before timing, as the fetchChunk reader does: this times the export alone.
        for await (const batch of backend.streamDataset('opened')) if (batch.numRows !== 1) throw new Error('the warm-up read gave no row');
        const start = performance.now();
        let rows = 0;
        for await (const batch of backend.streamDataset(table.name)) rows += batch.numRows;
        if (rows !== ROWS) throw new Error(`streamDataset gave ${rows} rows, expected ${ROWS}`);
        return performance.now() - start;
      } finally {
        await backend.close();
      }
    };
    /** DuckDB's own reader on a fresh instance, chunk by chunk; `visitor` (made from the result's column types) sees each chunk. */
    const readChunks = async (reader: string, visitor?: (types: readonly DuckDBType[]) => (chunk: DuckDBDataChunk) => void): Promise<number> => {
      const instance = await DuckDBInstance.create(database);
      const raw = await instance.connect();
      try {
        const start = performance.now();
        const result = await raw.stream(`SELECT * FROM ${table.name}`);
        const visit = visitor?.(result.columnTypes());
        let rows = 0;
        for (;;) {
          const chunk = await result.fetchChunk();
          if (chunk === null || chunk.rowCount === 0) break;
          visit?.(chunk);
          rows += chunk.rowCount;
        }
        if (rows !== ROWS) throw new Error(`${reader} gave ${rows} rows, expected ${ROWS}`);
        return performance.now() - start;
      } finally {
        raw.closeSync();
        instance.closeSync();
      }
    };
    const fetchChunks = (): Promise<number> => readChunks('fetchChunk');
    // What the Node API makes any export do: each column of each chunk copied out (data, validity), nothing built.
    const copiesOnly = (): Promise<number> => readChunks('the copies-only reader', (types) => {
      const widths = types.map(widthOf);
      return (chunk) => {
        for (const [column, width] of widths.entries()) {
          const vector = bindings.data_chunk_get_vector(chunk.chunk, column);
          bindings.vector_get_validity(vector, Math.ceil(chunk.rowCount / 64) * 8);
          bindings.vector_get_data(vector, chunk.rowCount * width);
        }
      };
    });

    await exportArrow(); // warm-up: the file into the OS cache, the code paths compiled
    await fetchChunks();
    await copiesOnly();
    const arrowTimes: number[] = [];
    const chunkTimes: number[] = [];
    const copyTimes: number[] = [];
    const readers = [() => exportArrow().then((t) => arrowTimes.push(t)), () => fetchChunks().then((t) => chunkTimes.push(t)), () => copiesOnly().then((t) => copyTimes.push(t))];
    for (let i = 0; i < RUNS; i++) {
      // Each run rotates which reader goes first.
      for (let r = 0; r < readers.length; r++) await (readers[(i + r) % readers.length] as () => Promise<number>)();
    }
    // Rates, so the ratio reads as the "≥ 0.8× fetchChunk's rate": fetchChunk time / export time.
    const ratio = pairedRatio(chunkTimes, arrowTimes);
    const floor = pairedRatio(chunkTimes, copyTimes);
    const aboveFloor = pairedRatio(copyTimes, arrowTimes);
    console.log(`export of "${table.name}", ${ROWS.toLocaleString('en')} rows, ${RUNS} paired runs (medians):`);
    console.log(`  streamDataset → Arrow   ${median(arrowTimes).toFixed(0)} ms  ${rate(median(arrowTimes)).toFixed(1)} M rows/s`);
    console.log(`  DuckDB fetchChunk only  ${median(chunkTimes).toFixed(0)} ms  ${rate(median(chunkTimes)).toFixed(1)} M rows/s`);
    console.log(`  Node API copies only    ${median(copyTimes).toFixed(0)} ms  ${rate(median(copyTimes)).toFixed(1)} M rows/s (each column of each chunk copied out, nothing built)`);
    console.log(`  rate ratio (median of paired ratios) ${ratio.toFixed(2)}× (target ≥ 0.8×); the Node API's copies alone ${floor.toFixed(2)}×, streamDataset / copies alone ${aboveFloor.toFixed(2)}×`);
    writeBenchResult({
      package: '@thund/backend-native', bench: `arrow-export-${table.name}`, title: `Arrow export of ${table.label}: streamDataset vs DuckDB's fetchChunk`,
      script: 'tsx --conditions=thund-source bench/arrow-export.ts', settings: ['THUND_BENCH_ROWS', 'THUND_BENCH_RUNS'],
      parameters: { rows: ROWS, runs: RUNS },
      series: [
        { label: 'streamDataset → Arrow record batches', unit: 'ms', values: arrowTimes, median: median(arrowTimes) },
        { label: 'DuckDB fetchChunk, values untouched', unit: 'ms', values: chunkTimes, median: median(chunkTimes), reference: true },
        { label: 'the Node API\'s copies alone (vector_get_data, vector_get_validity; nothing built)', unit: 'ms', values: copyTimes, median: median(copyTimes), reference: true },
      ],
      ratios: [
        { label: 'streamDataset rate / fetchChunk rate', value: ratio, basis: 'median of paired ratios' },
        { label: 'the Node API\'s copies alone / fetchChunk rate (the floor any export from JavaScript starts from)', value: floor, basis: 'median of paired ratios' },
        { label: 'streamDataset rate / the Node API\'s copies alone', value: aboveFloor, basis: 'median of paired ratios' },
      ],
      rss: { mib: process.resourceUsage().maxRSS / 1024, of: 'the bench process (its three readers, one at a time; flat RSS over 100M rows: memory-100m.ts)' },
      figures: [
        { label: 'streamDataset rate (median)', value: `${rate(median(arrowTimes)).toFixed(1)} M rows/s` },
        { label: 'fetchChunk rate (median)', value: `${rate(median(chunkTimes)).toFixed(1)} M rows/s` },
        {
          label: 'where the limit is',
          value: `DuckDB's Node API (@duckdb/node-bindings, DuckDB ${version()}): it binds no duckdb_data_chunk_to_arrow and no view of a vector's memory, so every column of every chunk is copied before JavaScript can read it. Those copies alone run at ${floor.toFixed(2)}× fetchChunk's rate; streamDataset runs at ${aboveFloor.toFixed(2)}× theirs. On a busy 2-CPU machine the conversion no longer overlaps DuckDB's next fetch, so the ratio moves from run to run`,
        },
      ],
      targets: [{ text: 'streamDataset ≥ 0.8× the rate of fetchChunk (median of paired ratios)', met: ratio >= 0.8 }],
      versions: { duckdb: version() },
    });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
