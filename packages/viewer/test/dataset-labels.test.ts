import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, from, pipeline, readFiles } from '@thund/ir';
import { pipelineGraph, startViewer } from '../src/index.js';
import { type Browser, chromiumAvailable, launchChromium } from './support/chromium.js';
import { openViewer } from './support/graph-page.js';

/** One dataset of each kind the card names: a streaming table is a table only streaming and append-once flows write. */
const p = pipeline('kinds')
  .temporaryView('raw', { query: readFiles('json', 'in') })
  .streamingTable('events', { query: from('raw') })
  .table('backfilled')
  .flow('backfill_once', { target: 'backfilled', kind: 'append_once', query: readFiles('csv', 'old') })
  .flow('backfill_stream', { target: 'backfilled', kind: 'streaming', query: from('raw') })
  .table('recomputed', { query: from('events') })
  .table('mixed')
  .flow('mixed_stream', { target: 'mixed', kind: 'streaming', query: from('raw') })
  .flow('mixed_batch', { target: 'mixed', query: from('events') })
  .table('current')
  .flow('apply_changes', { target: 'current', kind: 'cdc', query: from('events'), cdc: { keys: ['id'], sequenceBy: 'seq', scdType: 1 } })
  .materializedView('totals', { query: from('events').groupBy('id').agg(count().as('n')) })
  .sink('export', { format: 'parquet', location: 'out/export' })
  .flow('export_events', { target: 'export', kind: 'streaming', query: from('events') })
  .build();

const LABELS: Readonly<Record<string, string>> = {
  raw: 'temporary view',
  events: 'streaming table',
  backfilled: 'streaming table',
  recomputed: 'table',
  mixed: 'table',
  current: 'table',
  totals: 'materialized view',
  export: 'sink',
};

describe('dataset labels', () => {
  it('the graph labels each dataset by its kind: a table only streaming and append-once flows write is a streaming table', () => {
    expect(Object.fromEntries(pipelineGraph(p).nodes.map((n) => [n.name, n.label]))).toEqual(LABELS);
  });

  describe.runIf(chromiumAvailable)('in headless Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => browser?.close());

    it('each card, its tooltip and its panel name the kind', async () => {
      const viewer = await startViewer({ pipeline: p, events: [] });
      try {
        const page = await openViewer(browser, viewer);
        const cards = await page.$$eval('g.node.dataset', (gs) =>
          gs.map((g) => [g.getAttribute('data-id')?.slice(8), g.querySelector(':scope > .type')?.textContent, g.querySelector(':scope > title')?.textContent]),
        );
        expect(Object.fromEntries(cards.map(([name, type]) => [name, type]))).toEqual(LABELS);
        for (const [name, , title] of cards) expect(title).toBe(`dataset ${name} (${LABELS[name ?? '']})`);
        await page.click('g.node.dataset[data-id="dataset:backfilled"] > .card', { position: { x: 40, y: 8 } });
        await page.waitForFunction(() => document.getElementById('panel-title')?.textContent === 'backfilled');
        expect(await page.textContent('#panel-kind')).toBe('dataset · streaming table · written by backfill_once, backfill_stream');
      } finally {
        await viewer.close();
      }
    }, 30_000);
  });
});
