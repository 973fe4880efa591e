/**
 * 'Statistiques' in the composed application: for a fixture of its own (March 2026, across the change
 * to summer time, requests received on the month's Paris edges), the figures on the screen are those
 * public.restaurant_statistics answers the owner; a figure's link opens the reservation list filtered
 * the same way; axe is clean at desktop and at 390 px (no sideways scroll); the period is kept in the
 * address; the dashboard's card shows the month's figures from one call for every card.
 * STATISTICS_SCREENSHOTS=<dir> saves the desktop and phone screenshots there (docs/screenshots).
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { client as supabaseClient } from '../../local-supabase/test/clients';
import { insertReservationsAsSuperuser } from '../../local-supabase/test/reservations';
import { launchBrowser, ownerWithRestaurant, ready, seriousViolations, settled, signedInPage, sql, type Ready } from './browser';

let browser: Browser;
let app: Ready;
let page: Page;
let owner: { email: string; password: string; restaurantId: string };

const FROM = '2026-03-01';
const TO = '2026-03-31';
const PERIOD = `periode=personnalisee&du=${FROM}&au=${TO}`;

interface Figures {
  requests: number;
  coversConfirmed: number;
  coversLost: number;
  confirmedGroups: number;
  revenueCents: number;
  revenuePerCoverCents: number | null;
  depositsReceivedCents: number;
  medianGroupSize: number | null;
}

beforeAll(async () => {
  app = ready();
  owner = await ownerWithRestaurant('statistiques', 'Chez Statistiques');
  // Past its onboarding: its dashboard card opens it (and shows its figures).
  await sql('update restaurants set onboarding_finished_at = now() where id = $1', [owner.restaurantId]);
  const row = (created: string | null, status: number, people: number, extra: Record<string, unknown> = {}) => ({
    restaurant_id: owner.restaurantId,
    number_people: people,
    reservation_date: '2026-04-10',
    customer_name: `Client ${created ?? 'du mois'}`,
    status,
    ...(created ? { created_at: created } : {}),
    ...extra,
  });
  await insertReservationsAsSuperuser(
    [
      // 1 March 00:30 in Paris (winter time): in March. Cancelled.
      row('2026-02-28T23:30:00Z', 4, 6),
      row('2026-03-02T10:00:00Z', 1, 10, { children: 2, source: 'phone', total_amount: 480, selected_menu: 'Menu Bistrot' }),
      row('2026-03-15T09:00:00Z', 3, 8, { source: 'web', total_amount: 320, amount_received_cents: 10_000, selected_menu: 'Menu Bistrot' }),
      row('2026-03-20T09:00:00Z', 2, 15),
      // 1 April 00:30 in Paris (summer time): not in March.
      row('2026-03-31T22:30:00Z', 1, 40),
      // Received now: this month's, on the dashboard's card.
      row(null, 0, 14, { reservation_date: '2099-06-01' }),
    ],
    app.supabase.dbUrl,
  );
  browser = await launchBrowser();
  page = await signedInPage(browser, owner);
});

afterAll(async () => {
  await browser?.close();
});

const statisticsUrl = (search = PERIOD) => `${app.url}/restaurants/${owner.restaurantId}/operational/statistics?${search}`;

/** What the SQL answers the owner, through supabase-js as the app calls it. */
async function sqlFigures(): Promise<Figures> {
  const client = supabaseClient(app.supabase.anonKey, app.supabase.url);
  const signIn = await client.auth.signInWithPassword(owner);
  if (signIn.error) throw signIn.error;
  const { data, error } = await client.rpc('restaurant_statistics', { p_restaurant_id: owner.restaurantId, p_from: FROM, p_to: TO });
  if (error) throw error;
  return (data as { current: Figures }).current;
}

/** A figure's value on the screen, as its digits (« 800,00 € » → 80000). */
async function shown(p: Page, key: string): Promise<string> {
  const text = await p.getByTestId(`statistic-${key}`).getByTestId('statistic-value').innerText();
  return text.replace(/\D/g, '');
}

async function screenshot(p: Page, name: string) {
  const dir = process.env.STATISTICS_SCREENSHOTS;
  if (dir) await p.screenshot({ path: path.join(dir, name), fullPage: true });
}

test('the figures on the screen are the SQL’s, and a figure opens the list filtered the same way', async () => {
  const sql = await sqlFigures();
  // Known by construction: four requests received in March (Paris), 12 + 8 covers confirmed, 15 + 6 lost, 800 €.
  expect(sql).toMatchObject({ requests: 4, coversConfirmed: 20, coversLost: 21, confirmedGroups: 2, revenueCents: 80000, depositsReceivedCents: 10000 });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(statisticsUrl());
  await page.getByTestId('statistic-requests').waitFor();
  expect(await shown(page, 'requests')).toBe(String(sql.requests));
  expect(await shown(page, 'coversConfirmed')).toBe(String(sql.coversConfirmed));
  expect(await shown(page, 'coversLost')).toBe(String(sql.coversLost));
  expect(await shown(page, 'revenue')).toBe(String(sql.revenueCents));
  expect(await shown(page, 'perCover')).toBe(String(sql.revenuePerCoverCents));
  expect(await shown(page, 'depositsReceived')).toBe(String(sql.depositsReceivedCents));
  expect(await page.getByTestId('statistics-period').innerText()).toBe('Demandes reçues du 01/03/2026 au 31/03/2026, comparées à celles du 29/01/2026 au 28/02/2026.');
  // The charts are drawn (uPlot's canvas), and their figures are a table for screen readers.
  await page.locator('figure canvas').first().waitFor();
  expect(await page.getByRole('table', { name: 'Demandes et couverts confirmés par semaine' }).count()).toBe(1);
  expect(await page.getByText('Menu Bistrot').count()).toBe(1);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'statistiques-bureau.png');

  await page.getByTestId('statistic-coversLost').getByRole('link').click();
  await page.waitForURL(/\/operational\/reservations\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ recuDu: FROM, recuAu: TO, statuts: 'rejected,cancelled,no_show' });
  await page
    .getByTestId('reservation-count')
    .getByText(/^2 réservation\(s\)/)
    .waitFor();
  await page.getByRole('button', { name: 'Retirer le filtre « Statuts : Refusée, Annulée, Non présenté »' }).click();
  await page
    .getByTestId('reservation-count')
    .getByText(/^4 réservation\(s\)/)
    .waitFor();
  expect(new URL(page.url()).searchParams.get('statuts')).toBeNull();
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the period is kept in the address, and an empty one says so', async () => {
  await page.goto(statisticsUrl(''));
  await page.getByRole('radio', { name: 'Ce mois-ci' }).waitFor({ state: 'attached' });
  expect(await page.getByRole('radio', { name: 'Ce mois-ci' }).isChecked()).toBe(true);
  await page.getByText('Mois dernier', { exact: true }).click();
  await page.waitForURL(/periode=mois-dernier/);
  await page.goto(statisticsUrl('periode=personnalisee&du=2025-01-01&au=2025-01-31'));
  await page.getByText('Aucune demande sur cette période').waitFor();
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('at 390 px: the figures one under the other, no sideways scroll, axe clean', async () => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
  try {
    const small = await phone.newPage();
    await small.goto(statisticsUrl());
    await small.getByTestId('statistic-requests').waitFor();
    await small.locator('figure canvas').first().waitFor();
    expect(await shown(small, 'requests')).toBe('4');
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await settled(small);
    expect(await seriousViolations(small)).toEqual([]);
    await screenshot(small, 'statistiques-telephone.png');
  } finally {
    await phone.close();
  }
});

test('the dashboard’s card shows the month’s figures, from one call for every card', async () => {
  const calls: string[] = [];
  const count = (request: { url(): string }) => void (request.url().includes('/rpc/dashboard_statistics') && calls.push(request.url()));
  page.on('request', count);
  await page.goto(`${app.url}/dashboard`);
  const card = page.getByTestId('restaurant-card').filter({ hasText: 'Chez Statistiques' });
  await card.getByTestId('restaurant-statistics').waitFor();
  page.off('request', count);
  expect((await card.getByTestId('restaurant-statistics').innerText()).replace(/\s+/g, ' ')).toBe('Ce mois-ci : 1 demande · — répondues à temps · 0 couvert');
  expect(calls).toHaveLength(1);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
});
