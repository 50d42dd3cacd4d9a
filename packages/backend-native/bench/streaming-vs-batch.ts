/**
 * Streaming throughput of the native backend against one batch query on raw
 * DuckDB: a tumbling-window aggregation (1 minute windows, per key: sum,
 * count, max) over ROWS rows in FILES parquet files of a directory.
 *
 *   pnpm bench:streaming                        # 10M rows in 100 files
 *   THUND_BENCH_ROWS=1000000 pnpm bench:streaming
 *
 * Streaming runs twice per round: one micro-batch per file (FILES epochs,
 * which measures per-epoch overhead) and available-now with no per-epoch
 * limit (one epoch). Both commit state, offsets and output exactly once to a
 * DuckDB file; the raw query writes its result to an in-memory table.
 * Rounds alternate; medians are reported, and every run's output is checked
 * against the batch result.
 */
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { count, max, pipeline, readFiles, sum } from '@thund/ir';
import { createNativeBackend, quoteString } from '../src/index.js';

const ROWS = Number(process.env['THUND_BENCH_ROWS'] ?? 10_000_000);
const FILES = Number(process.env['THUND_BENCH_FILES'] ?? 100);
const ROUNDS = Math.max(1, Number(process.env['THUND_BENCH_RUNS'] ?? 3));
const KEYS = 100;
const STEP_MS = 10; // event time advances 10 ms per row: 10M rows span ~28 hours, 1667 windows

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const rate = (rows: number, millis: number): string => `${((rows / millis) * 1000 / 1e6).toFixed(2)} M rows/s`;

const dir = await mkdtemp(join(tmpdir(), 'thund-stream-bench-'));
try {
  const input = join(dir, 'in');
  await mkdir(input);
  const raw = await DuckDBInstance.create(':memory:');
  const rawConnection = await raw.connect();
  let t = performance.now();
  const perFile = Math.ceil(ROWS / FILES);
  for (let f = 0; f < FILES; f++) {
    const from = f * perFile;
    const to = Math.min(ROWS, from + perFile);
    await rawConnection.run(`COPY (
      SELECT range AS id, TIMESTAMP '2024-01-01' + to_milliseconds(range * ${STEP_MS}) AS ts, range % ${KEYS} AS k, (range * 7919) % 1000 AS v
      FROM range(${from}, ${to})) TO ${quoteString(join(input, `part-${String(f).padStart(5, '0')}.parquet`))} (FORMAT parquet)`);
  }
  console.log(`generated ${ROWS.toLocaleString('en')} rows in ${FILES} files in ${ms(performance.now() - t)} → ${input}`);

  const rawSql = `CREATE OR REPLACE TABLE windows AS
    SELECT time_bucket(INTERVAL 1 MINUTE, ts, TIMESTAMP '1970-01-01') AS window_start, time_bucket(INTERVAL 1 MINUTE, ts, TIMESTAMP '1970-01-01') + INTERVAL 1 MINUTE AS window_end,
           k, sum(v) AS total, count(*) AS n, max(id) AS last_id
    FROM read_parquet(${quoteString(join(input, '*.parquet'))}) GROUP BY ALL`;
  const runRaw = async (): Promise<number> => {
    const start = performance.now();
    await rawConnection.run(rawSql);
    return performance.now() - start;
  };

  const p = pipeline('stream_bench', { storage: join(dir, 'state') })
    .streamingTable('windows', {
      query: readFiles('parquet', input).groupBy('k').agg(sum('v').as('total'), count().as('n'), max('id').as('last_id')),
      watermark: { column: 'ts', delay: '10s' },
      window: { kind: 'tumbling', size: '1m' },
      outputMode: 'append',
    })
    .build();
  // Append mode emits a window once the watermark (max ts - 10 s) passes its end: all but the last window.
  const [expectedRows, expectedTotal] = (await rawConnection.runAndReadAll(`SELECT count(*), sum(total) FROM (${rawSql.replace(/^CREATE OR REPLACE TABLE windows AS/, '')}) WHERE window_end <= (SELECT max(ts) - INTERVAL 10 SECOND FROM read_parquet(${quoteString(join(input, '*.parquet'))}))`)).getRows()[0] as [bigint, bigint];

  const runStreaming = async (maxFilesPerEpoch: number | undefined): Promise<{ total: number; epochs: number; epochMs: number[] }> => {
    const backend = createNativeBackend({ baseDir: dir, ...(maxFilesPerEpoch === undefined ? {} : { maxFilesPerEpoch }) });
    try {
      const start = performance.now();
      const handle = backend.run(p, { fullRefresh: true });
      const epochMs: number[] = [];
      for await (const event of handle) if (event.details?.epoch !== undefined) epochMs.push(event.details.durationMs ?? 0);
      const result = await handle.result;
      const total = performance.now() - start;
      if (result.status !== 'completed') throw new Error(`streaming run ${result.status}: ${result.error?.message ?? ''}`);
      const table = await backend.readDataset('windows');
      const sumTotal = table.toArray().reduce((acc: bigint, row: { total: bigint | number }) => acc + BigInt(row.total), 0n);
      if (BigInt(table.numRows) !== expectedRows || sumTotal !== expectedTotal) throw new Error(`streaming result ${table.numRows} rows / ${sumTotal}, expected ${expectedRows} / ${expectedTotal}`);
      return { total, epochs: epochMs.length, epochMs };
    } finally {
      await backend.close();
    }
  };

  await runRaw(); // warm-up (OS cache)
  const rawTimes: number[] = [];
  const perFileRuns: { total: number; epochs: number; epochMs: number[] }[] = [];
  const allNowRuns: { total: number; epochs: number; epochMs: number[] }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rawTimes.push(await runRaw());
    perFileRuns.push(await runStreaming(1));
    allNowRuns.push(await runStreaming(undefined));
  }
  const rawMedian = median(rawTimes);
  const perFileMedian = median(perFileRuns.map((r) => r.total));
  const allNow = median(allNowRuns.map((r) => r.total));
  const epochs = perFileRuns[0]?.epochs ?? 0;
  const epochMedian = median(perFileRuns.flatMap((r) => r.epochMs));
  const rawPerFile = rawMedian / FILES;

  console.log(`\ntumbling 1m window aggregation, ${ROWS.toLocaleString('en')} rows, ${FILES} files, ${expectedRows} windows emitted (${ROUNDS} rounds, medians)`);
  console.log(`  raw DuckDB, one batch query        ${ms(rawMedian).padStart(10)}  ${rate(ROWS, rawMedian)}   runs: ${rawTimes.map((x) => x.toFixed(0)).join(', ')}`);
  console.log(`  Þund streaming, 1 epoch/file       ${ms(perFileMedian).padStart(10)}  ${rate(ROWS, perFileMedian)}   ${epochs} epochs, median epoch ${ms(epochMedian)}`);
  console.log(`  Þund streaming, available-now      ${ms(allNow).padStart(10)}  ${rate(ROWS, allNow)}   ${allNowRuns[0]?.epochs ?? 0} epoch(s)`);
  console.log(`  per-epoch overhead                 ${ms((perFileMedian - rawMedian) / Math.max(1, epochs))} (streaming time beyond the batch query, per epoch; batch share per file ${ms(rawPerFile)})`);
  console.log(`  ratio streaming / batch            ${(perFileMedian / rawMedian).toFixed(2)}× (1 epoch per file), ${(allNow / rawMedian).toFixed(2)}× (available-now); target ≤ 2×`);
  const best = (xs: readonly number[]): number => Math.min(...xs);
  const rawBest = best(rawTimes);
  console.log(`  ratio of best runs (less noise)    ${(best(perFileRuns.map((r) => r.total)) / rawBest).toFixed(2)}× (1 epoch per file), ${(best(allNowRuns.map((r) => r.total)) / rawBest).toFixed(2)}× (available-now); best batch ${ms(rawBest)}`);
  console.log(`\npeak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
  rawConnection.closeSync();
  raw.closeSync();
} finally {
  await rm(dir, { recursive: true, force: true });
}
