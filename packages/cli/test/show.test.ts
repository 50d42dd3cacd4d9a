import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { thund } from './support/run-thund.js';

// `thund show` reads back what an earlier run wrote, bounded by --limit, as a table, JSON Lines or CSV; `run --show`
// and `show` check the names before anything runs or is read.
const remote = process.env['THUND_SPARK_REMOTE'];
const here = dirname(fileURLToPath(import.meta.url));

function ordersCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'thund-show-'));
  cpSync(join(here, '..', '..', '..', 'examples', 'orders'), dir, { recursive: true, filter: (src) => !src.includes('/out') });
  return dir;
}


/** The first rows of the orders example's daily revenue, as its data gives them. */
const FIRST_DAYS_CSV = 'order_date,country,revenue,orders\n2026-11-28,NO,35.00,1\n2026-11-28,SE,138.70,2\n';

describe('thund show (native)', () => {
  const dir = ordersCopy();
  beforeAll(async () => {
    expect((await thund(dir, 'run', 'pipeline.json', '--db', 'orders.duckdb')).code).toBe(0);
  });

  it('--format csv --limit 2: a header and two rows, dates as days, decimals as digits; the cut is said on stderr', async () => {
    const shown = await thund(dir, 'show', 'pipeline.json', 'daily_revenue', '--db', 'orders.duckdb', '--format', 'csv', '--limit', '2');
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toBe(FIRST_DAYS_CSV);
    expect(shown.err).toBe('thund: showed 2 of 7 rows of "daily_revenue" (--limit 2)\n');
  });

  it('--format json: JSON Lines, one object per row with the columns in order', async () => {
    const shown = await thund(dir, 'show', 'pipeline.json', 'daily_revenue', '--db', 'orders.duckdb', '--format', 'json');
    expect(shown.code, shown.err).toBe(0);
    const rows = shown.out.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual({ order_date: '2026-11-28', country: 'NO', revenue: '35.00', orders: 1 });
    expect(Object.keys(rows[6] ?? {})).toEqual(['order_date', 'country', 'revenue', 'orders']);
    expect(shown.err).toBe('');
  });

  it('without names: the final datasets as tables, cut at --limit with the rest counted', async () => {
    const shown = await thund(dir, 'show', 'pipeline.json', '--db', 'orders.duckdb', '--limit', '3');
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toMatch(/^daily_revenue \(7 rows\)\norder_date │ country │ revenue │ orders\n/);
    expect(shown.out).toContain('… 4 more rows');
    expect(shown.out.split('\n').filter((l) => l.startsWith('2026-'))).toHaveLength(3);
  });

  it.each([
    [['show', 'pipeline.json', 'daily_revenu', '--db', 'orders.duckdb'], /has no dataset "daily_revenu"; did you mean "daily_revenue"\?/],
    [['show', 'pipeline.json', 'daily_revenue_export', '--db', 'orders.duckdb'], /"daily_revenue_export" is a sink: its rows are in its files at out\/daily_revenue\.parquet/],
    [['show', 'pipeline.json', 'daily_revenue', '--db', 'orders.duckdb', '--format', 'xml'], /--format for "thund show" is table, json, csv; got "xml"/],
    [['show', 'pipeline.json', 'daily_revenue', 'clean_orders', '--db', 'orders.duckdb', '--format', 'csv'], /--format csv prints one dataset: name it/],
    [['show', 'pipeline.json', '--db', 'orders.duckdb', '--limit', 'many'], /--limit takes a whole number of rows/],
  ])('refuses %j with exit 2 and says how to fix it', async (args, message) => {
    const shown = await thund(dir, ...args);
    expect(shown.code).toBe(2);
    expect(shown.err).toMatch(message);
    expect(shown.out).toBe('');
  });
});

describe('thund run keeps what it wrote in the pipeline\'s storage (native, no --db)', () => {
  it('show reads it back after run, from a new process; a show before any run says to run first and creates nothing', async () => {
    const dir = ordersCopy();
    const before = await thund(dir, 'show', 'pipeline.json', 'daily_revenue');
    expect(before.code).toBe(2);
    expect(before.err).toMatch(/there is nothing to read yet: pipeline "orders" keeps its datasets in .*\.thund\/orders\/native\.duckdb, which does not exist; run the pipeline first/);
    expect(existsSync(join(dir, '.thund'))).toBe(false);
    expect((await thund(dir, 'run', 'pipeline.json')).code).toBe(0);
    expect(existsSync(join(dir, '.thund', 'orders', 'native.duckdb'))).toBe(true);
    const shown = await thund(dir, 'show', 'pipeline.json', 'daily_revenue', '--format', 'csv', '--limit', '2');
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toBe(FIRST_DAYS_CSV);
    // The SQL form keeps its datasets in its spec's storage folder.
    expect((await thund(dir, 'run', '.')).code).toBe(0);
    const sql = await thund(dir, 'show', '.', 'daily_revenue', '--format', 'csv', '--limit', '2');
    expect(sql.out).toBe(FIRST_DAYS_CSV);
    expect(existsSync(join(dir, 'storage', 'native.duckdb'))).toBe(true);
  });

  it('show --db of a file that does not exist creates nothing', async () => {
    const dir = ordersCopy();
    const shown = await thund(dir, 'show', 'pipeline.json', '--db', 'missing.duckdb');
    expect(shown.code).toBe(2);
    expect(shown.err).toMatch(/missing\.duckdb, which does not exist; run the pipeline first, or check the database path/);
    expect(existsSync(join(dir, 'missing.duckdb'))).toBe(false);
  });

  it('show finds datasets in the pipeline\'s own database (schema), as the run wrote them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thund-show-customers-'));
    cpSync(join(here, '..', '..', '..', 'examples', 'customers'), dir, { recursive: true, filter: (src) => !src.includes('/storage') });
    expect((await thund(dir, 'run', '.', '--db', 'x.duckdb')).code).toBe(0);
    const shown = await thund(dir, 'show', '.', 'customers', '--db', 'x.duckdb', '--format', 'csv');
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out.split('\n')[0]).toMatch(/^customer_id,/);
    expect(shown.out.trim().split('\n').length).toBeGreaterThan(1);
  });
});

describe('thund run --show', () => {
  it('a name that is not a readable dataset is refused before the pipeline runs: exit 2, nothing written', async () => {
    const dir = ordersCopy();
    for (const [name, message] of [['daly_revenue', /did you mean "daily_revenue"\?/], ['daily_revenue_export', /is a sink/]] as const) {
      const run = await thund(dir, 'run', 'pipeline.json', '--db', 'orders.duckdb', '--show', name);
      expect(run.code).toBe(2);
      expect(run.err).toMatch(message);
    }
    expect(existsSync(join(dir, 'orders.duckdb'))).toBe(false);
    expect(readdirSync(dir)).not.toContain('out');
  });
});

describe.runIf(remote !== undefined)('thund show (Spark): the same rows as native', () => {
  it('after a Spark run, show --backend spark prints what native prints', async () => {
    const dir = ordersCopy();
    expect((await thund(dir, 'run', 'pipeline.json', '--backend', 'spark', '--remote', remote as string)).code).toBe(0);
    const shown = await thund(dir, 'show', 'pipeline.json', 'daily_revenue', '--backend', 'spark', '--remote', remote as string, '--format', 'csv', '--limit', '2');
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toBe(FIRST_DAYS_CSV);
    expect(shown.err).toBe('thund: showed 2 of 7 rows of "daily_revenue" (--limit 2)\n');
  }, 180_000);
});
