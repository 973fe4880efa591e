/**
 * Issue 30, items 13 and 14, in Chromium. On a phone (390 px) the restaurant's twelve links no longer
 * sit above every page: a compact bar names the current section and its 'Menu' button opens them in a
 * drawer, so the reservation list starts in the first screen. A decision's toast names its
 * reservation, and is gone once the owner opens another one. On an owner of its own.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { insertReservationAsSuperuser } from '../../local-supabase/test/reservations';
import { launchBrowser, ownerWithRestaurant, ready, seriousViolations, settled, signIn, type Ready } from './browser';

let browser: Browser;
let app: Ready;
let owner: Awaited<ReturnType<typeof ownerWithRestaurant>>;

async function pending(numero: string, name: string): Promise<string> {
  // Hand-picked numbers and a fixed far-future date (stable texts): submit_group_request refuses these.
  await insertReservationAsSuperuser(
    {
      restaurant_id: owner.restaurantId,
      numero_reservation_restaurateur: numero,
      numero_reservation: `TBL-${numero}`,
      code_reservation: 'TOAST1',
      customer_name: name,
      number_people: 12,
      reservation_date: '2099-05-20',
      email: 'client@exemple.fr',
    },
    ready().supabase.dbUrl,
  );
  return numero;
}

async function pageAt(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, app.url, owner.email, owner.password);
  return { context, page };
}

beforeAll(async () => {
  app = ready();
  owner = await ownerWithRestaurant('phone-menu', 'Chez Mobile');
  await pending('R-MOB-1', 'Anaïs Premier');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('at 390 px: a compact bar with the current section and Menu, the reservation list in the first screen, the links in a drawer', async () => {
  const { context, page } = await pageAt(390, 844);
  try {
    await page.goto(`${app.url}/restaurants/${owner.restaurantId}/operational/reservations`);
    const row = page.getByRole('listitem').filter({ hasText: 'R-MOB-1' });
    await row.waitFor();
    const bar = page.getByRole('navigation', { name: 'Rubriques du restaurant' });
    expect(await bar.innerText()).toContain('Réservations');
    // None of the twelve links is on the page until the menu is opened.
    expect(await page.getByRole('link', { name: 'Horaires & Fonctionnement' }).count()).toBe(0);
    await settled(page);
    await page.screenshot({ path: '/tmp/h5-phone-reservations-390.png' });
    // The first reservation is whole within the first screen.
    const box = (await row.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    await bar.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Chez Mobile' });
    await drawer.getByRole('link', { name: 'Horaires & Fonctionnement' }).waitFor();
    expect(await drawer.getByRole('link').count()).toBe(15); // The restaurant's ten, the operations' five (Réservations, Planning, Conversations, Statistiques, Clients).
    expect(await drawer.getByRole('link', { name: 'Réservations' }).getAttribute('aria-current')).toBe('page');
    await settled(page);
    await page.screenshot({ path: '/tmp/h5-phone-drawer-390.png' });
    expect(await seriousViolations(page)).toEqual([]);
    await drawer.getByRole('link', { name: 'Conversations' }).click();
    await page.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    expect(await bar.innerText()).toContain('Conversations');
  } finally {
    await context.close();
  }
});

test('at 1280 px the sidebar keeps its links beside the page', async () => {
  const { context, page } = await pageAt(1280, 800);
  try {
    await page.goto(`${app.url}/restaurants/${owner.restaurantId}/operational/reservations`);
    const nav = page.getByRole('navigation', { name: 'Menu du restaurant' });
    await nav.getByRole('link', { name: 'Horaires & Fonctionnement' }).waitFor();
    expect(await nav.getByRole('link').count()).toBe(15);
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0);
  } finally {
    await context.close();
  }
});

test('the toast of an acceptance names its reservation, and is gone on the next one', async () => {
  const first = await pending('R-TOAST-A', 'Bérénice Toast');
  await pending('R-TOAST-B', 'Camille Suivante');
  const { context, page } = await pageAt(1280, 800);
  try {
    await page.goto(`${app.url}/restaurants/${owner.restaurantId}/operational/reservations/${first}`);
    await page.getByRole('button', { name: 'Accepter' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Réservation R-TOAST-A acceptée' });
    await toast.waitFor();
    // Straight on to the next reservation (through the list), well within the toast's 4 s.
    await page.getByRole('link', { name: '← Retour aux réservations' }).click();
    await page.getByText('Camille Suivante').click();
    await page.getByRole('heading', { name: /Réservation R-TOAST-B/ }).waitFor();
    expect(await page.getByText(/Réservation R-TOAST-A acceptée/).count()).toBe(0);
    expect(await page.getByText('Réservation acceptée').count()).toBe(0);
  } finally {
    await context.close();
  }
});
