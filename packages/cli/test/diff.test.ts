import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Field, count, pipeline, readFiles, serializePipeline, sql } from '@thund/ir';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';
import { exampleCopy } from './support/example-copy.js';

const remote = process.env['THUND_SPARK_REMOTE'];
const temp = mkdtempSync(join(tmpdir(), 'thund-diff-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const example = (name: string): string => exampleCopy(temp, name);

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

  it('--runs 3 --feed: new files delivered before each later run, compared after every run', async () => {
    const dir = example('clickstream');
    const feed = join(temp, `feed-${readdirSync(temp).length}`);
    for (const [run, [file, rows]] of [[1, ['part-0003.json', [['u2', '/checkout', '10:04:10'], ['u3', '/home', '10:00:30']]]], [2, ['part-0004.json', [['u1', '/home', '10:06:00']]]]] as const) {
      mkdirSync(join(feed, String(run), 'data', 'events'), { recursive: true });
      writeFileSync(join(feed, String(run), 'data', 'events', file), rows.map(([user_id, page, t]) => JSON.stringify({ user_id, page, ts: `2026-12-01T${t}Z` })).join('\n'));
    }
    const io = captureIo(dir);
    expect(await main(['diff', 'pipeline.json', '--backends', 'native,native', '--runs', '3', '--feed', feed], io), io.err()).toBe(0);
    expect(io.out().match(/after run (\d) of 3:/g)).toEqual(['after run 1 of 3:', 'after run 2 of 3:', 'after run 3 of 3:']);
    const pageEvents = [...io.out().matchAll(/\npage_events\s+(\d+)\s+(\d+)\s+equal/g)].map((m) => Number(m[1]));
    expect(pageEvents).toHaveLength(3);
    expect(pageEvents[1]).toBeGreaterThan(pageEvents[0] as number);
    expect(pageEvents[2]).toBe((pageEvents[1] as number) + 1);
    expect(readdirSync(join(dir, 'data', 'events')).sort(), 'the feed goes to the copies, never to the project').toEqual(['part-0001.json', 'part-0002.json']);
  });

  for (const [argv, message] of [
    [['--backends', 'native'], '--backends takes two backends'],
    [['--backends', 'native,native', '--runs', '2'], '--runs 2 needs --feed <dir>'],
    [['--backends', 'native,native', '--runs', '0'], '--runs must be a whole number from 1 to 1000'],
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

  it('examples/clickstream over three runs with new events fed between them: equal after every run, exit 0', async () => {
    const dir = example('clickstream');
    const feed = join(temp, `feed-${readdirSync(temp).length}`);
    const batches: Record<string, readonly (readonly [string | null, string, string])[]> = {
      1: [['u2', '/checkout', '10:04:10'], ['u3', '/home', '10:03:30'], [null, '/home', '10:04:20'], ['u1', '/checkout', '10:04:40']],
      2: [['u1', '/home', '10:06:00'], ['u3', '/home', '10:01:00'], ['u2', '/checkout', '10:07:30']],
    };
    for (const [run, rows] of Object.entries(batches)) {
      mkdirSync(join(feed, run, 'data', 'events'), { recursive: true });
      writeFileSync(join(feed, run, 'data', 'events', `part-000${Number(run) + 2}.json`), rows.map(([user_id, page, t]) => JSON.stringify({ user_id, page, ts: `2026-12-01T${t}Z` })).join('\n'));
    }
    const result = await diff(dir, '--runs', '3', '--feed', feed);
    expect(result.code, result.err + result.out).toBe(0);
    expect(result.out.match(/after run \d of 3:/g)).toHaveLength(3);
    expect(result.out.match(/\nviews_per_minute\s+(\d+)\s+\1\s+equal/g)).toHaveLength(3);
    expect(result.out.match(/✓ native and spark agree/g)).toHaveLength(3);
  }, 240_000);

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
