/**
 * The link of an owner's alert (a reservation's page in the app, opened cold): the reservation and its
 * 'Accepter' and 'Refuser' show before the operations remote's code has arrived (a light start, as the
 * dashboard's), asked with the stored session before supabase-js has loaded (or once supabase-js has
 * refreshed an expired one), and a decision tapped there is carried out by the full screen once it takes
 * over.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { submitGroupRequest } from '../../local-supabase/test/reservations';
import { demoOwner, launchBrowser, ready, signedInPage, sql, until } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every request to the operations remote's server held back until `release()`. */
async function holdOperationsRemote(page: Page): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  const pattern = new RegExp(`^http://[^/]+:${ready().servers['mfe-operations'].port}/`);
  await page.route(pattern, (route) => (holding ? void held.push(route) : route.continue()));
  return {
    async release() {
      holding = false;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/**
 * A new pending request of the owner's copy of Le Comptoir des Halles, its link opened while the remote
 * is held back; `beforeOpening` changes the signed-in page first (its stored session).
 */
async function openAlertLink(label: string, beforeOpening?: (page: Page) => Promise<void>) {
  const copy = await demoOwner(label);
  const request = await submitGroupRequest(copy.restaurants.lyon, { customer: { name: 'Client Alerte', email: `${label}@example.fr` } }, ready().supabase);
  await sql("update public.restaurant_reservations set dietary_notes = 'Allergie aux noix' where id = $1", [request.id]);
  const page = await signedInPage(browser, copy);
  await beforeOpening?.(page);
  await page.addInitScript(COUNT_CLIENTS_WHEN_SHOWN);
  const remote = await holdOperationsRemote(page);
  await page.goto(`${ready().url}/restaurants/${copy.restaurants.lyon}/operational/reservations/${encodeURIComponent(request.restaurateur)}`);
  return { page, request, remote, copy };
}

/**
 * How many Supabase clients (supabase-js) the page had made when the reservation's heading first showed
 * (seen as React commits it: the full application, loaded from the page's first idle moment, makes one soon after).
 */
const COUNT_CLIENTS_WHEN_SHOWN = `(() => {
  const observer = new MutationObserver(() => {
    if (![...document.querySelectorAll('h1')].some((h) => /Réservation R-/.test(h.textContent || ''))) return;
    window.__clientsWhenShown = window.__TABLEE__?.supabaseClients ?? 0;
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;
const supabaseClients = (page: Page) => page.evaluate(() => (window as { __clientsWhenShown?: number }).__clientsWhenShown);

/**
 * The session supabase-js stored, made to have expired an hour ago (its refresh token still good), as
 * the alert's page starts: set before its scripts run, once, so that the signed-in page left behind
 * cannot refresh it in between (its client's timer would store a fresh one).
 */
const expireStoredSession = async (page: Page) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-expired-once')) return;
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    if (!key) return;
    sessionStorage.setItem('e2e-expired-once', '1');
    const session = JSON.parse(localStorage.getItem(key)!);
    localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 3600 }));
  });
};

const status = async (id: string) =>
  (await sql<{ name: string }>('select s.name from public.restaurant_reservations r join private.reservation_statuses s on s.code = r.status where r.id = $1', [id]))[0].name;

test('the reservation and its decision buttons show before the remote’s code, and Accepter tapped there accepts it', async () => {
  const { page, request, remote, copy } = await openAlertLink('alerte-accepter');
  await page.getByRole('heading', { name: new RegExp(`Réservation ${request.restaurateur}`) }).waitFor({ timeout: 15_000 });
  await page.getByText('Allergie aux noix').waitFor();
  // Read with the stored session: no Supabase client was needed to show it; the header names who is signed in.
  expect(await supabaseClients(page)).toBe(0);
  expect(await page.getByTestId('user-email').textContent()).toBe(copy.email);
  const accept = page.getByRole('button', { name: 'Accepter', exact: true });
  expect(await accept.isEnabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Refuser', exact: true }).isEnabled()).toBe(true);
  await accept.click();
  await remote.release();
  await until(
    () => status(request.id),
    (s) => s === 'accepted',
    `${request.restaurateur} accepted from its alert's link`,
  );
  // The full screen took over and says so.
  await page
    .getByText(/Réservation .* acceptée/)
    .first()
    .waitFor();
  await page.context().close();
});

test('Refuser tapped on the light page opens the full screen’s refusal dialog, and nothing is refused before it is confirmed', async () => {
  const { page, request, remote } = await openAlertLink('alerte-refuser');
  const refuse = page.getByRole('button', { name: 'Refuser', exact: true });
  await refuse.waitFor({ timeout: 15_000 });
  await refuse.click();
  await remote.release();
  await page.getByRole('dialog', { name: 'Refuser cette réservation ?' }).waitFor();
  expect(await status(request.id)).toBe('pending');
  await page.context().close();
});

test('a stored session that has expired: supabase-js refreshes it first, then the light page shows the reservation', async () => {
  const { page, request } = await openAlertLink('alerte-expiree', expireStoredSession);
  await page.getByRole('heading', { name: new RegExp(`Réservation ${request.restaurateur}`) }).waitFor({ timeout: 15_000 });
  await page.getByText('Allergie aux noix').waitFor();
  expect(await supabaseClients(page)).toBe(1);
  // Still the light page (the remote is held back): its buttons, not the full screen's.
  expect(await page.getByRole('button', { name: 'Accepter', exact: true }).isEnabled()).toBe(true);
  await page.context().close();
});

test('Se déconnecter on the light page ends the session and opens the sign-in page', async () => {
  const { page, request } = await openAlertLink('alerte-deconnexion');
  await page.getByRole('heading', { name: new RegExp(`Réservation ${request.restaurateur}`) }).waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL(/\/signin$/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /^sb-.*-auth-token$/.test(k)))).toEqual([]);
  await page.context().close();
});
