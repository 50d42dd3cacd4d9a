import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNativeBackend, tableToRows as nativeRows } from '@thund/backend-native';
import { diffRows, writeCaseFiles } from '@thund/backend-testkit';
import { type RunResult, parsePipeline } from '@thund/ir';
import { createSparkBackend, tableToRows } from '../src/index.js';
import { EXAMPLES_DIR, type Side, remote, runToEnd, tempRoot } from './support/differential.js';

// examples/orders and examples/customers, unchanged, on a Spark standalone cluster started from the
// distribution tools/spark/install.sh installs: a master and two workers, each its own JVM on 127.0.0.1, an
// executor JVM per worker, and a Spark Connect server as the driver (tools/spark/cluster-start.sh). Nothing
// runs in the driver's JVM as in local mode, so anything that assumed one process (relative paths, temp
// files, staged files, ledgers) would show here as different rows or outcomes than native's.
// Runs wherever the Spark suites run (THUND_SPARK_REMOTE set, as under tools/spark/with-server.sh);
// THUND_SPARK_CLUSTER=off skips it.
const TOOLS = join(import.meta.dirname, '..', '..', '..', 'tools', 'spark');
const enabled = remote !== undefined && process.env['THUND_SPARK_CLUSTER'] !== 'off';

interface Cluster {
  readonly remote: string;
  readonly masterUi: string;
  readonly driverUi: string;
}

interface ExecutorSummary {
  readonly id: string;
  readonly hostPort: string;
  readonly isActive: boolean;
  readonly completedTasks: number;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The executors (not the driver) of the cluster's one application, from the driver's REST API. */
async function executors(cluster: Cluster): Promise<ExecutorSummary[]> {
  const [app] = await getJson<{ id: string }[]>(`${cluster.driverUi}/api/v1/applications`);
  if (app === undefined) throw new Error(`no application at ${cluster.driverUi}`);
  const all = await getJson<ExecutorSummary[]>(`${cluster.driverUi}/api/v1/applications/${app.id}/allexecutors`);
  return all.filter((e) => e.id !== 'driver');
}

/** Tasks each executor completed since `before`, by executor id. */
async function tasksSince(cluster: Cluster, before: readonly ExecutorSummary[]): Promise<Record<string, number>> {
  const was = new Map(before.map((e) => [e.id, e.completedTasks]));
  return Object.fromEntries((await executors(cluster)).map((e) => [e.id, e.completedTasks - (was.get(e.id) ?? 0)]));
}

describe.runIf(enabled)('standalone cluster: examples on a master, two workers and Spark Connect as the driver', () => {
  const temp = tempRoot('thund-cluster-');
  const stateDir = () => join(temp.path(), 'cluster');
  let cluster: Cluster | undefined;
  const started = () => {
    if (cluster === undefined) throw new Error('the cluster did not start (see beforeAll)');
    return cluster;
  };

  beforeAll(async () => {
    const t0 = performance.now();
    // The watchdog (OWNER_PID) stops the cluster if this process dies before afterAll.
    await promisify(execFile)(join(TOOLS, 'cluster-start.sh'), [stateDir()], {
      env: { ...process.env, THUND_SPARK_CLUSTER_OWNER_PID: String(process.pid) },
    }).catch((error: { stderr?: string; message: string }) => {
      throw new Error(`tools/spark/cluster-start.sh failed: ${error.stderr ?? error.message}`);
    });
    const env = Object.fromEntries(readFileSync(join(stateDir(), 'cluster.env'), 'utf8').trim().split('\n').map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)];
    }));
    cluster = { remote: env['THUND_SPARK_CLUSTER_REMOTE'], masterUi: env['THUND_SPARK_CLUSTER_MASTER_UI'], driverUi: env['THUND_SPARK_CLUSTER_DRIVER_UI'] } as Cluster;
    console.log(`standalone cluster started in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${cluster.remote}`);
  }, 180_000);

  afterAll(async () => {
    try {
      await promisify(execFile)(join(TOOLS, 'cluster-stop.sh'), [stateDir()]);
    } finally {
      temp.remove();
    }
  }, 60_000);

  it('is a cluster: two ALIVE workers on the master, the driver\'s application on it with one executor JVM per worker', async () => {
    const c = started();
    const master = await getJson<{ workers: { state: string; cores: number }[]; activeapps: { name: string; cores: number }[] }>(`${c.masterUi}/json/`);
    expect(master.workers.filter((w) => w.state === 'ALIVE').map((w) => w.cores)).toEqual([1, 1]);
    expect(master.activeapps.map((a) => [a.name, a.cores])).toEqual([['thund-spark-cluster', 2]]);
    const live = (await executors(c)).filter((e) => e.isActive);
    expect(live).toHaveLength(2);
    expect(new Set(live.map((e) => e.hostPort)).size, 'two executor JVMs, each with its own port').toBe(2);
  });

  /** Both engines over one example, each in its own copy; Spark on the cluster. */
  async function onBoth(name: string, database: string) {
    const c = started();
    const copy = (engine: string): Side => {
      const workDir = join(temp.path(), name, engine);
      cpSync(join(EXAMPLES_DIR, name), workDir, { recursive: true, filter: (path) => !path.includes('/.thund') && !path.includes('/out') });
      return { workDir, pipeline: parsePipeline(JSON.parse(readFileSync(join(workDir, 'pipeline.json'), 'utf8'))) };
    };
    const sides = { native: copy('native'), spark: copy('spark') };
    const native = createNativeBackend({ baseDir: sides.native.workDir });
    const spark = await createSparkBackend({ remote: c.remote, baseDir: sides.spark.workDir, database });
    const runs = async () => {
      const before = await executors(c);
      const [n, s] = await Promise.all([runToEnd(native, sides.native.pipeline), runToEnd(spark, sides.spark.pipeline)]);
      return { n, s, tasks: await tasksSince(c, before) };
    };
    const compare = async (label: string, results: { n: RunResult; s: RunResult; tasks: Record<string, number> }, datasets: readonly string[]) => {
      expect(results.n.status, `${label}: native ${JSON.stringify(results.n.error)}`).toBe('completed');
      expect(results.s.status, `${label}: spark ${JSON.stringify(results.s.error)}`).toBe('completed');
      expect(results.s.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]), `${label}: flow outcomes`)
        .toEqual(results.n.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]));
      for (const dataset of datasets) {
        const rows = { native: nativeRows(await native.readDataset(dataset)), spark: tableToRows(await spark.readDataset(dataset)) };
        expect(rows.spark.length, `${label} ${dataset}`).toBeGreaterThan(0);
        expect(diffRows(rows.spark, rows.native), `${label} ${dataset}`).toEqual([]);
      }
      // The work ran on the executors, both of them: the driver runs no tasks in a cluster.
      console.log(`examples/${name}, ${label}: tasks completed per executor ${JSON.stringify(results.tasks)}`);
      expect(Object.values(results.tasks).filter((n) => n > 0), `${label}: executors that ran tasks`).toHaveLength(2);
    };
    return { sides, runs, compare, close: async () => { await native.close(); await spark.close(); } };
  }

  it('examples/orders, unchanged (batch-fed Parquet sink included): same rows and flow outcomes as native over two runs with new orders between them', async () => {
    const both = await onBoth('orders', `thund_cluster_orders${process.pid}`);
    const datasets = ['clean_orders', 'daily_revenue', 'daily_revenue_export'];
    try {
      await both.compare('first run', await both.runs(), datasets);
      const more = '1100,zoe,dk,15.00,2026-12-01 08:00:00\n1101,yan, no ,99.50,2026-12-01 09:30:00\n1102,,SE,-1.00,2026-12-01 10:00:00\n';
      for (const side of [both.sides.native, both.sides.spark]) appendFileSync(join(side.workDir, 'data', 'orders.csv'), more);
      await both.compare('second run', await both.runs(), datasets);
    } finally {
      await both.close();
    }
  }, 240_000);

  it('examples/customers, unchanged (append-once backfill, streaming change feed, CDC SCD 1 and 2): same rows and flow outcomes as native over two runs with new changes between them', async () => {
    // The example names its own database (crm); the cluster's catalog is fresh (in-memory, started above).
    const both = await onBoth('customers', 'default');
    const datasets = ['customer_changes', 'customers', 'customer_history', 'customers_by_country'];
    try {
      await both.compare('first run', await both.runs(), datasets);
      const more = [
        { customer_id: 4, name: 'Dana', country: 'SE', op: 'UPSERT', seq: 5 },
        { customer_id: 3, name: 'Carol', country: 'NO', op: 'UPSERT', seq: 6 },
        { customer_id: 2, name: 'Bob', country: 'NO', op: 'UPSERT', seq: 7 },
        { customer_id: 1, name: 'Alice', country: 'SE', op: 'UPSERT', seq: 1 },
      ].map((change) => JSON.stringify(change)).join('\n');
      for (const side of [both.sides.native, both.sides.spark]) writeCaseFiles({ 'data/changes/batch-0002.json': more }, side.workDir);
      await both.compare('second run', await both.runs(), datasets);
    } finally {
      await both.close();
    }
  }, 240_000);
});
