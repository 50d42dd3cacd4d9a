import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

const temp = mkdtempSync(join(tmpdir(), 'thund-init-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('thund init', () => {
  it('creates a starter project that checks and runs, printing what it created and what to do next', async () => {
    const io = captureIo(temp);
    expect(await main(['init', 'shop'], io), io.err()).toBe(0);
    expect(io.out()).toBe('created shop/pipeline.json, shop/pipeline.test.json, shop/data/orders.csv, shop/data/countries.csv\nnext: thund run shop/pipeline.json, then thund test shop/pipeline.json\n');
    const run = captureIo(temp);
    expect(await main(['run', 'shop/pipeline.json'], run), run.err()).toBe(0);
    expect(run.out()).toMatch(/revenue_by_country \(2 rows\)/);
    expect(run.out()).toMatch(/NO\s+│ Norway\s+│\s+99\s+│\s+2/);
    expect(run.out()).toContain('positive_amount (drop): 4 passed, 1 failed');
  });

  it('never overwrites: a file already there stops it, and it leaves nothing half made', async () => {
    const dir = join(temp, 'existing');
    mkdirSync(join(dir, 'data'), { recursive: true });
    writeFileSync(join(dir, 'data', 'orders.csv'), 'mine\n');
    const io = captureIo(dir);
    expect(await main(['init'], io)).toBe(2);
    expect(io.err()).toContain('orders.csv exists already: thund init writes a new project and never overwrites');
    expect(readFileSync(join(dir, 'data', 'orders.csv'), 'utf8')).toBe('mine\n');
    expect(existsSync(join(dir, 'pipeline.json')), 'the file written before the clash is removed again').toBe(false);
  });
});

describe('thund init --sql', () => {
  it('writes a SQL project that checks, runs and passes its unit tests, with the same rows as the JSON starter', async () => {
    const base = mkdtempSync(join(tmpdir(), 'thund-init-sql-'));
    try {
      const sqlDir = join(base, 'shop_sql');
      const jsonDir = join(base, 'shop_json');
      const io = captureIo(base);
      expect(await main(['init', sqlDir, '--sql'], io), io.err()).toBe(0);
      expect(io.out()).toContain('next: thund run shop_sql, then thund test shop_sql');
      expect(await main(['init', jsonDir], captureIo(base))).toBe(0);
      const run = captureIo(sqlDir);
      expect(await main(['run', '.', '--show', 'revenue_by_country'], run), run.err()).toBe(0);
      expect(run.out()).toMatch(/revenue_by_country \(2 rows\)/);
      const tests = captureIo(sqlDir);
      expect(await main(['test', '.'], tests), tests.out() + tests.err()).toBe(0);
      const diff = captureIo(sqlDir);
      expect(await main(['diff', '.', '--against', join(jsonDir, 'pipeline.json'), '--select', 'revenue_by_country'], diff), diff.out() + diff.err()).toBe(0);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
