// Times examples/orders (without its batch-fed sink, which SDP cannot run) on native and on Spark, same data.
// Run: THUND_SPARK_REMOTE=sc://127.0.0.1:15002 npx tsx bench/orders-spark-vs-native.ts  (or node --experimental-strip-types)
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNativeBackend } from '@thund/backend-native';
import { type ExecBackend, type Pipeline, parsePipeline } from '@thund/ir';
import { createSparkBackend } from '../src/index.js';

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
await native.close();
await spark.close();
rmSync(dir, { recursive: true, force: true });
