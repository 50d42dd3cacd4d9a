import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RunEvent, col, from, pipeline, readFiles, sql } from '@thund/ir';
import { rowsOf, runToEnd, terminalEvent, useBackends, useTempDirs, writeText } from './support/helpers.js';

const noStackTraces = (events: readonly RunEvent[]): void => {
  for (const event of events) {
    expect(event.message).not.toMatch(/\n\s+at /);
    expect(event.details?.error?.message ?? '').not.toMatch(/\n\s+at /);
  }
};

describe('failure isolation', () => {
  const backend = useBackends();

  it('a SQL error fails its flow, cancels what depends on it, and independent flows complete', async () => {
    const p = pipeline('isolation')
      .materializedView('source', { query: sql('duckdb', 'SELECT range AS id FROM range(5)') })
      .materializedView('broken', { query: sql('duckdb', "SELECT CAST(x AS INTEGER) AS n FROM (VALUES ('1'), ('abc')) AS v(x)") })
      .materializedView('down1', { query: from('broken').join(from('source'), { on: col('n').eq(col('id')) }) })
      .materializedView('down2', { query: from('down1').select('n') })
      .materializedView('independent', { query: from('source').filter(col('id').gt(2)) })
      .build();
    const b = backend();
    const { result, events } = await runToEnd(b, p);
    expect(result.status).toBe('failed');
    expect(result.flows.map((f) => [f.name, f.phase])).toEqual([
      ['source', 'completed'], ['broken', 'failed'], ['down1', 'cancelled'], ['down2', 'cancelled'], ['independent', 'completed'],
    ]);
    const broken = terminalEvent(events, 'broken');
    expect(broken).toMatchObject({ phase: 'failed', level: 'error', element: { kind: 'flow', name: 'broken' } });
    expect(broken?.details?.error).toMatchObject({ code: 'THUND_ENGINE', engineClass: 'Conversion Error' });
    expect(broken?.details?.error?.message).toContain("Could not convert string 'abc' to INT32");
    expect(broken?.details?.error?.message).toContain('flow "broken"');
    for (const name of ['down1', 'down2']) {
      expect(terminalEvent(events, name)).toMatchObject({ phase: 'cancelled', details: { reason: 'upstream flow broken failed', error: { code: 'THUND_UPSTREAM_FAILED' } } });
    }
    expect(rowsOf(await b.readDataset('independent'))).toEqual([{ id: 3 }, { id: 4 }]);
    expect(terminalEvent(events, 'isolation', 'pipeline')).toMatchObject({ phase: 'failed', details: { error: { code: 'THUND_ENGINE' } } });
    expect(result.error?.message).toContain('2 completed, 1 failed, 2 cancelled');
    noStackTraces(events);
  });

  it('a pipeline the backend cannot run fails before any data moves, naming every problem', async () => {
    const p = pipeline('unsupported')
      .materializedView('ok', { query: sql('duckdb', 'SELECT 1 AS x') })
      .streamingTable('live', { query: readFiles('json', 'incoming/').union(readFiles('json', 'more/')) })
      .materializedView('sparky', { query: sql('spark', 'SELECT 1') })
      .build();
    const b = backend();
    const { result, events } = await runToEnd(b, p);
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_UNSUPPORTED');
    expect(result.error?.message).toContain('streaming flow "live" reads 2 read_files sources');
    expect(result.error?.message).toContain('SQL dialect "spark"');
    expect(events.filter((e) => e.phase === 'running' || e.phase === 'completed')).toEqual([]);
    expect(terminalEvent(events, 'unsupported', 'pipeline')).toMatchObject({ phase: 'failed', details: { error: { code: 'THUND_UNSUPPORTED' } } });
    expect(result.flows.map((f) => f.phase)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    await expect(b.readDataset('ok')).rejects.toMatchObject({ code: 'THUND_SOURCE' });
    expect(b.check(p).violations.map((v) => v.feature).sort()).toEqual(['sql_dialect', 'streaming']);
  });

  it('an invalid pipeline fails with the validation error', async () => {
    const p = pipeline('invalid').materializedView('a', { query: from('nowhere') }).build();
    const { result, events } = await runToEnd(backend(), p);
    expect(result).toMatchObject({ status: 'failed', error: { code: 'THUND_VALIDATION' } });
    expect(terminalEvent(events, 'invalid', 'pipeline')?.message).toContain('reads "nowhere", which is not a declared dataset');
  });
});

describe('bad input', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('a missing file is a source error of its flow', async () => {
    const dir = await tempDir();
    const p = pipeline('missing').materializedView('orders', { query: readFiles('csv', 'no/such/file.csv') }).build();
    const { result, events } = await runToEnd(backend({ baseDir: dir }), p);
    expect(result.status).toBe('failed');
    const error = terminalEvent(events, 'orders')?.details?.error;
    expect(error?.code).toBe('THUND_SOURCE');
    expect(error?.message).toContain(`No files found that match the pattern "${join(dir, 'no/such/file.csv')}"`);
    noStackTraces(events);
  });

  it('a bad CSV row is a source error naming the line, and a failed MV keeps its previous content', async () => {
    const dir = await tempDir();
    const schema = [{ name: 'id', type: 'int64' as const }, { name: 'name', type: 'utf8' as const }];
    const p = pipeline('bad-csv').materializedView('people', { query: readFiles('csv', 'people.csv', { schema }) }).build();
    const b = backend({ baseDir: dir });
    await writeText(join(dir, 'people.csv'), 'id,name\n1,ann\n2,bob\n');
    expect((await runToEnd(b, p)).result.status).toBe('completed');
    await writeText(join(dir, 'people.csv'), 'id,name\n1,ann\n2,bob\nthree,cy\n4,dan\n');
    const { result, events } = await runToEnd(b, p);
    expect(result.status).toBe('failed');
    const error = terminalEvent(events, 'people')?.details?.error;
    expect(error?.code).toBe('THUND_SOURCE');
    expect(error?.message).toContain('CSV Error on Line: 4');
    expect(error?.message.split('\n').length).toBeLessThanOrEqual(6);
    expect(rowsOf(await b.readDataset('people'))).toEqual([{ id: 1, name: 'ann' }, { id: 2, name: 'bob' }]);
    noStackTraces(events);
  });

  it('a failure mid-query of a first MV run leaves no table behind', async () => {
    const p = pipeline('no-partial').materializedView('half', { query: sql('duckdb', "SELECT CASE WHEN range < 100000 THEN range ELSE CAST('x' || range AS BIGINT) END AS n FROM range(200000)") }).build();
    const b = backend();
    const { result } = await runToEnd(b, p);
    expect(result.flows[0]).toMatchObject({ phase: 'failed', error: { code: 'THUND_ENGINE' } });
    await expect(b.readDataset('half')).rejects.toMatchObject({ code: 'THUND_SOURCE', message: expect.stringContaining('"half" does not exist') });
  });

  it('an unknown column in a plan is an engine error naming the column', async () => {
    const p = pipeline('unknown-col')
      .materializedView('src', { query: sql('duckdb', 'SELECT 1 AS id') })
      .materializedView('bad', { query: from('src').select('id', 'nope') })
      .build();
    const { result, events } = await runToEnd(backend(), p);
    expect(result.status).toBe('failed');
    const failed = terminalEvent(events, 'bad');
    expect(failed?.details?.error).toMatchObject({ code: 'THUND_ENGINE', engineClass: 'Binder Error' });
    expect(failed?.details?.error?.message).toContain('Referenced column "nope" not found');
    expect(failed?.details?.error?.message).not.toContain('LINE 1');
    // Its result needs no shaping, so DuckDB binds it when it writes (no DESCRIBE first, see needsResultColumns): it fails running.
    expect(events.filter((e) => e.element.name === 'bad').map((e) => e.phase)).toEqual(['queued', 'planning', 'running', 'failed']);
  });

  it('a flow whose result is shaped (a declared schema) is bound while planning: an unknown column fails it before running', async () => {
    const p = pipeline('unknown-col-shaped')
      .materializedView('src', { query: sql('duckdb', 'SELECT 1 AS id') })
      .materializedView('bad', { schema: [{ name: 'id', type: 'int64' }, { name: 'nope', type: 'int64' }], query: from('src').select('id', 'nope') })
      .build();
    const { events } = await runToEnd(backend(), p);
    expect(terminalEvent(events, 'bad')?.details?.error?.message).toContain('Referenced column "nope" not found');
    expect(events.filter((e) => e.element.name === 'bad').map((e) => e.phase)).toEqual(['queued', 'planning', 'failed']);
  });

  it('declared schemas are enforced: missing column, incompatible type, extra column, NULL in a non-nullable column', async () => {
    const b = backend();
    const cases: readonly [string, string, RegExp][] = [
      ['SELECT 1 AS id', 'missing', /column "total" of the declared schema of "out" is missing: flow "out" produces "id"/],
      ["SELECT 1 AS id, 'ten' AS total", 'type', /column "total" of "out" is declared int64 \(BIGINT\) but flow "out" produces VARCHAR/],
      ['SELECT 1 AS id, 2 AS total, 3 AS extra', 'extra', /produces column "extra" not in the declared schema of "out"/],
      ['SELECT 1 AS id, NULL::BIGINT AS total', 'nulls', /column "total" of "out" is declared not nullable but flow "out" produces 1 NULL value/],
    ];
    for (const [query, label, message] of cases) {
      const p = pipeline(`schema-${label}`).materializedView('out', {
        query: sql('duckdb', query),
        schema: [{ name: 'id', type: 'int64' }, { name: 'total', type: 'int64', nullable: false }],
      }).build();
      const { result, events } = await runToEnd(b, p);
      expect(result.status, label).toBe('failed');
      const error = terminalEvent(events, 'out')?.details?.error;
      expect(error?.code, label).toBe('THUND_SCHEMA_MISMATCH');
      expect(error?.message, label).toMatch(message);
    }
    // A compatible result is cast to the declared types.
    const ok = pipeline('schema-ok').materializedView('out', {
      query: sql('duckdb', 'SELECT 1::INTEGER AS total, 2::TINYINT AS id'),
      schema: [{ name: 'id', type: 'int64' }, { name: 'total', type: 'float64' }],
    }).build();
    expect((await runToEnd(b, ok)).result.status).toBe('completed');
    const table = await b.readDataset('out');
    expect(table.schema.fields.map((f) => `${f.name}:${f.type}`)).toEqual(['id:Int64', 'total:Float64']);
    expect(rowsOf(table)).toEqual([{ id: 2, total: 1 }]);
  });
});
