import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { col, expect as expectation, from, pipeline, readFiles, type RunEvent } from '@thund/ir';
import { startViewer } from '../src/index.js';
import { cardLayouts, layoutFaults } from './support/card-layout.js';
import { type Browser, chromiumAvailable, launchChromium } from './support/chromium.js';
import { EventFeed } from './support/event-feed.js';
import { graphTransform, openViewer, screenshot } from './support/graph-page.js';

const LONG = 'customer_lifetime_value_by_region_and_quarter_of_first_purchase';
const checks = [expectation('has_id', col('id').isNotNull(), 'fail'), expectation('positive', col('amount').gt(0), 'drop'), expectation('known', col('customer').isNotNull(), 'warn')];

/** Names of every length, each dataset kind's label, one writer and several. */
const p = pipeline('layout')
  .temporaryView('x', { query: readFiles('csv', 'in'), expectations: checks })
  .streamingTable('orders_enriched_with_customer_and_product_dimensions', { query: readFiles('json', 'stream') })
  .flow('backfill_orders_enriched_with_customer_and_product_dimensions_from_archive', { target: 'orders_enriched_with_customer_and_product_dimensions', kind: 'append_once', query: readFiles('csv', 'archive') })
  .materializedView('customers_by_country', { query: from('x'), expectations: checks })
  .materializedView(LONG, { query: from('orders_enriched_with_customer_and_product_dimensions'), expectations: checks })
  // Wide glyphs: more room than an average letter's.
  .table('WWW_MMM_WAREHOUSE_MOVEMENTS_WEEKLY')
  .flow('MMM_WWW_MOVEMENTS_FROM_WAREHOUSE_WMS', { target: 'WWW_MMM_WAREHOUSE_MOVEMENTS_WEEKLY', query: from('x') })
  .flow('WWW_MMM_MOVEMENTS_FROM_WAREHOUSE_ERP', { target: 'WWW_MMM_WAREHOUSE_MOVEMENTS_WEEKLY', query: from('x') })
  .table('t')
  .flow('t_a', { target: 't', query: from('x') })
  .flow('t_b', { target: 't', query: from('x') })
  .sink('exported_customer_lifetime_value_partitioned_by_region', { format: 'parquet', location: 'out' })
  .flow('export_clv', { target: 'exported_customer_lifetime_value_partitioned_by_region', kind: 'streaming', query: from('orders_enriched_with_customer_and_product_dimensions') })
  .build();

const BIG = 9_876_543_210_987;
const at = (ms: number) => new Date(Date.parse('2026-12-04T09:00:00.000Z') + ms).toISOString();
const flowAt = (ms: number, name: string, phase: RunEvent['phase'], details?: RunEvent['details']): RunEvent => ({
  timestamp: at(ms), runId: 'r-layout', element: { kind: 'flow', name }, level: 'info', message: `flow ${name} ${phase}`, phase, ...(details === undefined ? {} : { details }),
});
const counted = (i: number): RunEvent['details'] => ({
  rowsWritten: BIG - i,
  rowsRead: 1_234_567_890_123 + i,
  durationMs: 3_723_000 + i,
  expectations: checks.map((e) => ({ name: e.name, action: e.action, passed: 8_765_432_109_876, failed: 1_111_111_111_111 + i })),
});

describe.runIf(chromiumAvailable)('card texts never overlap, whatever the names and counts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it('queued, running and with 13-digit counts: no two texts of a card intersect and none leaves it; cut ones are whole in a tooltip', async () => {
    const feed = new EventFeed();
    const viewer = await startViewer({ pipeline: p, events: feed, backend: 'native' });
    try {
      const page = await openViewer(browser, viewer);
      const check = async (stage: string) => {
        const layouts = await cardLayouts(page);
        expect(layouts, stage).toHaveLength(p.datasets.length);
        for (const layout of layouts) expect(layout.texts.length, `${stage}: ${layout.id}`).toBeGreaterThanOrEqual(4);
        expect(layouts.flatMap(layoutFaults), stage).toEqual([]);
      };
      await check('queued');
      await screenshot(page, 'card-layout-queued');

      for (const [i, f] of p.flows.entries()) feed.push(flowAt(i, f.name, 'running'));
      await page.waitForFunction((n) => document.querySelectorAll('g.node.flow[data-status="running"]').length === n, p.flows.length);
      await check('running');

      for (const [i, f] of p.flows.entries()) feed.push(flowAt(4_000_000 + i, f.name, 'completed', counted(i)));
      feed.end();
      await viewer.done;
      await page.waitForFunction((n) => document.querySelectorAll('g.node.flow[data-status="completed"]').length === n, p.flows.length);
      await check('completed');
      await screenshot(page, 'card-layout-completed');
      // Zoomed in, glyphs snap to other pixels: still clear of each other.
      const fitted = await graphTransform(page);
      await page.click('#zoom-in');
      await page.click('#zoom-in');
      // The toolbar zooms with a transition: wait until the scale stops changing.
      let k = fitted.k;
      await expect
        .poll(async () => {
          const now = (await graphTransform(page)).k;
          const settled = now === k && now !== fitted.k;
          k = now;
          return settled;
        }, { interval: 150, timeout: 5_000 })
        .toBe(true);
      // Two quick clicks add up (1.4 × 1.4), however far the first click's animation had got.
      expect((await graphTransform(page)).k / fitted.k).toBeCloseTo(1.96, 3);
      await check('zoomed in');

      // What a card had no room for is whole in the tooltip of the part it cut.
      const card = page.locator(`g.node.dataset[data-id="dataset:${LONG}"]`);
      expect(await card.locator(':scope > title').textContent()).toBe(`dataset ${LONG} (materialized view)`);
      const view = viewer.model.node(`dataset:${LONG}`);
      expect(await card.locator('.stats-row > title').textContent()).toBe(`${view.rowsWritten.toLocaleString('en-US')} rows written · ${view.rowsRead.toLocaleString('en-US')} read · 62 min 3 s`);
      expect(await card.locator('.checks > title').textContent()).toBe(
        `${view.checks.passed.toLocaleString('en-US')} row checks passed · ${view.checks.failed.toLocaleString('en-US')} failed (${Math.floor((view.checks.passed / (view.checks.passed + view.checks.failed)) * 1000) / 10}%)`,
      );
      const flow = page.locator('g.node.flow[data-id="flow:backfill_orders_enriched_with_customer_and_product_dimensions_from_archive"]');
      expect(await flow.locator(':scope > title').textContent()).toMatch(/^flow backfill_orders_enriched_with_customer_and_product_dimensions_from_archive \(append once\)/);
    } finally {
      await viewer.close();
    }
  }, 60_000);
});
