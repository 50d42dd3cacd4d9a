import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createNativeBackend } from '@thund/backend-native';
import { startViewer } from '@thund/viewer';
import { loadPipeline } from '../src/index.js';

const CHROMIUM = '/usr/bin/chromium';
const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'test-output');

// Skipped only outside CI when Chromium is not installed; in CI a missing browser is a failure.
describe.runIf(existsSync(CHROMIUM) || process.env['CI'] === 'true')('viewer on a live native run (headless Chromium)', () => {
  it('turns every node completed, shows the clicked flow\'s counts, and saves a screenshot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thund-view-'));
    cpSync(join(here, '..', '..', '..', 'examples', 'orders'), dir, { recursive: true, filter: (src) => !src.includes('/out') });
    const pipeline = await loadPipeline('pipeline.json', dir);
    const backend = createNativeBackend({ baseDir: dir });
    const lowered = backend.plan(pipeline).map((p) => ({ flow: p.flow, language: 'duckdb sql', text: p.sql }));
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const viewer = await startViewer({ pipeline, events: backend.run(pipeline), backend: 'native', lowered });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      await page.goto(viewer.url);
      const nodes = pipeline.datasets.length + pipeline.flows.length;
      await page.waitForFunction((n) => document.querySelectorAll('g.node[data-status="completed"]').length === n, nodes, { timeout: 30_000 });
      await page.click('g.node[data-id="flow:clean_orders"]');
      await page.waitForFunction(() => document.getElementById('panel-rows-written')?.textContent === '8');
      expect(await page.textContent('#panel-title')).toBe('clean_orders');
      expect(await page.textContent('#panel-status')).toBe('completed');
      const expectations = await page.$$eval('#panel-expectations tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)));
      expect(expectations).toEqual([
        ['has_order_id', 'fail', '10', '0'],
        ['positive_amount', 'drop', '8', '2'],
        ['known_customer', 'warn', '8', '2'],
      ]);
      expect(await page.textContent('#panel-lowered')).toMatch(/read_csv|FROM/);
      expect(await page.textContent('#run')).toContain('completed');
      mkdirSync(out, { recursive: true });
      await page.screenshot({ path: join(out, 'viewer-orders-native.png'), fullPage: true });
    } finally {
      await viewer.close();
      await browser.close();
      await backend.close();
    }
  }, 60_000);
});
