import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleCopy } from './support/example-copy.js';
import { thund } from './support/run-thund.js';

// `thund run --refresh <a,b>`, `--full-refresh <a,b>` and `--full-refresh-all` (SDP's selection and its conflict rules).
const ordersCopy = (): string => exampleCopy(mkdtempSync(join(tmpdir(), 'thund-selection-')), 'orders');

async function rowCount(dir: string, dataset: string): Promise<number> {
  const shown = await thund(dir, 'show', 'pipeline.json', dataset, '--db', 'orders.duckdb', '--format', 'json', '--limit', '1000');
  expect(shown.code, shown.err).toBe(0);
  return shown.out.trimEnd().split('\n').length;
}

describe('thund run with a selection (native)', () => {
  it('--refresh runs only the named datasets\' flows (and the temporary view they read); the rest are excluded and keep their rows; --full-refresh <name> recomputes one', async () => {
    const dir = ordersCopy();
    expect((await thund(dir, 'run', 'pipeline.json', '--db', 'orders.duckdb')).code).toBe(0);
    const cleanBefore = await rowCount(dir, 'clean_orders');
    expect(await rowCount(dir, 'daily_revenue')).toBe(7);
    appendFileSync(join(dir, 'data', 'orders.csv'), '9001,zoe,SE,10.00,2026-12-24 12:00:00\n');

    const refreshed = await thund(dir, 'run', 'pipeline.json', '--db', 'orders.duckdb', '--refresh', 'clean_orders');
    expect(refreshed.code, refreshed.err).toBe(0);
    expect(refreshed.out).toContain('− flow daily_revenue excluded: not selected, keeps what it holds\n');
    expect(refreshed.out).toContain('− flow export_daily_revenue excluded: not selected, keeps what it holds\n');
    expect(refreshed.out).toContain('✓ flow clean_orders completed');
    expect(refreshed.out).toContain('✓ flow raw_orders completed');
    expect(await rowCount(dir, 'clean_orders')).toBe(cleanBefore + 1);
    expect(await rowCount(dir, 'daily_revenue')).toBe(7);

    const recomputed = await thund(dir, 'run', 'pipeline.json', '--db', 'orders.duckdb', '--full-refresh', 'daily_revenue');
    expect(recomputed.code, recomputed.err).toBe(0);
    expect(recomputed.out).toContain('− flow clean_orders excluded');
    expect(recomputed.out).toContain('✓ flow daily_revenue completed: 8 rows written');
    expect(await rowCount(dir, 'daily_revenue')).toBe(8);
  });

  for (const [args, message] of [
    [['--full-refresh'], '--full-refresh needs dataset names: name the datasets to recompute (--full-refresh a,b), or recompute every dataset with --full-refresh-all'],
    [['--full-refresh', '--dry-run'], '--full-refresh needs dataset names'],
    [['--full-refresh', 'other/pipeline.json'], '--full-refresh takes dataset names, and "other/pipeline.json" looks like a file'],
    [['--refresh', 'daily_revenu'], 'run selection: --refresh names "daily_revenu", not a dataset of pipeline "orders"; did you mean "daily_revenue"?'],
    [['--full-refresh-all', '--refresh', 'clean_orders'], 'a full refresh of every dataset (--full-refresh-all) cannot be combined with a selection (--refresh, or --full-refresh with names): drop one of them'],
    [['--refresh', 'clean_orders', '--full-refresh', 'clean_orders'], '"clean_orders" is named by both --refresh and --full-refresh'],
    [['--refresh', 'raw_orders'], '--refresh names temporary view "raw_orders", which holds nothing between runs'],
    [['--select', 'daily_revenu'], 'run selection: --select names "daily_revenu", not a dataset of pipeline "orders"; did you mean "daily_revenue"?'],
    [['--select', 'clean_orders', '--refresh', 'clean_orders'], '--select and --refresh both name the datasets to refresh: give one of them'],
    [['--full-refresh-all', '--select', 'clean_orders'], 'cannot be combined with a selection (--select, or --full-refresh with names)'],
  ] as const) {
    it(`run ${args.join(' ')} → exit 2 before anything runs: ${message.slice(0, 60)}…`, async () => {
      const dir = ordersCopy();
      const argv = args[0] === '--full-refresh' && args.length === 1 ? ['run', 'pipeline.json', ...args] : ['run', 'pipeline.json', '--db', 'orders.duckdb', ...args];
      const result = await thund(dir, ...argv);
      expect(result.code).toBe(2);
      expect(result.err).toContain(message);
      expect(result.err).not.toMatch(/\n\s+at /);
      expect(result.out).not.toMatch(/queued|completed/);
    });
  }

  it('--refresh +daily_revenue selects what it reads too; the export below it is excluded', async () => {
    const dir = ordersCopy();
    expect((await thund(dir, 'run', 'pipeline.json', '--db', 'orders.duckdb')).code).toBe(0);
    const upstream = await thund(dir, 'run', 'pipeline.json', '--db', 'orders.duckdb', '--refresh', '+daily_revenue');
    expect(upstream.code, upstream.err).toBe(0);
    for (const flow of ['raw_orders', 'clean_orders', 'daily_revenue']) expect(upstream.out).toContain(`✓ flow ${flow} completed`);
    expect(upstream.out).toContain('− flow export_daily_revenue excluded');
  });

  it('--select is --refresh in dbt\'s words: the same flows run and the same are excluded', async () => {
    const dir = ordersCopy();
    expect((await thund(dir, 'run', 'pipeline.json', '--db', 'orders.duckdb')).code).toBe(0);
    const selected = await thund(dir, 'run', 'pipeline.json', '--db', 'orders.duckdb', '--select', 'daily_revenue+');
    expect(selected.code, selected.err).toBe(0);
    for (const flow of ['raw_orders', 'clean_orders']) expect(selected.out).toContain(`− flow ${flow} excluded`);
    for (const flow of ['daily_revenue', 'export_daily_revenue']) expect(selected.out).toContain(`✓ flow ${flow} completed`);
    const help = await thund(dir, 'run', '--help');
    expect(help.out).toMatch(/--select <a,b> +the same selection as --refresh, in dbt's words/);
  });

  it('--full-refresh-all recomputes every dataset; run --help lists the three options', async () => {
    const dir = ordersCopy();
    expect((await thund(dir, 'run', 'pipeline.json', '--db', 'orders.duckdb')).code).toBe(0);
    const all = await thund(dir, 'run', 'pipeline.json', '--db', 'orders.duckdb', '--full-refresh-all');
    expect(all.code, all.err).toBe(0);
    expect(all.out).not.toMatch(/excluded/);
    const help = await thund(dir, 'run', '--help');
    for (const flag of ['--refresh <a,b>', '--full-refresh <a,b>', '--full-refresh-all']) expect(help.out).toContain(flag);
  });
});
