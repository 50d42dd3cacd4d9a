import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '@thund/ir';
import { ViewerModel, startViewer } from '../src/index.js';
import { type Browser, chromiumAvailable, launchChromium } from './support/chromium.js';
import { fleetPipeline, fleetRun } from './support/fleet.js';
import { openViewer } from './support/graph-page.js';
import { ordersPipeline, recordedEvents } from './support/orders.js';

const orders = ordersPipeline();

/** The recorded orders run, as if its pipeline had been renamed and one of its flows too. */
async function renamedRun(): Promise<RunEvent[]> {
  return (await recordedEvents('spark-orders-run.jsonl')).map((e) => {
    if (e.element.kind === 'pipeline') return { ...e, element: { kind: 'pipeline', name: 'orders_v2' } };
    if (e.element.kind === 'flow' && e.element.name === 'daily_revenue') return { ...e, element: { kind: 'flow', name: 'revenue_by_day' } };
    return e;
  });
}

describe('an event log of another pipeline', () => {
  it('the model tells the log\'s pipeline and run, and the flows its events name that the pipeline shown does not declare', async () => {
    const model = new ViewerModel(orders);
    for (const event of await renamedRun()) model.apply(event);
    expect(model.logMismatch()).toEqual({ shown: 'orders', logged: 'orders_v2', runId: 'run-20261202160411-9c2e7a', undeclaredFlows: ['revenue_by_day'], undeclaredFlowCount: 1 });

    const same = new ViewerModel(orders);
    for (const event of await recordedEvents('spark-orders-run.jsonl')) same.apply(event);
    expect(same.logMismatch()).toBeNull();
  });

  it('names at most five undeclared flows, and counts them all', () => {
    const model = new ViewerModel(orders);
    const fleet = fleetPipeline();
    const events = fleetRun(fleet);
    for (const event of events) model.apply(event);
    const mismatch = model.logMismatch();
    expect(mismatch?.logged).toBe('fleet');
    const firstNamed = [...new Set(events.filter((e) => e.element.kind === 'flow').map((e) => e.element.name))];
    expect(mismatch?.undeclaredFlows).toEqual(firstNamed.slice(0, 5));
    expect(mismatch?.undeclaredFlowCount).toBe(fleet.flows.length);
  });

  describe.runIf(chromiumAvailable)('in headless Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => browser?.close());

    it('the page opens with a warning naming both pipelines, the run and the flows it cannot draw', async () => {
      const viewer = await startViewer({ pipeline: orders, events: await renamedRun(), backend: 'spark' });
      try {
        await viewer.done;
        const page = await openViewer(browser, viewer);
        const banner = page.locator('#log-warning');
        await banner.waitFor({ state: 'visible', timeout: 5_000 });
        expect(await banner.getAttribute('role')).toBe('alert');
        expect(await banner.textContent()).toBe(
          'This event log is of pipeline "orders_v2" (run run-20261202160411-9c2e7a), not of "orders", the pipeline shown: the cards may not match the run. ' +
            'Its events name 1 flow "orders" does not declare, not drawn: revenue_by_day.',
        );
        // Shown above the graph, not over it: every card is still in view.
        const box = await banner.boundingBox();
        const graph = await page.locator('#graph').boundingBox();
        expect(box !== null && graph !== null && box.y + box.height <= graph.y).toBe(true);
      } finally {
        await viewer.close();
      }
    }, 30_000);

    it('a log of the pipeline shown opens with no warning', async () => {
      const viewer = await startViewer({ pipeline: orders, events: await recordedEvents('spark-orders-run.jsonl'), backend: 'spark' });
      try {
        await viewer.done;
        const page = await openViewer(browser, viewer);
        expect(await page.locator('#log-warning').isHidden()).toBe(true);
      } finally {
        await viewer.close();
      }
    }, 30_000);
  });
});
