import { describe, expect, it } from 'vitest';
import { ALL_FUNCTION_NAMES, RELATION_KINDS, capabilitiesFromJson, capabilitiesToJson, col, from, pipeline, readFiles, sql, sum } from '@thund/ir';
import { NativeBackend, createNativeBackend } from '../src/index.js';
import { phasesOf, rowsOf, runToEnd, terminalEvent, useBackends } from './support/helpers.js';

describe('NativeBackend', () => {
  const backend = useBackends();

  it('declares its capabilities truthfully', () => {
    const capabilities = createNativeBackend().capabilities();
    expect(capabilities).toMatchObject({
      name: 'native', batch: true, streaming: true, eventTime: true, batchSinks: true,
      datasetTypes: ['materialized_view', 'table', 'temporary_view', 'sink'],
      expectations: ['warn', 'drop', 'fail'], sqlDialects: ['duckdb'], fileFormats: ['csv', 'json', 'parquet'],
      cdcScdTypes: [1, 2], windowKinds: ['tumbling', 'hopping', 'session'], outputModes: ['append', 'update', 'complete'],
      triggers: ['available_now', 'once', 'processing_time'],
    });
    expect([...capabilities.relations].sort()).toEqual([...RELATION_KINDS].sort());
    expect([...capabilities.functions].sort()).toEqual([...ALL_FUNCTION_NAMES].sort());
    expect(capabilitiesFromJson(capabilitiesToJson(capabilities))).toEqual(capabilities);
  });

  it('freezes its config and resolves defaults', () => {
    const b = new NativeBackend({ baseDir: '/tmp/x', maxConcurrency: 2 });
    expect(b.config).toEqual({ database: ':memory:', persist: false, baseDir: '/tmp/x', maxConcurrency: 2, duckdb: {}, sources: {}, maxFilesPerEpoch: Number.POSITIVE_INFINITY, sandbox: false });
    expect(Object.isFrozen(b.config)).toBe(true);
    expect(new NativeBackend({ baseDir: '/tmp/x', database: 'db/thund.duckdb' }).config.database).toBe('/tmp/x/db/thund.duckdb');
  });

  it('plan() returns each flow\'s DuckDB SQL and write statement without opening a database', () => {
    const p = pipeline('plan')
      .materializedView('orders', { query: readFiles('csv', 'orders.csv') })
      .table('log')
      .flow('log_big', { target: 'log', query: from('orders').filter(col('amount').gt(5)) })
      .sink('out', { format: 'parquet', location: 'out/totals.parquet' })
      .flow('export', { target: 'out', query: from('orders').groupBy('customer').agg(sum('amount').as('total')) })
      .build();
    const plans = new NativeBackend({ baseDir: '/data' }).plan(p);
    expect(plans).toEqual([
      { flow: 'orders', target: 'orders', datasetType: 'materialized_view', sql: `SELECT * FROM read_csv('/data/orders.csv', header=true, delim=',', quote='"', escape='"', strict_mode=true)`, write: `CREATE OR REPLACE TABLE "orders" AS SELECT * FROM read_csv('/data/orders.csv', header=true, delim=',', quote='"', escape='"', strict_mode=true)` },
      { flow: 'log_big', target: 'log', datasetType: 'table', sql: 'SELECT * FROM "orders" WHERE ("amount" > 5)', write: 'INSERT INTO "log" BY NAME SELECT * FROM "orders" WHERE ("amount" > 5)' },
      { flow: 'export', target: 'out', datasetType: 'sink', sql: 'SELECT "customer", sum("amount") AS "total" FROM "orders" GROUP BY "customer"', write: `COPY (SELECT "customer", sum("amount") AS "total" FROM "orders" GROUP BY "customer") TO '/data/out/totals.parquet' (FORMAT parquet)` },
    ]);
  });

  it('runs independent flows concurrently and dependent ones in order, with a full event lifecycle', async () => {
    const b = backend({ maxConcurrency: 4 });
    const slow = (name: string) => sql('duckdb', `SELECT '${name}' AS name, count(*) AS n FROM range(30000000) WHERE range % 7 = 0`);
    const p = pipeline('concurrent')
      .materializedView('a', { query: slow('a') })
      .materializedView('b', { query: slow('b') })
      .materializedView('both', { query: from('a').union(from('b')).orderBy('name') })
      .build();
    const { result, events } = await runToEnd(b, p);
    expect(result.status).toBe('completed');
    for (const name of ['a', 'b', 'both']) expect(phasesOf(events, name)).toEqual(['queued', 'planning', 'running', 'completed']);
    const index = (name: string, phase: string) => events.findIndex((e) => e.element.name === name && e.phase === phase);
    // a and b overlap: each starts running before the other completes.
    expect(index('a', 'running')).toBeLessThan(index('b', 'completed'));
    expect(index('b', 'running')).toBeLessThan(index('a', 'completed'));
    expect(index('both', 'planning')).toBeGreaterThan(Math.max(index('a', 'completed'), index('b', 'completed')));
    expect(phasesOf(events, 'concurrent', 'pipeline')).toEqual(['planning', 'running', 'completed']);
    expect(terminalEvent(events, 'both')?.details).toMatchObject({ rowsWritten: 2, durationMs: expect.any(Number) });
    expect(rowsOf(await b.readDataset('both'))).toEqual([{ name: 'a', n: 4285715 }, { name: 'b', n: 4285715 }]);
    expect(events.every((e) => e.runId === result.runId)).toBe(true);
  });

  it('a dry run plans every flow and writes nothing', async () => {
    const b = backend();
    const p = pipeline('dry').materializedView('x', { query: sql('duckdb', 'SELECT 1 AS one') }).build();
    const result = await b.run(p, { dryRun: true }).result;
    expect(result).toMatchObject({ status: 'completed', flows: [{ name: 'x', phase: 'completed', rowsWritten: 0 }] });
    await expect(b.readDataset('x')).rejects.toMatchObject({ code: 'THUND_SOURCE' });
  });
});
