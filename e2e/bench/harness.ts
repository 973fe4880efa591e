/**
 * What every front-end bench shares: the composed app started as the e2e suite starts it
 * (E2E_SKIP_BUILD=1 reuses dist/), one Chromium, teardown whatever happens, medians of RUNS.
 */
import type { Browser } from 'playwright-core';
import globalSetup from '../test/global-setup';
import globalTeardown from '../test/global-teardown';
import { launchBrowser } from '../test/browser';

export const RUNS = 5;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function runBench(bench: (browser: Browser) => Promise<void>): void {
  (async () => {
    await globalSetup();
    const browser = await launchBrowser();
    try {
      await bench(browser);
    } finally {
      await browser.close();
      await globalTeardown();
    }
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
