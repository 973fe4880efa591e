/**
 * Front-end budgets of ARCHITECTURE.md, measured in headless Chromium against the composed app
 * (started as `pnpm start` starts it, on a throw-away data directory). Not a test: it prints tables.
 *   pnpm --filter @tablee/e2e bench
 */
import type { Page } from 'playwright-core';
import { ready, signIn } from '../test/browser';
import { median, RUNS, runBench } from './harness';
import { recordAssets } from './measure';

interface Bytes {
  js: number;
  jsGzip: number;
  css: number;
  cssGzip: number;
}

/** JavaScript and CSS a first visit downloads, per module (by the origin that served it). */
async function firstVisitBytes(page: Page, url: string): Promise<Map<string, Bytes>> {
  const perModule = new Map<string, Bytes>();
  const assets = recordAssets(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  for (const { module, type, body, gzip } of await assets.settled()) {
    const entry = perModule.get(module) ?? { js: 0, jsGzip: 0, css: 0, cssGzip: 0 };
    if (type === 'script') {
      entry.js += body.length;
      entry.jsGzip += gzip;
    } else {
      entry.css += body.length;
      entry.cssGzip += gzip;
    }
    perModule.set(module, entry);
  }
  return perModule;
}

const kb = (n: number) => (n / 1024).toFixed(1);

runBench(async (browser) => {
  const base = ready().url;
  for (const [label, path, signedIn] of [
    ['/signin', '/signin', false],
    ['/dashboard', '/dashboard', true],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (signedIn) await signIn(page, base, 'demo@tablee.fr', 'tablee-demo');
    // A first visit: nothing cached (a new context), then the page itself.
    const fresh = await browser.newContext({ storageState: signedIn ? await context.storageState() : undefined });
    const bytes = await firstVisitBytes(await fresh.newPage(), `${base}${path}`);
    console.log(`\nFirst visit of ${label}: bytes downloaded per module`);
    console.log('| module | JS KB | JS gzip KB | CSS KB | CSS gzip KB |');
    console.log('|---|---:|---:|---:|---:|');
    const total: Bytes = { js: 0, jsGzip: 0, css: 0, cssGzip: 0 };
    for (const [module, b] of [...bytes.entries()].sort()) {
      console.log(`| ${module} | ${kb(b.js)} | ${kb(b.jsGzip)} | ${kb(b.css)} | ${kb(b.cssGzip)} |`);
      for (const key of Object.keys(total) as (keyof Bytes)[]) total[key] += b[key];
    }
    console.log(`| total | ${kb(total.js)} | ${kb(total.jsGzip)} | ${kb(total.css)} | ${kb(total.cssGzip)} |`);
    if (label === '/signin') console.log(`aim: under 300 KB of gzip JavaScript — ${total.jsGzip / 1024 < 300 ? 'met' : 'NOT met'}`);
    await fresh.close();
    await context.close();
  }

  // Time to first content and to the restaurant list after navigation, warm cache, median of RUNS.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, base, 'demo@tablee.fr', 'tablee-demo');
  const firstContent: number[] = [];
  const list: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = Date.now();
    await page.goto(`${base}/dashboard`);
    await page.getByText('Le Comptoir des Halles').waitFor();
    list.push(Date.now() - start);
    firstContent.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN));
  }
  console.log(
    `\n/dashboard, median of ${RUNS} navigations: first content ${median(firstContent).toFixed(0)} ms, restaurant list ${median(list)} ms (aim: list under 1000 ms — ${median(list) < 1000 ? 'met' : 'NOT met'})`,
  );
  await context.close();
});
