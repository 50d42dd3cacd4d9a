import { appendFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffRows, writeCaseFiles } from '@thund/backend-testkit';
import { type RunResult, parsePipeline } from '@thund/ir';
import { createSparkBackend } from '../src/index.js';
import { EXAMPLES_DIR, ORDERS_DIR, type Side, both, loadOrders, remote, tempRoot } from './support/differential.js';

// The repository's examples, unchanged, on both engines over two runs with new input between them.
describe.runIf(remote !== undefined)('differential: examples, native vs spark', () => {
  const temp = tempRoot('thund-diff-examples-');
  afterAll(() => temp.remove());

  // examples/customers (append-once backfill, a streaming change feed, CDC SCD 1 and 2) and examples/clickstream (a
  // streaming table, then a watermarked per-minute window over it with count_distinct), unchanged, over two runs with
  // new input files delivered between them.
  const EXAMPLE_RUNS: readonly { readonly name: string; readonly datasets: readonly string[]; readonly more: Readonly<Record<string, string>> }[] = [
    {
      name: 'customers',
      datasets: ['customer_changes', 'customers', 'customer_history', 'customers_by_country'],
      more: {
        'data/changes/batch-0002.json': [
          { customer_id: 4, name: 'Dana', country: 'SE', op: 'UPSERT', seq: 5 },
          { customer_id: 3, name: 'Carol', country: 'NO', op: 'UPSERT', seq: 6 },
          { customer_id: 2, name: 'Bob', country: 'NO', op: 'UPSERT', seq: 7 },
          { customer_id: 1, name: 'Alice', country: 'SE', op: 'UPSERT', seq: 1 },
        ].map((c) => JSON.stringify(c)).join('\n'),
      },
    },
    {
      name: 'clickstream',
      datasets: ['page_events', 'views_per_minute'],
      // The first run leaves the watermark at 10:04:00 (10:04:30 − 30 s). Two rows are late against it (10:03:30 and
      // 10:00:30, dropped although their windows were or were not yet written), one lands in the open 10:04 window, a
      // row without a user is dropped by the ingest expectation, and 10:06:00 moves the watermark past 10:05.
      more: {
        'data/events/part-0003.json': [
          { user_id: 'u2', page: '/checkout', ts: '2026-12-01T10:04:10Z' },
          { user_id: 'u3', page: '/home', ts: '2026-12-01T10:03:30Z' },
          { user_id: null, page: '/home', ts: '2026-12-01T10:04:20Z' },
          { user_id: 'u3', page: '/home', ts: '2026-12-01T10:00:30Z' },
          { user_id: 'u1', page: '/checkout', ts: '2026-12-01T10:04:40Z' },
          { user_id: 'u1', page: '/home', ts: '2026-12-01T10:06:00Z' },
        ].map((c) => JSON.stringify(c)).join('\n'),
      },
    },
  ];
  for (const example of EXAMPLE_RUNS) {
    it(`examples/${example.name}, unchanged: same rows and flow outcomes on both engines over two runs with new input between them`, async () => {
      const source = join(EXAMPLES_DIR, example.name);
      const copy = (engine: string): Side => {
        const workDir = join(temp.path(), example.name, engine);
        cpSync(source, workDir, { recursive: true, filter: (path) => !path.includes('/.thund') && !path.includes('/out') });
        return { workDir, pipeline: parsePipeline(JSON.parse(readFileSync(join(workDir, 'pipeline.json'), 'utf8'))) };
      };
      const sides = { native: copy('native'), spark: copy('spark') };
      // The example names its own database (customers: `crm`); a fresh start means a fresh database on the test server too.
      const database = sides.spark.pipeline.database;
      if (database !== undefined) {
        const admin = await createSparkBackend({ remote: remote as string });
        try {
          await admin.session.sql(`DROP DATABASE IF EXISTS ${database} CASCADE`);
        } finally {
          await admin.close();
        }
      }
      const run = await both(sides, `thund_${example.name}${process.pid}`);
      const compare = async (label: string, results: { n: RunResult; s: RunResult }) => {
        expect(results.n.status, `${label}: native ${JSON.stringify(results.n.error)}`).toBe('completed');
        expect(results.s.status, `${label}: spark ${JSON.stringify(results.s.error)}`).toBe('completed');
        expect(results.s.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]), `${label}: flow outcomes`)
          .toEqual(results.n.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]));
        for (const dataset of example.datasets) {
          const rows = await run.read(dataset);
          expect(rows.spark.length, `${label} ${dataset}`).toBeGreaterThan(0);
          expect(diffRows(rows.spark, rows.native), `${label} ${dataset}`).toEqual([]);
        }
      };
      try {
        await compare('first run', run);
        for (const side of [sides.native, sides.spark]) writeCaseFiles(example.more, side.workDir);
        await compare('second run', await run.again());
      } finally {
        await run.close();
      }
    }, 300_000);
  }

  it('examples/orders, unchanged (its batch-fed Parquet sink included): same rows, flow outcomes and sink files over two runs with new orders between them', async () => {
    const copy = (engine: string): Side => {
      const workDir = join(temp.path(), 'orders', engine);
      // The example as a fresh clone has it: not what running the quick start left in it (out/, .thund/).
      cpSync(ORDERS_DIR, workDir, { recursive: true, filter: (path) => !path.includes('/.thund') && !path.includes('/out') });
      return { workDir, pipeline: loadOrders() };
    };
    const sides = { native: copy('native'), spark: copy('spark') };
    const run = await both(sides, `thund_orders${process.pid}`);
    const compare = async (label: string, results: { n: RunResult; s: RunResult }) => {
      expect(results.n.status, label).toBe('completed');
      expect(results.s.status, `${label}: ${JSON.stringify(results.s.error)}`).toBe('completed');
      expect(results.s.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]), `${label}: flow outcomes`)
        .toEqual(results.n.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]));
      for (const dataset of ['clean_orders', 'daily_revenue', 'daily_revenue_export']) {
        const rows = await run.read(dataset);
        expect(rows.spark.length, `${label} ${dataset}`).toBeGreaterThan(0);
        expect(diffRows(rows.spark, rows.native), `${label} ${dataset}`).toEqual([]);
      }
    };
    try {
      await compare('first run', run);
      const more = '1100,zoe,dk,15.00,2026-12-01 08:00:00\n1101,yan, no ,99.50,2026-12-01 09:30:00\n1102,,SE,-1.00,2026-12-01 10:00:00\n';
      for (const side of [sides.native, sides.spark]) appendFileSync(join(side.workDir, 'data', 'orders.csv'), more);
      const second = await run.again();
      await compare('second run', second);
      expect(second.n.flows.find((f) => f.name === 'export_daily_revenue')?.rowsWritten).toBe(
        (run.n.flows.find((f) => f.name === 'export_daily_revenue')?.rowsWritten ?? 0) + 2,
      );
    } finally {
      await run.close();
    }
  }, 240_000);
});
