/**
 * Data in parallel with code: on a cold full load of each operational screen, the
 * restaurant check, the status counts and the screen's data all start before any of them has
 * answered, and before the operations remote's exposed code has arrived; each is asked once (the
 * remote finds the shell's requests in flight or answered). Read from the page's own request events,
 * in the order Chromium reports them. On an owner of its own (a request and its conversation).
 */
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { submitGroupRequest } from '../../local-supabase/test/reservations';
import { launchBrowser, ownerWithRestaurant, ready, signIn, sql, type Ready } from './browser';

let browser: Browser;
let app: Ready;
let context: BrowserContext;
let owner: { email: string; password: string };
let restaurantId: string;
let conversationId: string;
let numero: string;

beforeAll(async () => {
  app = ready();
  ({ restaurantId, ...owner } = await ownerWithRestaurant('parallele', 'Chez Parallèle', { complete: true }));
  // The request and its conversation, as the chatbot submits them.
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const request = await submitGroupRequest(
    restaurantId,
    {
      customer: { name: 'Hélène Parallèle', email: 'helene.parallele@exemple.fr' },
      conversation: {
        messages: [
          { role: 'user', content: 'Bonjour, une table pour douze ?', sent_at: minutesAgo(2) },
          { role: 'assistant', content: 'Avec plaisir !', sent_at: minutesAgo(1) },
        ],
      },
    },
    app.supabase,
  );
  numero = request.restaurateur;
  [{ id: conversationId }] = await sql<{ id: string }>('select conversation_id as id from restaurant_reservations where id = $1', [request.id]);
  browser = await launchBrowser();
  context = await browser.newContext();
  await signIn(await context.newPage(), app.url, owner.email, owner.password);
});

afterAll(async () => {
  await browser?.close();
});

type Event = { kind: 'start' | 'end'; url: URL };

/** Every request of one full load of `path` with the browser's cache off, in the order Chromium reports them, until `shown`. */
async function coldLoad(path: string, shown: (page: Page) => Promise<unknown>): Promise<Event[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const events: Event[] = [];
  page.on('request', (request) => events.push({ kind: 'start', url: new URL(request.url()) }));
  page.on('requestfinished', (request) => events.push({ kind: 'end', url: new URL(request.url()) }));
  try {
    await page.goto(`${app.url}${path}`);
    await shown(page);
    return [...events];
  } finally {
    await page.close();
  }
}

const remoteEntry = (name: string) => new URL((JSON.parse(fs.readFileSync(app.configFile, 'utf8')) as { remotes: Record<string, { entry: string }> }).remotes[name].entry);
const operationsOrigin = () => remoteEntry('mfe_operations').origin;
const isData = (url: URL) => url.origin === new URL(app.supabase.url).origin && url.pathname.startsWith('/rest/v1/');
const table = (url: URL) => url.pathname.slice('/rest/v1/'.length);

/**
 * What each data request waited for: the data answers and the remote's exposed code that had
 * arrived before it started ([] when nothing), by table.
 */
function waits(events: Event[]): Record<string, string[]> {
  const arrived: string[] = [];
  const waited: Record<string, string[]> = {};
  for (const { kind, url } of events) {
    const what = isData(url) ? table(url) : url.origin === operationsOrigin() && url.pathname.includes('__federation_expose_') ? 'code of mfe_operations' : null;
    if (!what) continue;
    if (kind === 'end') arrived.push(what);
    else if (isData(url)) waited[what] = [...(waited[what] ?? []), ...arrived];
  }
  return waited;
}

const asked = (events: Event[]) =>
  events
    .filter((e) => e.kind === 'start' && isData(e.url))
    .map((e) => table(e.url))
    .sort();

const base = () => `/restaurants/${restaurantId}/operational`;

test('reservation list: restaurant check, counts and rows start together, before the remote’s code', async () => {
  const events = await coldLoad(`${base()}/reservations?statut=pending&recherche=hél`, (page) => page.getByText('Hélène Parallèle').waitFor());
  // The list is the search function's answer (rpc/search_reservations), filtered and paged.
  // restaurant_reservations: the layout's probe of the latest change (operations-data's reservation-changes).
  expect(asked(events)).toEqual(['reservation_status_counts', 'restaurant_members', 'restaurant_reservations', 'restaurants', 'rpc/search_reservations']);
  expect(waits(events)).toMatchObject({ restaurants: [], restaurant_members: [], reservation_status_counts: [], 'rpc/search_reservations': [] });
});

test('reservation detail', async () => {
  const events = await coldLoad(`${base()}/reservations/${numero}`, (page) => page.getByRole('heading', { name: new RegExp(`Réservation ${numero}`) }).waitFor());
  // Opened cold (an alert's link), a reservation is drawn by the shell's light start: the reservation
  // alone, asked before any remote's code; the full screen takes over afterwards (alert-link.test.ts).
  expect(asked(events)).toEqual(['restaurant_reservations']);
  expect(waits(events)).toEqual({ restaurant_reservations: [] });
});

test('conversation list', async () => {
  const events = await coldLoad(`${base()}/conversations`, (page) => page.getByText('Affichage de 1 à 1 sur 1 conversations').waitFor());
  expect(asked(events)).toEqual(['conversation_summaries', 'reservation_status_counts', 'restaurant_members', 'restaurant_reservations', 'restaurants']);
  expect(waits(events)).toMatchObject({ restaurants: [], restaurant_members: [], reservation_status_counts: [], conversation_summaries: [] });
});

test('conversation detail', async () => {
  const events = await coldLoad(`${base()}/conversations/${conversationId}`, (page) => page.getByText('Avec plaisir !').waitFor());
  expect(asked(events)).toEqual(['conversations', 'reservation_status_counts', 'restaurant_members', 'restaurant_reservations', 'restaurants']);
  expect(waits(events)).toMatchObject({ restaurants: [], restaurant_members: [], reservation_status_counts: [], conversations: [] });
});

test('a profile tab: its remote’s code (then its sections query) does not wait for the restaurant check', async () => {
  const manifest = remoteEntry('mfe_restaurant_profile').href;
  const events = await coldLoad(`/restaurants/${restaurantId}/information`, (page) =>
    page
      .getByRole('heading', { name: 'Informations du restaurant' })
      .waitFor()
      .then(() => page.locator('form').first().waitFor()),
  );
  const isCheck = (url: URL) => isData(url) && table(url) === 'restaurants' && url.searchParams.get('select') === 'id,name';
  const manifestAsked = events.findIndex((e) => e.kind === 'start' && e.url.href === manifest);
  const checkAnswered = events.findIndex((e) => e.kind === 'end' && isCheck(e.url));
  expect(manifestAsked).toBeGreaterThanOrEqual(0);
  expect(checkAnswered).toBeGreaterThan(manifestAsked);
});

test('moving between screens of the restaurant asks the restaurant check no more', async () => {
  const page = await context.newPage();
  const checks: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // The check only (select=id,name): the Informations tab reads the same row for its own form.
    if (isData(url) && table(url) === 'restaurants' && url.searchParams.get('select') === 'id,name') checks.push(url.search);
  });
  await page.goto(`${app.url}${base()}/reservations`);
  await page.getByText('Hélène Parallèle').waitFor();
  const menu = page.getByRole('navigation', { name: 'Menu du restaurant' });
  await menu.getByRole('link', { name: 'Conversations', exact: true }).click();
  await page.getByText('Affichage de 1 à 1 sur 1 conversations').waitFor();
  // Through the dashboard and back: the layout is mounted again, the check comes from the cache.
  await page.getByRole('link', { name: 'Tableau de bord' }).click();
  await page.getByRole('link', { name: 'Chez Parallèle', exact: true }).click();
  await page.getByRole('navigation', { name: 'Menu du restaurant' }).getByText('Informations').waitFor();
  await page.getByText('Chez Parallèle', { exact: true }).waitFor();
  await page.close();
  expect(checks.filter((search) => search.includes(`id=eq.${restaurantId}`))).toHaveLength(1);
});
