/**
 * What every front-end bench shares: the composed app started as the e2e suite starts it
 * (E2E_SKIP_BUILD=1 reuses dist/), one Chromium, teardown whatever happens, medians of RUNS.
 */
import type { Browser } from 'playwright-core';
import { startApplication } from '../test/global-setup';
import globalTeardown from '../test/global-teardown';
import { launchChromium } from '../test/browser';

export const RUNS = 5;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Runs the bench between the app's start and its stop. The app and Chromium are stopped on every
 * way out: the bench's end, its failure, a failed or timed-out start, Ctrl-C or SIGTERM.
 */
export function runBench(bench: (browser: Browser) => Promise<void>, options: { flags?: string[] } = {}): void {
  let browser: Browser | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await browser?.close().catch(() => undefined);
      await globalTeardown();
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stop().finally(() => process.exit(130)));
  }
  (async () => {
    try {
      await startApplication();
      browser = await launchChromium(options.flags);
      await bench(browser);
    } finally {
      await stop();
    }
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
