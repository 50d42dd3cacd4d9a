import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViewer } from '../src/index.js';
import { type Browser, chromiumAvailable, launchChromium } from './support/chromium.js';
import { expectedPerDataset } from './support/expected-counts.js';
import { fleetPipeline, fleetRun } from './support/fleet.js';
import { VIEWPORT, canvasBox, cardBoxes, cardText, graphTransform, hiddenCards, inside, openViewer, screenshot } from './support/graph-page.js';
import { ordersPipeline, recordedEvents } from './support/orders.js';

describe.runIf(chromiumAvailable)('viewer graph: fit on load, pan, zoom and fit again', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it('examples/orders fits the 1280×800 viewport on load: every card inside the graph canvas, at natural size', async () => {
    const pipeline = ordersPipeline();
    const viewer = await startViewer({ pipeline, events: await recordedEvents('spark-orders-run.jsonl'), backend: 'spark' });
    try {
      const page = await openViewer(browser, viewer);
      const canvas = await canvasBox(page);
      expect(inside(canvas, { id: 'viewport', x: 0, y: 0, ...VIEWPORT })).toBe(true);
      const boxes = await cardBoxes(page);
      expect(boxes.map((b) => b.id).sort()).toEqual(pipeline.datasets.map((d) => `dataset:${d.name}`).sort());
      for (const box of boxes) expect(inside(box, canvas), `${box.id} ${JSON.stringify(box)} inside ${JSON.stringify(canvas)}`).toBe(true);
      // Nor is any under the legend or the toolbar floating over the canvas.
      expect(await hiddenCards(page)).toEqual([]);
      // Four cards in a row, read left to right, at scale 1 (fitting does not shrink a graph that fits).
      expect((await graphTransform(page)).k).toBe(1);
      expect(boxes.map((b) => Math.round(b.y))).toEqual(boxes.map(() => Math.round(boxes[0]?.y ?? 0)));
    } finally {
      await viewer.close();
    }
  }, 60_000);

  it('the wheel zooms about the pointer, a drag pans, and Fit restores the fitted view', async () => {
    const pipeline = ordersPipeline();
    const viewer = await startViewer({ pipeline, events: await recordedEvents('spark-orders-run.jsonl'), backend: 'spark' });
    try {
      const page = await openViewer(browser, viewer);
      const fitted = await graphTransform(page);
      const canvas = await canvasBox(page);
      const [card] = await cardBoxes(page);
      if (card === undefined) throw new Error('no card drawn');

      // Wheel up over the first card: zoomed in, and the point under the pointer stays put.
      const pointer = { x: card.x + 20, y: card.y + 20 };
      await page.mouse.move(pointer.x, pointer.y);
      await page.mouse.wheel(0, -400);
      await page.waitForFunction((k) => !(document.getElementById('viewport')?.getAttribute('transform') ?? '').endsWith(`scale(${k})`), fitted.k);
      const zoomed = await graphTransform(page);
      expect(zoomed.k).toBeGreaterThan(fitted.k * 1.5);
      const graphPoint = { x: (pointer.x - canvas.x - fitted.x) / fitted.k, y: (pointer.y - canvas.y - fitted.y) / fitted.k };
      expect(canvas.x + zoomed.x + graphPoint.x * zoomed.k).toBeCloseTo(pointer.x, 0);
      expect(canvas.y + zoomed.y + graphPoint.y * zoomed.k).toBeCloseTo(pointer.y, 0);
      const [bigger] = await cardBoxes(page);
      expect(bigger?.width).toBeCloseTo(card.width * (zoomed.k / fitted.k), 0);

      // Drag on the empty canvas: the graph moves by the drag.
      const from = { x: canvas.x + 40, y: canvas.y + canvas.height - 300 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 150, from.y + 60, { steps: 8 });
      await page.mouse.up();
      const panned = await graphTransform(page);
      expect(panned.k).toBe(zoomed.k);
      expect(panned.x - zoomed.x).toBeCloseTo(150, 0);
      expect(panned.y - zoomed.y).toBeCloseTo(60, 0);

      // Zoom out with the toolbar, then Fit: back to the view the page opened with.
      await page.click('#zoom-out');
      await page.waitForFunction((k) => !(document.getElementById('viewport')?.getAttribute('transform') ?? '').endsWith(`scale(${k})`), panned.k);
      await page.click('#fit');
      await page.waitForFunction((t) => document.getElementById('viewport')?.getAttribute('transform') === `translate(${t.x},${t.y}) scale(${t.k})`, fitted, { timeout: 5_000 });
      const refitted = await graphTransform(page);
      expect(refitted).toEqual(fitted);
      expect(await hiddenCards(page)).toEqual([]);
    } finally {
      await viewer.close();
    }
  }, 60_000);

  it('a 200-flow pipeline: fits on load, each of its 180 cards shows its events\' counts, and reads when zoomed in', async () => {
    const pipeline = fleetPipeline();
    expect(pipeline.flows).toHaveLength(200);
    const events = fleetRun(pipeline);
    const viewer = await startViewer({ pipeline, events, backend: 'native' });
    try {
      await viewer.done;
      const page = await openViewer(browser, viewer);
      const canvas = await canvasBox(page);
      const boxes = await cardBoxes(page);
      expect(boxes).toHaveLength(pipeline.datasets.length);
      for (const box of boxes) expect(inside(box, canvas), box.id).toBe(true);
      expect(await hiddenCards(page)).toEqual([]);
      const expected = expectedPerDataset(pipeline, events);
      for (const dataset of pipeline.datasets) {
        const shown = await cardText(page, dataset.name);
        const want = expected.get(dataset.name);
        expect(shown.rowsWritten, dataset.name).toBe(want?.rowsWritten);
        if (want?.hasExpectations) expect({ passed: shown.passed, failed: shown.failed }, dataset.name).toEqual({ passed: want.passed, failed: want.failed });
      }
      expect(await page.locator('g.node.dataset[data-status="failed"]').count()).toBe(1);
      expect(await page.locator('g.node.dataset[data-status="running"]').count()).toBe(2);
      await screenshot(page, 'fleet-200-fit');
      // Zoomed in on the top-left corner, the cards read as in a small pipeline.
      const fitted = await graphTransform(page);
      const [first] = await cardBoxes(page);
      await page.mouse.move((first?.x ?? 0) + 2, (first?.y ?? 0) + 2);
      for (let i = 0; i < 6 && (await graphTransform(page)).k < 0.9; i += 1) {
        await page.mouse.wheel(0, -300);
        await page.waitForTimeout(50);
      }
      expect((await graphTransform(page)).k).toBeGreaterThan(fitted.k * 3);
      await screenshot(page, 'fleet-200-zoomed');
    } finally {
      await viewer.close();
    }
  }, 90_000);
});
