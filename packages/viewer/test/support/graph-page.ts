import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViewerHandle } from '../../src/index.js';
import type { Browser } from './chromium.js';

type Page = Awaited<ReturnType<Browser['newPage']>>;

export const VIEWPORT = { width: 1280, height: 800 } as const;
const screenshots = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output', 'screenshots');

export interface Box {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Opens the viewer at 1280×800 and waits for the graph to be drawn and fitted and the first snapshot applied. */
export async function openViewer(browser: Browser, viewer: ViewerHandle): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(viewer.url);
  await page.waitForFunction(() => {
    const state = (window as unknown as { __thund: { snapshot: boolean; fitted: boolean } }).__thund;
    return state.snapshot && state.fitted;
  });
  return page;
}

/** Waits until every dataset card shows `status`. */
export async function waitForAll(page: Page, status: string, count: number): Promise<void> {
  await page.waitForFunction(([s, n]) => document.querySelectorAll(`g.node.dataset[data-status="${s}"]`).length === n, [status, count] as const, { timeout: 30_000 });
}

/** The on-screen boxes of the dataset cards. */
export function cardBoxes(page: Page): Promise<Box[]> {
  return page.$$eval('g.node.dataset', (gs) =>
    gs.map((g) => {
      const r = g.getBoundingClientRect();
      return { id: g.getAttribute('data-id') ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

export function canvasBox(page: Page): Promise<Box> {
  return page.$eval('#graph', (svg) => {
    const r = svg.getBoundingClientRect();
    return { id: 'graph', x: r.x, y: r.y, width: r.width, height: r.height };
  });
}

export const inside = (box: Box, outer: Box): boolean =>
  box.x >= outer.x && box.y >= outer.y && box.x + box.width <= outer.x + outer.width && box.y + box.height <= outer.y + outer.height;

export const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The cards a fitted view leaves hidden: outside the canvas, or under the legend or the toolbar floating over it. */
export async function hiddenCards(page: Page): Promise<string[]> {
  const canvas = await canvasBox(page);
  const overlays = await page.$$eval('#legend, #toolbar', (es) => es.map((e) => ({ id: e.id, ...(e.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number }) })));
  return (await cardBoxes(page)).filter((card) => !inside(card, canvas) || overlays.some((o) => overlaps(card, o))).map((card) => card.id);
}

/** The graph's pan-and-zoom transform: translate (x, y) and scale k. */
export async function graphTransform(page: Page): Promise<{ x: number; y: number; k: number }> {
  const text = (await page.getAttribute('#viewport', 'transform')) ?? '';
  const match = /translate\(([-\d.e]+),\s*([-\d.e]+)\)\s*scale\(([-\d.e]+)\)/.exec(text);
  if (match === null) throw new Error(`graph transform not set: "${text}"`);
  return { x: Number(match[1]), y: Number(match[2]), k: Number(match[3]) };
}

/** What a dataset card shows, read back from its text. */
export interface CardText {
  readonly flows: string[];
  readonly rowsWritten: number;
  readonly rowsRead: number | undefined;
  readonly passed: number | undefined;
  readonly failed: number | undefined;
  /** The widths of the bar's passed and failed parts. */
  readonly bar: { readonly passed: number; readonly failed: number };
}

export async function cardText(page: Page, datasetName: string): Promise<CardText> {
  return page.$eval(`g.node.dataset[data-id="dataset:${datasetName}"]`, (g) => {
    const number = (role: string): number | undefined => {
      const text = g.querySelector(`[data-role="${role}"]`)?.textContent;
      return text === undefined || text === null ? undefined : Number(text.replaceAll(',', ''));
    };
    const width = (cls: string): number => Number(g.querySelector(`.checks[data-state]:not([data-state="none"]) .${cls}`)?.getAttribute('width') ?? 0);
    return {
      flows: [...g.querySelectorAll('g.node.flow .flow-name')].map((t) => t.textContent ?? ''),
      rowsWritten: number('rows-written') ?? Number.NaN,
      rowsRead: number('rows-read'),
      passed: number('checks-passed'),
      failed: number('checks-failed'),
      bar: { passed: width('bar-passed'), failed: width('bar-failed') },
    };
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshots, { recursive: true });
  const path = join(screenshots, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
