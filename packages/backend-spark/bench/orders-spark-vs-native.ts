// Times examples/orders (without its batch-fed sink, which SDP cannot run) on native and on Spark, same data.
// Run: THUND_SPARK_REMOTE=sc://127.0.0.1:15002 npx tsx bench/orders-spark-vs-native.ts  (or node --experimental-strip-types);
// part of `pnpm bench`, which records it as not run when THUND_SPARK_REMOTE is not set.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNativeBackend } from '@thund/backend-native';
import { type ExecBackend, type Pipeline, parsePipeline } from '@thund/ir';
import { SparkConnectSession, createSparkBackend } from '../src/index.js';
import { pairedRatio, writeBenchNotRun, writeBenchResult } from '../../../scripts/bench/results.mjs';

const ORDERS = join(import.meta.dirname, '..', '..', '..', 'examples', 'orders');
const orders = parsePipeline(JSON.parse(readFileSync(join(ORDERS, 'pipeline.json'), 'utf8')));
const p: Pipeline = { ...orders, datasets: orders.datasets.filter((d) => d.type !== 'sink'), flows: orders.flows.filter((f) => f.name !== 'export_daily_revenue') };
const runs = Number(process.env['RUNS'] ?? 3);

async function time(backend: ExecBackend): Promise<number> {
  const started = performance.now();
  const handle = backend.run(p);
  for await (const _ of handle) { /* drain */ }
  const result = await handle.result;
  if (result.status !== 'completed') throw new Error(JSON.stringify(result.error));
  return performance.now() - started;
}

const workload = {
  package: '@thund/backend-spark', bench: 'orders-spark-vs-native', title: 'examples/orders on the Spark backend vs the native backend',
  script: 'tsx --conditions=thund-source bench/orders-spark-vs-native.ts', settings: ['THUND_SPARK_REMOTE', 'RUNS'],
};
const remote = process.env['THUND_SPARK_REMOTE'];
if (remote === undefined) {
  console.log('orders, Spark vs native: skipped (set THUND_SPARK_REMOTE to a local Spark Connect server)');
  writeBenchNotRun(workload, 'THUND_SPARK_REMOTE is not set; tools/spark/start.sh starts a local Spark Connect server');
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'thund-bench-'));
cpSync(ORDERS, dir, { recursive: true });
const native = createNativeBackend({ baseDir: dir });
const connectStart = performance.now();
const spark = await createSparkBackend({ baseDir: dir, database: `thund_bench${process.pid}` });
const connectMs = performance.now() - connectStart;
const nativeMs: number[] = [];
const sparkMs: number[] = [];
for (let i = 0; i < runs; i += 1) {
  nativeMs.push(await time(native));
  sparkMs.push(await time(spark));
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(JSON.stringify({ runs, sparkConnectMs: Math.round(connectMs), nativeMs: nativeMs.map(Math.round), sparkMs: sparkMs.map(Math.round), nativeMedianMs: Math.round(median(nativeMs)), sparkMedianMs: Math.round(median(sparkMs)) }));
const session = SparkConnectSession.connect(remote);
const sparkVersion = await session.sparkVersion().finally(() => session.close());
writeBenchResult({
  ...workload,
  parameters: { runs, 'Spark Connect server': remote },
  series: [
    { label: 'Þund on Spark', unit: 'ms', values: sparkMs, median: median(sparkMs) },
    { label: 'Þund on native (DuckDB)', unit: 'ms', values: nativeMs, median: median(nativeMs), reference: true },
  ],
  ratios: [
    { label: 'Spark / native', value: median(sparkMs) / median(nativeMs), basis: 'ratio of medians' },
    { label: 'Spark / native', value: pairedRatio(sparkMs, nativeMs), basis: 'median of paired ratios' },
  ],
  rss: { mib: process.resourceUsage().maxRSS / 1024, of: 'the bench process (the Spark client and native DuckDB)' },
  figures: [{ label: 'Spark Connect session start', value: `${Math.round(connectMs)} ms` }],
  versions: { spark: sparkVersion },
});
await native.close();
await spark.close();
rmSync(dir, { recursive: true, force: true });
