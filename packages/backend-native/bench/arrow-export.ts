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
import { DuckDBInstance, version } from '@duckdb/node-api';
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
    const fetchChunks = async (): Promise<number> => {
      const instance = await DuckDBInstance.create(database);
      const raw = await instance.connect();
      try {
        const start = performance.now();
        const result = await raw.stream(`SELECT * FROM ${table.name}`);
        let rows = 0;
        for (;;) {
          const chunk = await result.fetchChunk();
          if (chunk === null || chunk.rowCount === 0) break;
          rows += chunk.rowCount;
        }
        if (rows !== ROWS) throw new Error(`fetchChunk gave ${rows} rows, expected ${ROWS}`);
        return performance.now() - start;
      } finally {
        raw.closeSync();
        instance.closeSync();
      }
    };

    await exportArrow(); // warm-up: the file into the OS cache, the code paths compiled
    await fetchChunks();
    const arrowTimes: number[] = [];
    const chunkTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      if (i % 2 === 0) {
        arrowTimes.push(await exportArrow());
        chunkTimes.push(await fetchChunks());
      } else {
        chunkTimes.push(await fetchChunks());
        arrowTimes.push(await exportArrow());
      }
    }
    // Rates, so the ratio reads as the "≥ 0.8× fetchChunk's rate": fetchChunk time / export time.
    const ratio = pairedRatio(chunkTimes, arrowTimes);
    console.log(`export of "${table.name}", ${ROWS.toLocaleString('en')} rows, ${RUNS} paired runs (medians):`);
    console.log(`  streamDataset → Arrow   ${median(arrowTimes).toFixed(0)} ms  ${rate(median(arrowTimes)).toFixed(1)} M rows/s`);
    console.log(`  DuckDB fetchChunk only  ${median(chunkTimes).toFixed(0)} ms  ${rate(median(chunkTimes)).toFixed(1)} M rows/s`);
    console.log(`  rate ratio (median of paired ratios) ${ratio.toFixed(2)}× (target ≥ 0.8×)`);
    writeBenchResult({
      package: '@thund/backend-native', bench: `arrow-export-${table.name}`, title: `Arrow export of ${table.label}: streamDataset vs DuckDB's fetchChunk`,
      script: 'tsx --conditions=thund-source bench/arrow-export.ts', settings: ['THUND_BENCH_ROWS', 'THUND_BENCH_RUNS'],
      parameters: { rows: ROWS, runs: RUNS },
      series: [
        { label: 'streamDataset → Arrow record batches', unit: 'ms', values: arrowTimes, median: median(arrowTimes) },
        { label: 'DuckDB fetchChunk, values untouched', unit: 'ms', values: chunkTimes, median: median(chunkTimes), reference: true },
      ],
      ratios: [{ label: 'streamDataset rate / fetchChunk rate', value: ratio, basis: 'median of paired ratios' }],
      rss: { mib: process.resourceUsage().maxRSS / 1024, of: 'the bench process (both readers, one at a time; flat RSS over 100M rows: memory-100m.ts)' },
      figures: [
        { label: 'streamDataset rate (median)', value: `${rate(median(arrowTimes)).toFixed(1)} M rows/s` },
        { label: 'fetchChunk rate (median)', value: `${rate(median(chunkTimes)).toFixed(1)} M rows/s` },
      ],
      targets: [{ text: 'streamDataset ≥ 0.8× the rate of fetchChunk (median of paired ratios)', met: ratio >= 0.8 }],
      versions: { duckdb: version() },
    });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
