import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViewer } from '../src/index.js';
import { type Browser, chromiumAvailable, launchChromium } from './support/chromium.js';
import { cardText, openViewer, waitForAll } from './support/graph-page.js';
import { ordersPipeline, recordedEvents } from './support/orders.js';

describe.runIf(chromiumAvailable)('the expectation bar counts row checks, and the legend and panel say so', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it('clean_orders: 10 rows checked by 3 expectations make 30 checks, 26 passed and 4 failed; the legend names checks, the panel rows', async () => {
    const pipeline = ordersPipeline();
    const events = await recordedEvents('spark-orders-run.jsonl');
    const viewer = await startViewer({ pipeline, events, backend: 'spark' });
    try {
      const page = await openViewer(browser, viewer);
      await waitForAll(page, 'completed', pipeline.datasets.length);
      // What the events say: each expectation's rows, 10 for each of the 3.
      const reported = events.filter((e) => e.element.name === 'clean_orders' && e.details?.expectations !== undefined).at(-1)?.details?.expectations ?? [];
      expect(reported.map((e) => e.passed + e.failed)).toEqual([10, 10, 10]);
      // The bar: one check per row per expectation, so 30 in all, not the 10 rows.
      const card = await cardText(page, 'clean_orders');
      expect({ passed: card.passed, failed: card.failed }).toEqual({ passed: 26, failed: 4 });
      expect((card.passed ?? 0) + (card.failed ?? 0)).toBe(reported.length * 10);

      const legend = page.locator('#legend li', { has: page.locator('.bar-swatch') });
      expect(await legend.textContent()).toBe('row checks passed / failed');
      expect(await legend.getAttribute('title')).toBe('Each expectation checks each row the flow writes: a row checked by three expectations counts three times.');

      // The panel lists each expectation's own rows, which sum to the card's checks.
      await page.click('g.node.flow[data-id="flow:clean_orders"]');
      await page.waitForFunction(() => document.querySelectorAll('#panel-expectations tbody tr').length === 3);
      expect(await page.$$eval('#panel-expectations thead th', (ths) => ths.map((th) => th.textContent))).toEqual(['expectation', 'action', 'rows passed', 'rows failed']);
      const rows = await page.$$eval('#panel-expectations tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      expect(rows).toEqual(reported.map((e) => [e.name, e.action, String(e.passed), String(e.failed)]));
    } finally {
      await viewer.close();
    }
  }, 60_000);
});
