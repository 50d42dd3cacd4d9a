import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '@thund/ir';
import { startViewer } from '../src/index.js';
import { type Browser, chromiumAvailable, launchChromium } from './support/chromium.js';
import { fleetPipeline, fleetRun } from './support/fleet.js';
import { openViewer } from './support/graph-page.js';
import { ordersPipeline, recordedEvents } from './support/orders.js';

const LEVELS: readonly RunEvent['level'][] = ['debug', 'info', 'warn', 'error'];

describe.runIf(chromiumAvailable)('viewer dock: the run timeline and the filterable event list', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it('draws each flow as a bar from its start to its end, in start order, lengths in proportion to the times', async () => {
    const pipeline = ordersPipeline();
    const events = await recordedEvents('spark-orders-run.jsonl');
    const viewer = await startViewer({ pipeline, events, backend: 'spark' });
    try {
      await viewer.done;
      const page = await openViewer(browser, viewer);
      await page.waitForFunction(() => document.querySelectorAll('#timeline g.bar[data-status="completed"]').length === 4);
      const bars = await page.$$eval('#timeline g.bar', (gs) =>
        gs.map((g) => ({ id: g.getAttribute('data-id'), x: Number(g.querySelector('rect')?.getAttribute('x')), width: Number(g.querySelector('rect')?.getAttribute('width')) })),
      );
      // From the events: when each flow left `queued`, and when it ended.
      const span = (flow: string) => {
        const own = events.filter((e) => e.element.kind === 'flow' && e.element.name === flow && e.phase !== undefined && e.phase !== 'queued');
        return { start: Date.parse(own[0]?.timestamp ?? ''), end: Date.parse(own.at(-1)?.timestamp ?? '') };
      };
      const byStart = pipeline.flows.map((f) => ({ id: `flow:${f.name}`, ...span(f.name) })).sort((a, b) => a.start - b.start);
      expect(bars.map((b) => b.id)).toEqual(byStart.map((f) => f.id));
      const [first, second] = byStart;
      const [firstBar, secondBar] = bars;
      if (first === undefined || second === undefined || firstBar === undefined || secondBar === undefined) throw new Error('bars missing');
      const pxPerMs = firstBar.width / (first.end - first.start);
      expect(secondBar.width / (second.end - second.start)).toBeCloseTo(pxPerMs, 3);
      expect(secondBar.x - firstBar.x).toBeCloseTo((second.start - first.start) * pxPerMs, 1);
    } finally {
      await viewer.close();
    }
  }, 60_000);

  it('lists every event, and filters them by lowest level and by element', async () => {
    const pipeline = fleetPipeline();
    const events = fleetRun(pipeline);
    const viewer = await startViewer({ pipeline, events, backend: 'native' });
    try {
      await viewer.done;
      const page = await openViewer(browser, viewer);
      const listed = () => page.$$eval('#events li', (items) => items.map((li) => ({ level: li.getAttribute('data-level'), element: li.getAttribute('data-element'), message: li.querySelector('.message')?.textContent })));
      expect(await page.textContent('#events-count')).toBe(`${events.length} events (the last 500 shown)`);
      expect((await listed()).map((e) => e.message)).toEqual(events.slice(-500).map((e) => e.message));

      const atLeast = (level: RunEvent['level']) => (e: RunEvent) => LEVELS.indexOf(e.level) >= LEVELS.indexOf(level);
      await page.selectOption('#events-level', 'warn');
      const warnings = events.filter(atLeast('warn'));
      expect(warnings.length).toBeGreaterThan(1);
      expect(await listed()).toEqual(warnings.map((e) => ({ level: e.level, element: `flow:${e.element.name}`, message: e.message })));
      expect(await page.textContent('#events-count')).toBe(`${warnings.length} of ${events.length} events`);

      await page.selectOption('#events-level', 'debug');
      await page.selectOption('#events-element', 'flow:r14_enrich');
      const ofFlow = events.filter((e) => e.element.name === 'r14_enrich');
      expect((await listed()).map((e) => e.message)).toEqual(ofFlow.map((e) => e.message));

      await page.selectOption('#events-level', 'error');
      expect(await listed()).toEqual(ofFlow.filter(atLeast('error')).map((e) => ({ level: 'error', element: 'flow:r14_enrich', message: e.message })));
      await page.selectOption('#events-element', 'pipeline:fleet');
      expect(await listed()).toEqual([]);
    } finally {
      await viewer.close();
    }
  }, 60_000);
});
