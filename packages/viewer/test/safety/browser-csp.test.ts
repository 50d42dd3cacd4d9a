import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { from, pipeline, readFiles } from '@thund/ir';
import { type ViewerHandle, startViewer } from '../../src/index.js';
import { EventFeed, flowEvent } from '../support/event-feed.js';

const CHROMIUM = '/usr/bin/chromium';
const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const p = pipeline('p').temporaryView('src', { query: readFiles('csv', 'a.csv') }).materializedView('mv', { query: from('src') }).build();

// Skipped only outside CI when Chromium is not installed; in CI a missing browser is a failure.
describe.runIf(existsSync(CHROMIUM) || process.env['CI'] === 'true')('viewer in headless Chromium: CSP and DNS rebinding', () => {
  let browser: Awaited<ReturnType<typeof chromium.launch>>;
  let viewer: ViewerHandle;
  let feed: EventFeed;
  let port = 0;
  beforeAll(async () => {
    // evil.test resolves to 127.0.0.1, as a rebinding attacker's name would.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...launchArgs, '--host-resolver-rules=MAP evil.test 127.0.0.1'] });
    feed = new EventFeed();
    viewer = await startViewer({ pipeline: p, events: feed, backend: 'test', lowered: [{ flow: 'mv', language: 'duckdb sql', text: 'SELECT * FROM src' }] });
    port = Number(new URL(viewer.url).port);
  });
  afterAll(async () => {
    feed?.end();
    await viewer?.close();
    await browser?.close();
  });

  it('the page renders and updates under its Content-Security-Policy; only an injected inline script is refused', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    try {
      const response = await page.goto(viewer.url);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
      await page.evaluate(() => {
        document.addEventListener('securitypolicyviolation', (e) => console.log(`Refused to ${e.violatedDirective}: ${e.blockedURI}`));
      });
      await page.waitForFunction(() => (window as unknown as { __thund: { snapshot: boolean } }).__thund.snapshot);
      feed.push(flowEvent('r', 'src', 'completed', { rowsWritten: 2 }));
      feed.push(flowEvent('r', 'mv', 'completed', { rowsWritten: 2 }));
      await page.waitForFunction(() => document.querySelectorAll('g.node[data-status="completed"]').length === 4);
      await page.click('g.node[data-id="flow:mv"]');
      await page.waitForFunction(() => document.getElementById('panel-rows-written')?.textContent === '2');
      expect(await page.textContent('#panel-lowered')).toContain('SELECT * FROM src');
      // An inline script, as an injected one would be, does not run.
      const inlineRan = await page.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true;';
        document.body.appendChild(script);
        await new Promise((r) => setTimeout(r, 100));
        return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
      });
      expect(inlineRan).toBe(false);
      expect(violations.filter((v) => !v.includes('script-src'))).toEqual([]);
      expect(violations.some((v) => v.includes('script-src'))).toBe(true);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('a navigation that reaches the viewer under another host name (DNS rebinding) gets 403', async () => {
    const page = await browser.newPage();
    try {
      const response = await page.goto(`http://evil.test:${port}/`);
      expect(response?.status()).toBe(403);
      expect(await page.textContent('body')).toMatch(/forbidden/);
      const api = await page.goto(`http://evil.test:${port}/api/graph`);
      expect(api?.status()).toBe(403);
      // The same server under its own name still answers.
      expect((await page.goto(viewer.url))?.status()).toBe(200);
    } finally {
      await page.close();
    }
  }, 60_000);
});
