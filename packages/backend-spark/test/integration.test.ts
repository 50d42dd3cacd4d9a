import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Pipeline, type RunEvent, type RunHandle, type RunResult, col, count, expect as expectation, from, pipeline, readFiles, sql, sum } from '@thund/ir';
import { type SparkBackend, createSparkBackend, tableToRows } from '../src/index.js';

const remote = process.env['THUND_SPARK_REMOTE'];

async function runToEnd(backend: SparkBackend, p: Pipeline): Promise<{ events: RunEvent[]; result: RunResult }> {
  return finish(backend.run(p));
}

async function finish(handle: RunHandle): Promise<{ events: RunEvent[]; result: RunResult }> {
  const events: RunEvent[] = [];
  for await (const event of handle) events.push(event);
  return { events, result: await handle.result };
}

const SCHEMA = [{ name: 'id', type: 'int64' as const }, { name: 'kind', type: 'utf8' as const }, { name: 'amount', type: 'int64' as const }];
const jsonl = (rows: readonly object[]): string => rows.map((r) => JSON.stringify(r)).join('\n');

describe('connection', () => {
  it('a closed local port is a clear THUND_CONNECTION error', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 1));
      });
    });
    await expect(createSparkBackend({ remote: `sc://127.0.0.1:${port}` })).rejects.toMatchObject({
      code: 'THUND_CONNECTION',
      message: expect.stringMatching(new RegExp(`sc://127\\.0\\.0\\.1:${port}: connection refused.*tools/spark/start\\.sh`)),
    });
  });

  it('the retry budget is configurable: attempts and backoff bound how long a refused connection takes to report', async () => {
    const started = performance.now();
    await expect(createSparkBackend({ remote: 'sc://127.0.0.1:1', retry: { attempts: 1, backoffMs: 10 } })).rejects.toMatchObject({
      code: 'THUND_CONNECTION', message: expect.stringMatching(/connection refused \(after 1 attempt/),
    });
    const quick = performance.now() - started;
    const slowStart = performance.now();
    await expect(createSparkBackend({ remote: 'sc://127.0.0.1:1', retry: { attempts: 3, backoffMs: 200 } })).rejects.toMatchObject({ code: 'THUND_CONNECTION' });
    // 200 + 400 + 800 ms of backoff at least.
    expect(performance.now() - slowStart).toBeGreaterThan(1_400);
    expect(quick).toBeLessThan(1_400);
  });
});

describe.runIf(remote !== undefined)('integration: a real Spark Connect server', () => {
  let backend: SparkBackend;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'thund-spark-it-'));
    backend = await createSparkBackend({ remote: remote as string, baseDir: dir, database: `thund_it${process.pid}` });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the server version into the capabilities', () => {
    expect(backend.capabilities().version).toMatch(/^spark 4\.3/);
  });

  it('runs a batch pipeline: temporary view → table → materialized view, rows read back', async () => {
    writeFileSync(join(dir, 'sales.jsonl'), jsonl([{ id: 1, kind: 'a', amount: 10 }, { id: 2, kind: 'b', amount: 5 }, { id: 3, kind: 'a', amount: 7 }, { id: 4, kind: null, amount: 1 }]));
    const p = pipeline('it_batch')
      .temporaryView('sales', { query: readFiles('json', 'sales.jsonl', { schema: SCHEMA }) })
      .table('known', { query: from('sales').filter(col('kind').isNotNull()) })
      .materializedView('by_kind', { query: from('known').groupBy('kind').agg(sum('amount').as('total'), count().as('n')) })
      .build();
    const { events, result } = await runToEnd(backend, p);
    expect(result.status, JSON.stringify(result.error)).toBe('completed');
    expect(result.flows.map((f) => [f.name, f.phase, f.rowsWritten])).toEqual([['sales', 'completed', undefined], ['known', 'completed', 3], ['by_kind', 'completed', 2]]);
    const phases = events.filter((e) => e.element.name === 'by_kind' && e.phase !== undefined).map((e) => e.phase);
    expect(phases).toEqual(['queued', 'planning', 'running', 'completed']);
    expect(tableToRows(await backend.readDataset('by_kind')).map((r) => ({ ...r, total: Number(r['total']), n: Number(r['n']) }))).toEqual(
      expect.arrayContaining([{ kind: 'a', total: 17, n: 2 }, { kind: 'b', total: 5, n: 1 }]),
    );
    await expect(backend.readDataset('sales')).rejects.toMatchObject({ code: 'THUND_SOURCE' });
  });

  it('a streaming table over a directory of JSON files picks up new files on the next run', async () => {
    const inbox = join(dir, 'inbox');
    mkdirSync(inbox);
    writeFileSync(join(inbox, '1.json'), jsonl([{ id: 1, kind: 'a', amount: 1 }, { id: 2, kind: 'b', amount: 2 }]));
    const p = pipeline('it_stream')
      .streamingTable('events', { query: readFiles('json', 'inbox', { schema: SCHEMA }) })
      .materializedView('event_count', { query: from('events').agg(count().as('n')) })
      .build();
    const first = await runToEnd(backend, p);
    expect(first.result.status, JSON.stringify(first.result.error)).toBe('completed');
    expect(tableToRows(await backend.readDataset('events'))).toHaveLength(2);
    writeFileSync(join(inbox, '2.json'), jsonl([{ id: 3, kind: 'a', amount: 3 }]));
    const second = await runToEnd(backend, p);
    expect(second.result.status).toBe('completed');
    expect(tableToRows(await backend.readDataset('events')).map((r) => Number(r['id'])).sort()).toEqual([1, 2, 3]);
    expect(Number(tableToRows(await backend.readDataset('event_count'))[0]?.['n'])).toBe(3);
  });

  it('full refresh reprocesses every file from an empty table (counts too); a dry run writes nothing', async () => {
    const inbox = join(dir, 'refresh_inbox');
    mkdirSync(inbox);
    writeFileSync(join(inbox, '1.json'), jsonl([{ id: 1, kind: 'a', amount: 1 }, { id: 2, kind: 'b', amount: 20 }]));
    const p = pipeline('it_refresh')
      .streamingTable('small', { query: readFiles('json', 'refresh_inbox', { schema: SCHEMA }), expectations: [expectation('below_10', col('amount').lt(10), 'warn')] })
      .build();
    expect((await runToEnd(backend, p)).result.flows).toEqual([
      { name: 'small', phase: 'completed', rowsWritten: 2, expectations: [{ name: 'below_10', action: 'warn', passed: 1, failed: 1 }] },
    ]);
    writeFileSync(join(inbox, '2.json'), jsonl([{ id: 3, kind: 'a', amount: 3 }]));
    const refreshed = await finish(backend.run(p, { fullRefresh: true }));
    expect(refreshed.result.flows).toEqual([
      { name: 'small', phase: 'completed', rowsWritten: 3, expectations: [{ name: 'below_10', action: 'warn', passed: 2, failed: 1 }] },
    ]);
    expect(tableToRows(await backend.readDataset('small')).map((r) => Number(r['id'])).sort()).toEqual([1, 2, 3]);

    const dry = pipeline('it_dry').materializedView('never_written', { query: sql('spark', 'SELECT id FROM range(3)') }).build();
    const dryRun = await finish(backend.run(dry, { dryRun: true }));
    expect(dryRun.result.status).toBe('completed');
    await expect(backend.readDataset('never_written')).rejects.toMatchObject({ code: 'THUND_SOURCE' });
  });

  it('a dry run of an append-once flow analyses its query without staging it (Spark refuses a stream of a missing directory); its mistakes fail it', async () => {
    const inbox = join(dir, 'dry_once_inbox');
    mkdirSync(inbox);
    writeFileSync(join(inbox, '1.json'), jsonl([{ id: 1, kind: 'a', amount: 1 }]));
    const once = (query: Parameters<ReturnType<typeof pipeline>['flow']>[1]['query']) => pipeline('it_dry_once')
      .table('landed', {})
      .flow('backfill', { kind: 'append_once', target: 'landed', query })
      .materializedView('landed_count', { query: from('landed').groupBy().agg(count().as('n')) })
      .build();
    const dry = await finish(backend.run(once(readFiles('json', 'dry_once_inbox', { schema: SCHEMA })), { dryRun: true }));
    expect(dry.result.status, JSON.stringify(dry.result.error)).toBe('completed');
    expect(existsSync(join(dir, '.thund', 'spark', 'it_dry_once'))).toBe(false);
    await expect(backend.readDataset('landed')).rejects.toMatchObject({ code: 'THUND_SOURCE' });

    const broken = await finish(backend.run(once(sql('spark', 'SELECT no_such_column FROM range(1)')), { dryRun: true }));
    expect(broken.result.status).toBe('failed');
    expect(broken.result.flows.find((f) => f.name === 'backfill')).toMatchObject({ phase: 'failed', error: { code: 'THUND_ENGINE' } });
    expect(existsSync(join(dir, '.thund', 'spark', 'it_dry_once'))).toBe(false);
  });

  it('a Spark analysis error fails its flow with THUND_ENGINE and Spark’s class; the rest do not run or complete', async () => {
    const p = pipeline('it_analysis')
      .materializedView('fine', { query: sql('spark', 'SELECT id FROM range(3)') })
      .materializedView('broken', { query: sql('spark', 'SELECT nonexistent_col FROM range(3)') })
      .build();
    const { events, result } = await runToEnd(backend, p);
    expect(result.status).toBe('failed');
    const broken = result.flows.find((f) => f.name === 'broken');
    expect(broken?.phase).toBe('failed');
    expect(broken?.error).toMatchObject({ code: 'THUND_ENGINE', engineClass: expect.stringMatching(/^UNRESOLVED_COLUMN/) });
    expect(events.some((e) => e.element.name === 'broken' && e.phase === 'failed' && /nonexistent_col/.test(e.message))).toBe(true);
    expect(result.flows.every((f) => f.phase === 'failed' || f.phase === 'cancelled' || f.phase === 'completed')).toBe(true);
  });

  it('check rejects other SQL dialects and expectations on CDC flows, all at once, before any command; CDC and a batch-fed sink are admitted', async () => {
    const p: Pipeline = {
      version: 1,
      name: 'it_rejected',
      datasets: [
        { name: 'src', type: 'materialized_view' },
        { name: 'cdc_target', type: 'table' },
        { name: 'out', type: 'sink', format: 'json', location: 'out' },
      ],
      flows: [
        { name: 'src', target: 'src', kind: 'batch', query: sql('duckdb', 'SELECT 1 AS id').node },
        { name: 'apply', target: 'cdc_target', kind: 'cdc', query: from('src').node, cdc: { keys: ['id'], sequenceBy: 'id', scdType: 1 }, expectations: [{ name: 'has_id', action: 'drop', predicate: { kind: 'unary', op: 'is_not_null', expr: { kind: 'column', name: 'id' } } }] },
        { name: 'export', target: 'out', kind: 'batch', query: from('src').node },
      ],
    };
    const report = backend.check(p);
    expect(report.violations.map((v) => [v.element.name, v.feature, v.value])).toEqual([
      ['src', 'sql_dialect', 'duckdb'],
      ['apply', 'cdc', 'expectations'],
    ]);
    expect(report.violations[1]?.message).toMatch(/does not run expectations on CDC flows yet, used by flow "apply"/);
    const { result } = await runToEnd(backend, p);
    expect(result.error?.code).toBe('THUND_UNSUPPORTED');
  });
});
