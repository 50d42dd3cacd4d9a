import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'examples');

/** A copy of an example in a temp dir, so runs write their outputs there. */
function exampleCopy(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `thund-cli-${name}-`));
  cpSync(join(examples, name), dir, { recursive: true, filter: (src) => !src.includes('/out') });
  return dir;
}

describe('thund check', () => {
  it('accepts the orders example on native: exit 0', async () => {
    const io = captureIo(examples);
    expect(await main(['check', 'orders/pipeline.json'], io)).toBe(0);
    expect(io.out()).toContain('✓ pipeline "orders" is valid and backend "native" supports everything it uses (4 datasets, 4 flows)');
  });

  it('accepts the customers example on native: CDC flows streaming from a streaming table', async () => {
    const io = captureIo(examples);
    expect(await main(['check', 'customers/pipeline.json'], io)).toBe(0);
    expect(io.out()).toContain('✓ pipeline "customers" is valid and backend "native" supports everything it uses (4 datasets, 5 flows)');
  });

  it('rejects what native cannot run, listing every violation: exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thund-cli-'));
    const read = (dataset: string) => ({ kind: 'read', dataset });
    writeFileSync(join(dir, 'p.json'), JSON.stringify({
      version: 1, name: 'p',
      datasets: [{ name: 'm', type: 'materialized_view' }, { name: 's', type: 'table' }, { name: 't', type: 'table' }],
      flows: [
        { name: 'm', target: 'm', kind: 'batch', query: { kind: 'sql', dialect: 'duckdb', sql: 'SELECT 1 AS id' } },
        // A materialized view is recomputed, so nothing marks which of its rows are new: not a streaming source.
        { name: 's', target: 's', kind: 'streaming', query: read('m') },
        // Two growing directories in one flow: native streams from exactly one source.
        { name: 't', target: 't', kind: 'streaming', query: { kind: 'union', inputs: [{ kind: 'read_files', format: 'json', path: 'a' }, { kind: 'read_files', format: 'json', path: 'b' }], all: true } },
      ],
    }));
    const io = captureIo(dir);
    expect(await main(['check', 'p.json'], io)).toBe(2);
    expect(io.err()).toContain('backend "native" cannot run pipeline "p": 2 problem(s)');
    expect(io.err()).toMatch(/\$\.flows\[1\]\.query: .*streaming flow "s" reads 0 read_files sources and 0 streaming tables/);
    expect(io.err()).toMatch(/\$\.flows\[2\]\.query: .*streaming flow "t" reads 2 read_files sources/);
  });

  it('reports an invalid document with its paths: exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thund-cli-'));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ version: 1, name: 'bad', datasets: [{ name: 'a', type: 'table' }], flows: [{ name: 'a', target: 'b', kind: 'batch', query: { kind: 'read', dataset: 'zz' } }] }));
    const io = captureIo(dir);
    expect(await main(['check', 'bad.json'], io)).toBe(2);
    expect(io.err()).toContain('$.flows[0].target');
    expect(io.err()).toContain('(unknown_read)');
    expect(io.err()).not.toMatch(/\n\s+at /);
  });
});

describe('thund plan', () => {
  it("prints each flow's DuckDB SQL", async () => {
    const io = captureIo(examples);
    expect(await main(['plan', 'orders/pipeline.ts'], io)).toBe(0);
    expect(io.out()).toContain('-- flow clean_orders (duckdb sql)');
    expect(io.out()).toMatch(/upper\(trim\("country", ' '\)\)/i);
    expect(io.out()).toMatch(/read_csv/);
  });
});

describe('thund run', () => {
  it('runs the orders example: progress, result table, Parquet sink and event log', async () => {
    const dir = exampleCopy('orders');
    const io = captureIo(dir);
    expect(await main(['run', 'pipeline.json', '--events', 'run.jsonl'], io)).toBe(0);
    const out = io.out();
    expect(out).toContain('✓ flow clean_orders completed: 8 rows written');
    expect(out).toContain('positive_amount (drop): 8 passed, 2 failed');
    expect(out).toContain('daily_revenue (7 rows)');
    expect(existsSync(join(dir, 'out', 'daily_revenue.parquet'))).toBe(true);
    const events = readFileSync(join(dir, 'run.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.some((e) => e['phase'] === 'completed' && (e['element'] as { name: string }).name === 'daily_revenue')).toBe(true);
    expect(events.every((e) => typeof e['run_id'] === 'string')).toBe(true);

    const replay = captureIo(dir);
    expect(await main(['events', 'run.jsonl'], replay)).toBe(0);
    expect(replay.out()).toMatch(/of pipeline orders: completed/);
    expect(replay.out()).toContain('completed clean_orders: 8 rows written');
  });

  it('a failing flow is exit 1, with its error and the skipped downstream flows', async () => {
    const dir = exampleCopy('orders');
    const doc = JSON.parse(readFileSync(join(dir, 'pipeline.json'), 'utf8')) as { flows: { query: unknown }[] };
    doc.flows[0] = { ...doc.flows[0], query: { kind: 'read_files', format: 'csv', path: 'data/missing.csv' } };
    writeFileSync(join(dir, 'pipeline.json'), JSON.stringify(doc));
    const io = captureIo(dir);
    expect(await main(['run', 'pipeline.json'], io)).toBe(1);
    expect(io.out()).toContain('✗ flow raw_orders failed');
    expect(io.out()).toMatch(/flow daily_revenue cancelled: .*upstream flow/);
    expect(io.err()).toContain('missing.csv');
    expect(existsSync(join(dir, 'out', 'daily_revenue.parquet'))).toBe(false);
  });

  it('a flow that leaves out a declared column is refused before anything runs: exit 2, the flow and the column named', async () => {
    const dir = exampleCopy('orders');
    editFlow(dir, 1, (q) => ({ ...q, columns: (q['columns'] as unknown[]).slice(0, 4) }));
    const io = captureIo(dir);
    expect(await main(['run', 'pipeline.json'], io)).toBe(2);
    expect(io.err()).toContain('flow "clean_orders" does not produce "order_date" of the declared schema of "clean_orders"');
    expect(io.out() + io.err()).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dir, 'out', 'daily_revenue.parquet'))).toBe(false);
  });

  for (const [label, change, message] of [
    ['a bad CSV row', (dir: string) => writeFileSync(join(dir, 'data', 'orders.csv'), 'order_id,customer,country,amount,ordered_at\n1,a,SE,1.0,2026-11-28 09:00:00\n2,b,"SE,3.0,2026-11-28 10:00:00\n'), /orders\.csv|CSV|quote/i],
    // A type the declared schema cannot take shows only when the flow runs (the CSV's types are the file's).
    ['a schema mismatch', (dir: string) => editFlow(dir, 1, (q) => ({ ...q, columns: (q['columns'] as { name?: string }[]).map((c) => (c.name === 'amount' ? { kind: 'alias', name: 'amount', expr: { kind: 'column', name: 'country' } } : c)) })), /THUND_SCHEMA_MISMATCH.*amount/],
    ['an unknown column', (dir: string) => editFlow(dir, 1, (q) => ({ ...q, columns: [...(q['columns'] as unknown[]).slice(0, 4), { kind: 'alias', name: 'order_date', expr: { kind: 'column', name: 'orderd_at' } }] })), /orderd_at/],
  ] as const) {
    it(`${label} fails its flow with a clear error: exit 1, no stack trace, no output for the MV`, async () => {
      const dir = exampleCopy('orders');
      change(dir);
      const io = captureIo(dir);
      expect(await main(['run', 'pipeline.json', '--events', 'run.jsonl'], io)).toBe(1);
      expect(io.out() + io.err()).toMatch(message);
      expect(io.out() + io.err()).not.toMatch(/\n\s+at /);
      const failed = readFileSync(join(dir, 'run.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { phase?: string; level: string }).filter((e) => e.phase === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      expect(existsSync(join(dir, 'out', 'daily_revenue.parquet'))).toBe(false);
    });
  }
});

function editFlow(dir: string, index: number, change: (query: Record<string, unknown>) => Record<string, unknown>): void {
  const doc = JSON.parse(readFileSync(join(dir, 'pipeline.json'), 'utf8')) as { flows: { query: Record<string, unknown> }[] };
  const flow = doc.flows[index] as { query: Record<string, unknown> };
  flow.query = change(flow.query);
  writeFileSync(join(dir, 'pipeline.json'), JSON.stringify(doc));
}
