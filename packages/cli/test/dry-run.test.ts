import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

const remote = process.env['THUND_SPARK_REMOTE'];
const ORDERS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'examples', 'orders');
const temp = mkdtempSync(join(tmpdir(), 'thund-dry-run-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function orders(name: string): string {
  const dir = join(temp, name);
  cpSync(ORDERS, dir, { recursive: true, filter: (src) => !src.includes('/out') && !src.includes('/.thund') });
  return dir;
}

describe('thund run --dry-run', () => {
  it('native: every flow planned and checked, nothing written (no export, no state), no result tables printed', async () => {
    const dir = orders('native');
    const io = captureIo(dir);
    expect(await main(['run', 'pipeline.json', '--dry-run'], io), io.err()).toBe(0);
    expect(io.out()).toContain('dry run: 4 flows planned and checked on backend "native", nothing written');
    expect(io.out()).not.toContain('daily_revenue (');
    expect(existsSync(join(dir, 'out'))).toBe(false);
    expect(existsSync(join(dir, '.thund'))).toBe(false);
  });

  it('--dry-run belongs to run only', async () => {
    const io = captureIo(orders('usage'));
    expect(await main(['check', 'pipeline.json', '--dry-run'], io)).toBe(2);
    expect(io.err()).toContain('--dry-run does not apply to "thund check"');
  });

  it.runIf(remote !== undefined)('spark: SDP resolves the whole graph, nothing is written', async () => {
    const dir = orders('spark');
    const io = captureIo(dir);
    expect(await main(['run', 'pipeline.json', '--dry-run', '--backend', 'spark', '--remote', remote as string], io), io.err()).toBe(0);
    expect(io.out()).toContain('dry run: 4 flows planned and checked on backend "spark", nothing written');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  }, 120_000);
});
