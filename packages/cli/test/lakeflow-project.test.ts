import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatasetRows, ExecBackend, Pipeline } from '@thund/ir';
import { loadSqlProject } from '@thund/sql';
import { createScratchBackend } from '../src/backends.js';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

/*
 * A pipeline written in the Lakeflow (DLT) dialect as people write it: a
 * notebook export with cells and no semicolons, LIVE tables and prefixes,
 * cloud_files, APPLY CHANGES INTO, SET and USE, a key constraint, CLUSTER
 * BY, double-quoted strings, a %sql cell, CREATE VIEW, * EXCEPT, GROUP BY
 * ALL and subqueries. It runs unchanged and gives the rows worked out by
 * hand below, on native (and on Spark when a server is given).
 */

const remote = process.env['THUND_SPARK_REMOTE'];
const fixture = join(dirname(fileURLToPath(import.meta.url)), 'lakeflow-project');
const temp = mkdtempSync(join(tmpdir(), 'thund-lakeflow-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Each dataset's rows, sorted, as JSON values (integers as numbers). */
const EXPECTED: Readonly<Record<string, readonly unknown[]>> = {
  // Six changes landed, the one without an id too (the bronze table keeps everything).
  customers_raw: [
    { id: 1, name: 'Ada', email: 'ada@example.com', operation: 'APPEND', operation_date: 1 },
    { id: 2, name: 'Bob', email: 'bob@example.com', operation: 'APPEND', operation_date: 1 },
    { id: 2, name: 'Bobby', email: 'bobby@example.com', operation: 'UPDATE', operation_date: 2 },
    { id: 3, name: 'Cyd', email: 'cyd@example.com', operation: 'APPEND', operation_date: 1 },
    { id: 3, name: 'Cyd', email: 'cyd@example.com', operation: 'DELETE', operation_date: 3 },
    { id: null, name: 'Nobody', email: null, operation: 'APPEND', operation_date: 1 },
  ],
  // Bob was renamed, Cyd deleted; the change columns are not stored.
  customers: [
    { id: 1, name: 'Ada', email: 'ada@example.com' },
    { id: 2, name: 'Bobby', email: 'bobby@example.com' },
  ],
  orders_raw: [
    { order_id: 10, customer_id: 1, amount: 100, status: 'shipped' },
    { order_id: 11, customer_id: 1, amount: 50, status: 'open' },
    { order_id: 12, customer_id: 2, amount: 300, status: 'shipped' },
    { order_id: 13, customer_id: 3, amount: 20, status: 'open' },
    { order_id: 14, customer_id: 9, amount: 70, status: 'open' },
  ],
  customer_orders: [
    { name: 'Ada', status: 'open', total: 50, orders: 1 },
    { name: 'Ada', status: 'shipped', total: 100, orders: 1 },
    { name: 'Bobby', status: 'shipped', total: 300, orders: 1 },
  ],
  // The only order above the average (108) is Bobby's.
  big_spenders: [{ id: 2, name: 'Bobby' }],
  order_statuses: [{ status: 'open' }, { status: 'shipped' }],
};

function plain(rows: DatasetRows): unknown[] {
  const values = rows.rows.map((row) => JSON.parse(JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))) as unknown);
  return values.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function runAndRead(backend: ExecBackend, pipeline: Pipeline): Promise<void> {
  const handle = backend.run(pipeline);
  for await (const _ of handle) { /* the result says how it ended */ }
  const result = await handle.result;
  expect(result.status, result.flows.map((f) => `${f.name}: ${f.phase} ${f.error?.message ?? ''}`).join('\n')).toBe('completed');
  for (const [dataset, expected] of Object.entries(EXPECTED)) {
    const rows = await (backend.readRows as NonNullable<ExecBackend['readRows']>)(dataset);
    expect(plain(rows), dataset).toEqual([...expected].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));
  }
}

describe('a Lakeflow notebook export runs unchanged', () => {
  it('thund check reads every statement', async () => {
    const dir = join(temp, 'check');
    cpSync(fixture, dir, { recursive: true });
    const io = captureIo(dir);
    expect(await main(['check', '.'], io), io.err()).toBe(0);
    expect(io.out()).toContain('(7 datasets, 7 flows)');
  });

  it('on native, with the rows worked out by hand', async () => {
    const dir = join(temp, 'native');
    cpSync(fixture, dir, { recursive: true });
    const { pipeline } = await loadSqlProject(dir);
    const native = await createScratchBackend('native', { baseDir: dir }, 'unused', dir);
    try {
      await runAndRead(native.backend, { ...pipeline, storage: join(dir, 'storage') });
    } finally {
      await native.backend.close?.();
    }
  }, 120_000);

  it.runIf(remote !== undefined)('on Spark, with the same rows', async () => {
    const dir = join(temp, 'spark');
    cpSync(fixture, dir, { recursive: true });
    const { pipeline } = await loadSqlProject(dir);
    const database = `lakeflow_${process.pid}`;
    const spark = await createScratchBackend('spark', { baseDir: dir, remote: remote as string }, database, dir);
    try {
      await runAndRead(spark.backend, { ...pipeline, database, storage: join(dir, 'storage') });
    } finally {
      await spark.dispose().catch(() => undefined);
      await spark.backend.close?.();
    }
  }, 300_000);
});
