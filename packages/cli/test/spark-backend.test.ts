import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createNativeBackend } from '@thund/backend-native';
import { createSparkBackend } from '@thund/backend-spark';
import type { ExecBackend, Pipeline } from '@thund/ir';
import { startViewer } from '@thund/viewer';
import { loadPipeline, main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

const remote = process.env['THUND_SPARK_REMOTE'];
const CHROMIUM = '/usr/bin/chromium';
const here = dirname(fileURLToPath(import.meta.url));

/** A fresh copy of examples/orders, unchanged (its batch-fed Parquet export included). */
function ordersCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'thund-spark-cli-'));
  cpSync(join(here, '..', '..', '..', 'examples', 'orders'), dir, { recursive: true, filter: (src) => !src.includes('/out') });
  return dir;
}

describe.runIf(remote !== undefined)('thund on the Spark backend (real local Spark Connect server)', () => {
  it('examples/orders, unchanged, passes check on Spark, and run prints the same table and writes the same export as native', async () => {
    const io = captureIo(join(here, '..', '..', '..', 'examples'));
    expect(await main(['check', 'orders/pipeline.json', '--backend', 'spark', '--remote', remote as string], io)).toBe(0);

    const sparkDir = ordersCopy();
    const onSpark = captureIo(sparkDir);
    expect(await main(['run', 'pipeline.json', '--backend', 'spark', '--remote', remote as string], onSpark)).toBe(0);
    const nativeDir = ordersCopy();
    const onNative = captureIo(nativeDir);
    expect(await main(['run', 'pipeline.json'], onNative)).toBe(0);
    expect(onSpark.out()).toMatch(/flow export_daily_revenue completed: 7 rows written/);
    expect(existsSync(join(sparkDir, 'out', 'daily_revenue.parquet'))).toBe(true);
    const table = (out: string) => out.slice(out.indexOf('daily_revenue (7 rows)'));
    expect(table(onSpark.out())).toBe(table(onNative.out()));
    expect(onSpark.out()).toContain('positive_amount (drop): 8 passed, 2 failed');
  }, 120_000);

  it.runIf(existsSync(CHROMIUM) || process.env['CI'] === 'true')('the viewer renders a Spark run like a native run of the same pipeline', async () => {
    const dir = ordersCopy();
    const pipeline = await loadPipeline('pipeline.json', dir);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const render = async (backend: ExecBackend & { close(): Promise<void> }, name: string, p: Pipeline) => {
      const viewer = await startViewer({ pipeline: p, events: backend.run(p), backend: name });
      try {
        const page = await browser.newPage();
        await page.goto(viewer.url);
        const nodes = p.datasets.length + p.flows.length;
        await page.waitForFunction((n) => document.querySelectorAll('g.node[data-status="completed"]').length === n, nodes, { timeout: 90_000 });
        await page.click('g.node[data-id="flow:clean_orders"]');
        await page.waitForFunction(() => document.getElementById('panel-rows-written')?.textContent === '8');
        const statuses = await page.$$eval('g.node', (gs) => gs.map((g) => [g.getAttribute('data-id'), g.getAttribute('data-status')]));
        const expectations = await page.$$eval('#panel-expectations tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)));
        // The timeline redraws at most every 250 ms: the picture waits for its last bar to end.
        await page.waitForFunction(() => document.querySelectorAll('#timeline .bar').length > 0 && document.querySelectorAll('#timeline .bar[data-status="running"]').length === 0);
        await page.screenshot({ path: join(here, '..', 'test-output', `viewer-orders-${name}.png`), fullPage: true });
        return { statuses, expectations, rows: await page.textContent('#panel-rows-written') };
      } finally {
        await viewer.close();
        await backend.close();
      }
    };
    try {
      const native = await render(createNativeBackend({ baseDir: dir }), 'native', pipeline);
      const spark = await render(await createSparkBackend({ baseDir: dir, remote: remote as string }), 'spark', pipeline);
      expect(spark).toEqual(native);
    } finally {
      await browser.close();
    }
  }, 180_000);
});
