/**
 * Operational screens at scale (ARCHITECTURE.md budgets), in headless Chromium against the composed
 * app with the large dataset loaded (bench@tablee.fr: 10,000 reservations, 2,000 conversations × 30
 * messages). Prints, per screen, the median time of RUNS full navigations to the data on screen and
 * the data requests (/rest/v1) one load makes. Not a test: it prints a table.
 *   pnpm --filter @tablee/e2e bench
 */
import type { Page } from 'playwright-core';
import { loadLargeDataset } from '../../local-supabase/test/large-dataset';
import { ready, signIn } from '../test/browser';
import { median, RUNS, runBench } from './harness';
import { LARGE } from './measure';

const RESTAURANT = LARGE.restaurant;
const CONVERSATION = LARGE.conversation;

/** Data requests of one load: the path and query of every /rest/v1 call, in order. */
function recordDataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/rest/v1/')) seen.push(`${request.method()} ${url.pathname.slice('/rest/v1/'.length)}`);
  });
  return seen;
}

runBench(async (browser) => {
  const app = ready();
  await loadLargeDataset(app.supabase.dbUrl);
  const base = `${app.url}/restaurants/${RESTAURANT}/operational`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, app.url, LARGE.email, LARGE.password);

  const screens: [string, string, (p: Page) => Promise<unknown>][] = [
    ['first reservation rows', `${base}/reservations`, (p) => p.locator('tbody tr.ant-table-row').first().waitFor()],
    [
      'filtered result (en attente + « mar » + dates)',
      `${base}/reservations?statut=pending&recherche=mar&du=2000-01-01&au=2100-12-31`,
      (p) =>
        p
          .getByTestId('reservation-count')
          .getByText(/réservation\(s\) — En attente/)
          .waitFor()
          .then(() => p.locator('tbody tr.ant-table-row').first().waitFor()),
    ],
    ['conversation list', `${base}/conversations`, (p) => p.getByTestId('conversation-card').first().waitFor()],
    ['conversation with 30 messages', `${base}/conversations/${CONVERSATION}`, (p) => p.locator('ol[aria-label="Messages"] > li').nth(29).waitFor()],
  ];

  console.log(`\nOperational screens on the large dataset, median of ${RUNS} full navigations (warm cache)`);
  console.log('| screen | to data on screen (ms) | aim < 1000 ms | data requests per load |');
  console.log('|---|---:|---|---|');
  const details: string[] = [];
  for (const [label, url, done] of screens) {
    const times: number[] = [];
    let requests: string[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      requests = recordDataRequests(page);
      const start = Date.now();
      await page.goto(url);
      await done(page);
      times.push(Date.now() - start);
      page.removeAllListeners('request');
    }
    const ms = median(times);
    console.log(`| ${label} | ${ms} | ${ms < 1000 ? 'met' : 'NOT met'} | ${requests.length} |`);
    details.push(`${label}: ${requests.join(' · ')}`);
  }
  // In the app: from the list already on screen, one click on a filter to its rows.
  const clicks: number[] = [];
  let filterRequests: string[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    await page.goto(`${base}/reservations`);
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    filterRequests = recordDataRequests(page);
    const start = Date.now();
    await page.getByText(/^Annulées \(\d+\)$/).click();
    await page
      .getByTestId('reservation-count')
      .getByText(/— Annulées$/)
      .waitFor();
    await page.locator('tbody [data-status="cancelled"]').first().waitFor();
    clicks.push(Date.now() - start);
    page.removeAllListeners('request');
  }
  console.log(`| filter clicked in the list (Annulées) | ${median(clicks)} | ${median(clicks) < 1000 ? 'met' : 'NOT met'} | ${filterRequests.length} |`);
  details.push(`filter clicked: ${filterRequests.join(' · ')}`);
  console.log('\nData requests of one full load (the shell’s restaurant check and the shared status counts included):');
  for (const line of details) console.log(`- ${line}`);
  await context.close();
});
