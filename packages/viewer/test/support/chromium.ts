import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export type Browser = Awaited<ReturnType<typeof chromium.launch>>;

/** Skipped only outside CI when Chromium is not installed; in CI a missing browser is a failure. */
export const chromiumAvailable = existsSync(CHROMIUM) || process.env['CI'] === 'true';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
