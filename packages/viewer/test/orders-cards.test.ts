import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '@thund/ir';
import { startViewer } from '../src/index.js';
import { type Browser, chromiumAvailable, launchChromium } from './support/chromium.js';
import { expectedPerDataset } from './support/expected-counts.js';
import { cardText, hiddenCards, openViewer, screenshot, waitForAll } from './support/graph-page.js';
import { nativeOrdersRun, ordersPipeline, recordedEvents, recording } from './support/orders.js';

const pipeline = ordersPipeline();

describe.runIf(chromiumAvailable)('examples/orders in the viewer: one card per dataset with its rows and expectation bar', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  /** Every card shows exactly what the events counted, and its bar splits in the same proportion. */
  async function expectCardsToMatch(page: Awaited<ReturnType<typeof openViewer>>, events: readonly RunEvent[]): Promise<void> {
    const expected = expectedPerDataset(pipeline, events);
    for (const dataset of pipeline.datasets) {
      const shown = await cardText(page, dataset.name);
      const want = expected.get(dataset.name);
      expect(shown.flows, dataset.name).toEqual(pipeline.flows.filter((f) => f.target === dataset.name).map((f) => f.name));
      expect(shown.rowsWritten, dataset.name).toBe(want?.rowsWritten);
      if (want?.hasExpectations) {
        expect({ passed: shown.passed, failed: shown.failed }, dataset.name).toEqual({ passed: want.passed, failed: want.failed });
        const total = shown.bar.passed + shown.bar.failed;
        expect(shown.bar.passed / total).toBeCloseTo(want.passed / (want.passed + want.failed), 3);
      } else {
        expect(shown.passed, dataset.name).toBeUndefined();
      }
    }
  }

  it('a native run: 4 dataset cards (not 8 nodes), each showing the rows written and expectation counts of its events', async () => {
    const run = nativeOrdersRun(pipeline);
    const events: RunEvent[] = [];
    const viewer = await startViewer({ pipeline, events: recording(run.events, events), backend: 'native', lowered: run.lowered });
    try {
      const page = await openViewer(browser, viewer);
      await waitForAll(page, 'completed', pipeline.datasets.length);
      await viewer.done;
      expect(await page.locator('g.node.dataset').count()).toBe(4);
      await expectCardsToMatch(page, events);
      // clean_orders' expectations: 26 rows passed, 4 failed over its three expectations.
      expect(await cardText(page, 'clean_orders')).toMatchObject({ rowsWritten: 8, passed: 26, failed: 4 });
      await page.click('g.node.flow[data-id="flow:clean_orders"]');
      await page.waitForFunction(() => document.getElementById('panel-rows-written')?.textContent === '8');
      // Native reports no rows read for a batch flow: the panel says so rather than "0".
      expect(await page.textContent('#panel-rows-read')).toBe('not reported');
      // The side panel narrowed the canvas: the graph, untouched by the user, was fitted again.
      await page.waitForFunction(() => {
        const svg = document.getElementById('graph')?.getBoundingClientRect();
        return [...document.querySelectorAll('g.node.dataset')].every((g) => g.getBoundingClientRect().right <= (svg?.right ?? 0));
      });
      expect(await hiddenCards(page)).toEqual([]);
      await screenshot(page, 'orders-native');
    } finally {
      await viewer.close();
      await run.backend.close();
    }
  }, 60_000);

  it('a Spark-shaped run (recorded event log): the same cards, from the events Spark reports', async () => {
    const events = await recordedEvents('spark-orders-run.jsonl');
    const viewer = await startViewer({ pipeline, events, backend: 'spark' });
    try {
      const page = await openViewer(browser, viewer);
      await waitForAll(page, 'completed', pipeline.datasets.length);
      await expectCardsToMatch(page, events);
      expect(await cardText(page, 'clean_orders')).toMatchObject({ rowsWritten: 8, passed: 26, failed: 4 });
      await screenshot(page, 'orders-spark');
    } finally {
      await viewer.close();
    }
  }, 60_000);
});
