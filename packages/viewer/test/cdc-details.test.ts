import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViewer } from '../src/index.js';
import { type Browser, chromiumAvailable, launchChromium } from './support/chromium.js';
import { openViewer, waitForAll } from './support/graph-page.js';
import { examplePipeline, nativeExampleRun } from './support/orders.js';

const pipeline = examplePipeline('customers');

describe.runIf(chromiumAvailable)('examples/customers after a native run: every node\'s panel shows its schema and plan, CDC ones too', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it('a CDC target\'s card shows the columns it holds and the plan of the CDC flow writing it, as a materialized view\'s does', async () => {
    const run = nativeExampleRun('customers', pipeline);
    const viewer = await startViewer({ pipeline, events: run.events, backend: 'native', lowered: run.lowered });
    try {
      await viewer.done;
      const page = await openViewer(browser, viewer);
      await waitForAll(page, 'completed', pipeline.datasets.length);
      expect(pipeline.flows.filter((f) => f.kind === 'cdc').map((f) => f.target)).toEqual(['customers', 'customer_history']);
      for (const dataset of pipeline.datasets) {
        await page.click(`g.node.dataset[data-id="dataset:${dataset.name}"] > .card`, { position: { x: 40, y: 8 } });
        await page.waitForFunction((name) => document.getElementById('panel-title')?.textContent === name, dataset.name);
        const shown = await page.evaluate(() => ({
          schema: [...document.querySelectorAll('#panel-schema tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' ')),
          lowered: document.getElementById('panel-lowered')?.textContent,
        }));
        // The columns check infers for it (each dataset of this pipeline has them) …
        const columns = viewer.model.schema(`dataset:${dataset.name}`);
        expect(columns, dataset.name).toBeDefined();
        expect(shown.schema, dataset.name).toEqual(columns?.map((c) => `${c.name} ${c.type}`));
        // … and the lowered plan of each flow writing it, named.
        const writers = pipeline.flows.filter((f) => f.target === dataset.name);
        expect(writers.length, dataset.name).toBeGreaterThan(0);
        for (const writer of writers) {
          const plan = run.lowered.find((l) => l.flow === writer.name);
          expect(shown.lowered, dataset.name).toContain(`-- flow ${writer.name} (duckdb sql)\n${plan?.text}`);
        }
      }
    } finally {
      await viewer.close();
      await run.backend.close();
    }
  }, 60_000);
});
