import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type Field, count, pipeline, readFiles, serializePipeline, sql } from '@thund/ir';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

const remote = process.env['THUND_SPARK_REMOTE'];
const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'examples');
const temp = mkdtempSync(join(tmpdir(), 'thund-diff-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A fresh copy of an example, as a clean clone has it. */
function example(name: string): string {
  const dir = join(temp, `${name}-${readdirSync(temp).length}`);
  cpSync(join(EXAMPLES, name), dir, { recursive: true, filter: (src) => !src.includes('/out') && !src.includes('/.thund') });
  return dir;
}

/** Every path under `dir`, to show a diff leaves the project as it found it. */
const listing = (dir: string): string[] => (readdirSync(dir, { recursive: true }) as string[]).sort();

/**
 * A project holding `pipeline.json` and the given files, modified a second
 * apart in the order given (Spark's file source takes files oldest first,
 * native by name: the same order here).
 */
function project(doc: unknown, files: Readonly<Record<string, string>>): string {
  const dir = join(temp, `project-${readdirSync(temp).length}`);
  const start = Date.now() / 1000 - 3600;
  for (const [i, [path, text]] of Object.entries(files).entries()) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
    utimesSync(join(dir, path), start + i, start + i);
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'pipeline.json'), JSON.stringify(doc));
  return dir;
}

const SCHEMA: readonly Field[] = [{ name: 'ts', type: 'timestamp' }, { name: 'k', type: 'utf8' }];
const event = (seconds: number): string => `${JSON.stringify({ ts: `2026-01-01 00:00:${String(seconds).padStart(2, '0')}`, k: 'a' })}\n`;

describe('thund diff (native against native: no server needed)', () => {
  it('examples/orders on native twice: every dataset equal, exit 0, and the project is left as it was', async () => {
    const dir = example('orders');
    const before = listing(dir);
    const io = captureIo(dir);
    expect(await main(['diff', 'pipeline.json', '--backends', 'native,native'], io)).toBe(0);
    expect(io.out()).toMatch(/^dataset\s+native\s+native\s+result\n/);
    expect(io.out()).toMatch(/clean_orders\s+8\s+8\s+equal/);
    expect(io.out()).toMatch(/daily_revenue_export\s+7\s+7\s+equal/);
    expect(io.out()).toContain('✓ native and native agree: 3 datasets equal');
    expect(listing(dir)).toEqual(before);
  });

  for (const [argv, message] of [
    [['--backends', 'native'], '--backends takes two backends'],
    [['--backends', 'native,native', '--select', 'nope'], '--select names "nope", not a comparable dataset'],
    [['--backends', 'native,duck'], 'unknown backend "duck"'],
  ] as const) {
    it(`${argv.join(' ')} → exit 2: ${message}`, async () => {
      const io = captureIo(example('orders'));
      expect(await main(['diff', 'pipeline.json', ...argv], io)).toBe(2);
      expect(io.err()).toContain(message);
    });
  }

  it('a sink outside the pipeline\'s directory is refused (both runs would write the user\'s path): exit 2', async () => {
    const doc = JSON.parse(serializePipeline(pipeline('escape')
      .temporaryView('src', { query: readFiles('json', 'in.json', { schema: SCHEMA }) })
      .sink('out', { format: 'parquet', location: '../elsewhere/out.parquet' })
      .flow('to_out', { target: 'out', query: readFiles('json', 'in.json', { schema: SCHEMA }) })
      .build()));
    const io = captureIo(project(doc, { 'in.json': event(1) }));
    expect(await main(['diff', 'pipeline.json', '--backends', 'native,native'], io)).toBe(2);
    expect(io.err()).toContain('sink "out" writes to ../elsewhere/out.parquet');
  });
});

describe.runIf(remote !== undefined)('thund diff, native against Spark (real local Spark Connect server)', () => {
  const diff = (dir: string, ...argv: string[]) => {
    const io = captureIo(dir);
    return main(['diff', 'pipeline.json', '--backends', 'native,spark', '--remote', remote as string, ...argv], io).then((code) => ({ code, out: io.out(), err: io.err() }));
  };

  for (const [name, datasets] of [
    ['orders', ['clean_orders', 'daily_revenue', 'daily_revenue_export']],
    ['clickstream', ['page_events', 'views_per_minute']],
    ['customers', ['customer_changes', 'customers', 'customer_history', 'customers_by_country']],
  ] as const) {
    it(`examples/${name}: every dataset equal, exit 0`, async () => {
      const result = await diff(example(name));
      expect(result.code, result.err).toBe(0);
      for (const dataset of datasets) expect(result.out).toMatch(new RegExp(`\\n${dataset}\\s+(\\d+)\\s+\\1\\s+equal\\n`));
      expect(result.out).toContain('✓ native and spark agree');
    }, 180_000);
  }

  it('a pipeline made to differ: a row late only against the micro-batch before it counts on Spark, not on native → exit 1, the differing window shown', async () => {
    // One file per micro-batch: t 1, then t 30 (the watermark becomes 25), then t 10. Native drops t 10 by the
    // watermark the batch before it left (25); Spark judges late rows by the watermark of the batch before that
    // (-4), keeps it, and writes a window [10 s, 20 s) native has not (the Spark README's "late rows" difference).
    const doc = JSON.parse(serializePipeline(pipeline('late')
      .streamingTable('per_window', {
        query: readFiles('json', 'events', { schema: SCHEMA, maxFilesPerTrigger: 1 }).groupBy('k').agg(count().as('n')),
        watermark: { column: 'ts', delay: '5s' },
        window: { kind: 'tumbling', size: '10s' },
      })
      .build()));
    const dir = project(doc, { 'events/0.json': event(1), 'events/1.json': event(30), 'events/2.json': event(10), 'events/3.json': '{"ts":"2026-01-01 00:01:00","k":"a"}\n' });
    const result = await diff(dir, '--key', 'window_start');
    expect(result.code, result.err).toBe(1);
    expect(result.out).toMatch(/per_window\s+2\s+3\s+different: 1 row only in spark/);
    expect(result.out).toContain('only in spark, first 1 (1 row)');
    expect(result.out).toContain('2026-01-01 00:00:10');
    expect(result.out).toContain('✗ native and spark differ');
  }, 180_000);

  it('a pipeline one backend refuses (a DuckDB SQL flow) → exit 2 naming the backend and why', async () => {
    const doc = JSON.parse(serializePipeline(pipeline('dialect').materializedView('one', { query: sql('duckdb', 'SELECT 1 AS x') }).build()));
    const result = await diff(project(doc, {}));
    expect(result.code).toBe(2);
    expect(result.err).toContain('spark refuses it');
    expect(result.err).toContain('duckdb');
  }, 60_000);
});
