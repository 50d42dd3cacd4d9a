// Resource limits: a 100M-row native run, then streaming the 100M-row result back,
// measuring peak RSS. Rows via THUND_BENCH_ROWS (default 100M); DuckDB memory
// limit via THUND_BENCH_MEMORY_LIMIT (default 2GB).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { version } from '@duckdb/node-api';
import { col, count, from, pipeline, sql, sum } from '@thund/ir';
import { createNativeBackend } from '../src/index.js';
import { writeBenchResult } from '../../../scripts/bench/results.mjs';

const rows = Number(process.env['THUND_BENCH_ROWS'] ?? 100_000_000);
const memoryLimit = process.env['THUND_BENCH_MEMORY_LIMIT'] ?? '2GB';
const dir = mkdtempSync(join(tmpdir(), 'thund-mem-'));
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const peak = (): number => process.resourceUsage().maxRSS * 1024;

const backend = createNativeBackend({ database: join(dir, 'bench.duckdb'), baseDir: dir, duckdb: { memory_limit: memoryLimit, temp_directory: join(dir, 'spill') } });
const p = pipeline('memory')
  .table('events', { query: sql('duckdb', `SELECT range AS id, range % 1000 AS customer, (range % 97) * 1.5 AS amount FROM range(${rows})`) })
  .materializedView('per_customer', { query: from('events').filter(col('amount').gt(3)).groupBy('customer').agg(count().as('n'), sum('amount').as('total')) })
  .build();

try {
  const started = performance.now();
  const result = await backend.run(p).result;
  const runMs = performance.now() - started;
  if (result.status !== 'completed') throw new Error(JSON.stringify(result.error ?? result.flows));
  const afterRun = peak();
  let streamed = 0;
  let batches = 0;
  const streamStarted = performance.now();
  for await (const batch of backend.streamDataset('events')) {
    streamed += batch.numRows;
    batches += 1;
  }
  const streamMs = performance.now() - streamStarted;
  console.log(`native run over ${rows.toLocaleString()} rows (memory_limit ${memoryLimit}): ${(runMs / 1000).toFixed(1)} s, ${(rows / (runMs / 1000) / 1e6).toFixed(1)} M rows/s`);
  console.log(`peak RSS after the run: ${mib(afterRun)}`);
  console.log(`streamDataset('events'): ${streamed.toLocaleString()} rows in ${batches} batches, ${(streamMs / 1000).toFixed(1)} s, ${(streamed / (streamMs / 1000) / 1e6).toFixed(1)} M rows/s`);
  const afterStream = peak();
  console.log(`peak RSS after streaming every row back: ${mib(afterStream)} (the result is ${mib(rows * 24)} of raw column data)`);
  if (streamed !== rows) throw new Error(`streamed ${streamed} rows, expected ${rows}`);
  const toMiB = (bytes: number): number => bytes / 1024 / 1024;
  writeBenchResult({
    package: '@thund/backend-native', bench: 'memory-100m', title: `Resource limits: a ${rows.toLocaleString('en')}-row native run and streaming it back`,
    script: 'tsx --conditions=thund-source bench/memory-100m.ts', settings: ['THUND_BENCH_ROWS', 'THUND_BENCH_MEMORY_LIMIT'],
    parameters: { rows, runs: 1, 'DuckDB memory_limit': memoryLimit },
    series: [
      { label: 'peak RSS after the run', unit: 'MiB', values: [toMiB(afterRun)] },
      { label: 'peak RSS after streaming every row back', unit: 'MiB', values: [toMiB(afterStream)] },
      { label: 'raw column data of the result (rows × 24 B)', unit: 'MiB', values: [toMiB(rows * 24)], reference: true },
      { label: 'native run', unit: 's', values: [runMs / 1000] },
      { label: "streamDataset('events')", unit: 's', values: [streamMs / 1000] },
    ],
    rss: { mib: toMiB(afterStream), of: 'the bench process' },
    figures: [
      { label: 'run throughput', value: `${(rows / (runMs / 1000) / 1e6).toFixed(1)} M rows/s` },
      { label: 'streaming throughput', value: `${(streamed / (streamMs / 1000) / 1e6).toFixed(1)} M rows/s in ${batches} batches` },
    ],
    versions: { duckdb: version() },
  });
} finally {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
}
