/**
 * An open reservation list follows the restaurant: a request that arrives (the chatbot's path) shows
 * within a few seconds in the list, in the sidebar's pending badge and in the tab's title, without a
 * reload; with nothing new, the list and its counts are not read again.
 */
import type { Browser, Page } from 'playwright-core';
import { submitGroupRequest } from '../../local-supabase/test/reservations';
import { demoOwner, launchBrowser, ready, settled, signedInPage } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What the item asks: a new request on screen within 5 s. */
const WITHIN_MS = 5_000;

const pendingInTitle = async (page: Page) => Number((await page.title()).match(/^\((\d+)\)/)?.[1] ?? 0);

/** The list's page and the status counts (badge, title, filter): the reads of the whole list. */
const isListRead = (url: string) => /\/rest\/v1\/(restaurant_reservations\?select=id%2C|reservation_status_counts)/.test(url);

/** The demo's copy of Le Comptoir des Halles, its list open on a clock the test moves on. */
async function openList(label: string): Promise<{ page: Page; restaurantId: string }> {
  const copy = await demoOwner(label);
  const restaurantId = copy.restaurants.lyon;
  const page = await signedInPage(browser, copy);
  await page.clock.install();
  await page.goto(`${ready().url}/restaurants/${restaurantId}/operational/reservations`);
  await page
    .getByRole('link', { name: /^R-\d+$/ })
    .first()
    .waitFor();
  await settled(page);
  return { page, restaurantId };
}

test('with nothing new, a minute goes by without the list or its counts read again', async () => {
  const { page } = await openList('rien-de-neuf');
  const reads: string[] = [];
  page.on('request', (request) => void (isListRead(request.url()) && reads.push(request.url())));
  for (let s = 0; s < 60; s += 5) {
    await page.clock.fastForward(5_000);
    await settled(page);
  }
  expect(reads).toEqual([]);
});

test('a new request shows in the open list, the badge and the title within 5 s', async () => {
  const app = ready();
  const { page, restaurantId } = await openList('en-direct');
  const pending = await pendingInTitle(page);
  const request = await submitGroupRequest(restaurantId, { customer: { name: 'Client En Direct', email: 'en-direct@example.fr' } }, app.supabase);
  await page.clock.fastForward(WITHIN_MS);
  // Well within a real refresh's delay: only the 5 s moved on above can show it in time.
  const shown = { timeout: 2_000 };
  await page.getByRole('link', { name: request.restaurateur, exact: true }).waitFor(shown);
  await page.getByLabel(new RegExp(`^${pending + 1} réservations? en attente`)).waitFor(shown);
  await page.waitForFunction((title) => document.title === title, `(${pending + 1}) Tablée`, shown);
});
