import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { from, pipeline, readFiles } from '@thund/ir';
import { startViewer } from '../src/index.js';
import { CONTENT_SECURITY_POLICY } from '../src/security-headers.js';
import { type Browser, chromiumAvailable, launchChromium } from './support/chromium.js';

const p = pipeline('p').temporaryView('src', { query: readFiles('csv', 'a.csv') }).materializedView('mv', { query: from('src') }).build();

describe('the viewer\'s icon', () => {
  it('/favicon.ico is an SVG icon, served with the same security headers as the page', async () => {
    const viewer = await startViewer({ pipeline: p, events: [] });
    try {
      const reply = await fetch(new URL('/favicon.ico', viewer.url));
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('image/svg+xml');
      expect(reply.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await reply.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    } finally {
      await viewer.close();
    }
  });

  describe.runIf(chromiumAvailable)('in headless Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => browser?.close());

    it('the page loads with no failed request and no console error; its icon loads as an image under the CSP', async () => {
      const viewer = await startViewer({ pipeline: p, events: [] });
      const page = await browser.newPage();
      try {
        const failed: string[] = [];
        page.on('response', (response) => {
          if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
        });
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') failed.push(`console ${message.type()}: ${message.text()}`);
        });
        await page.goto(viewer.url, { waitUntil: 'load' });
        await page.waitForFunction(() => (window as unknown as { __thund: { snapshot: boolean } }).__thund.snapshot);
        // The icon the page names, loaded the way the browser loads it: as an image, under img-src.
        const icon = await page.evaluate(async () => {
          const href = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href;
          if (href === undefined) return null;
          const image = new Image();
          image.src = href;
          await image.decode();
          return { path: new URL(href).pathname, width: image.naturalWidth, height: image.naturalHeight };
        });
        expect(icon).toEqual({ path: '/favicon.ico', width: 32, height: 32 });
        // Chromium asks for the icon on its own after the load and reports no response of it to the page's
        // listeners, only a console error when it fails: give it a moment to ask.
        await page.waitForTimeout(1_000);
        expect(failed).toEqual([]);
      } finally {
        await page.close();
        await viewer.close();
      }
    }, 30_000);
  });
});
