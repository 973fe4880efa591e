/**
 * 'Clients' (issue 47) in the composed application: the owner finds a customer by a search (kept in the
 * address), opens them and sees their history (reservations linked to their pages, the allergy seen, the
 * conversation), exports what the restaurant holds about them (a JSON and a readable HTML file), and erases
 * them: back on the list, the reservation list shows 'Client effacé' where the name was. axe is clean at
 * desktop and at 390 px (no sideways scroll). GUEST_BOOK_SCREENSHOTS=<dir> saves the screenshots there.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { insertReservationsAsSuperuser } from '../../local-supabase/test/reservations';
import { launchBrowser, ownerWithRestaurant, ready, seriousViolations, settled, signedInPage, sql, type Ready } from './browser';

let browser: Browser;
let app: Ready;
let page: Page;
let owner: { email: string; password: string; restaurantId: string };
let camille: { email: string; numeros: string[]; conversationId: string };

const ACCEPTED = 1;
const PAID = 3;

beforeAll(async () => {
  app = ready();
  owner = await ownerWithRestaurant('carnet', 'Chez Carnet');
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `camille-${suffix}@example.fr`;
  const [conversation] = await sql<{ id: string }>(
    "insert into public.conversations (restaurant_id, created_at, updated_at) values ($1, '2026-02-01T10:00:00Z', '2026-02-01T10:05:00Z') returning id",
    [owner.restaurantId],
  );
  await sql("insert into public.messages (conversation_id, role, content, created_at) values ($1, 'user', 'Bonjour, une table pour 12 le 14 février ?', '2026-02-01T10:00:00Z')", [
    conversation.id,
  ]);
  const row = (name: string, mail: string, date: string, status: number, extra: Record<string, unknown> = {}) => ({
    restaurant_id: owner.restaurantId,
    customer_name: name,
    email: mail,
    number_people: 12,
    reservation_date: date,
    status,
    ...extra,
  });
  const written = await insertReservationsAsSuperuser(
    [
      row('Camille Rousseau', email, '2026-02-14', PAID, {
        total_amount: 540,
        phone_number: '06 11 22 33 44',
        dietary_notes: 'Allergie aux noix',
        conversation_id: conversation.id,
        created_at: '2026-01-20T10:00:00Z',
      }),
      row('Camille Rousseau', email, '2099-06-20', ACCEPTED, { total_amount: 600, created_at: '2026-03-01T10:00:00Z' }),
      row('Denis Lefort', `denis-${suffix}@example.fr`, '2026-01-20', ACCEPTED, { total_amount: 300 }),
      row('Élise Moreau', `elise-${suffix}@example.fr`, '2026-03-05', ACCEPTED, { total_amount: 250 }),
    ],
    app.supabase.dbUrl,
  );
  camille = { email, numeros: written.slice(0, 2).map((w) => w.numero_reservation_restaurateur), conversationId: conversation.id };
  browser = await launchBrowser();
  page = await signedInPage(browser, owner);
});

afterAll(async () => {
  await browser?.close();
});

const clientsUrl = (search = '') => `${app.url}/restaurants/${owner.restaurantId}/operational/clients${search}`;

async function screenshot(p: Page, name: string) {
  const dir = process.env.GUEST_BOOK_SCREENSHOTS;
  if (dir) await p.screenshot({ path: path.join(dir, name), fullPage: true });
}

test('the owner finds a customer by a search, and opens their history', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${app.url}/restaurants/${owner.restaurantId}/operational/reservations`);
  await page.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: 'Clients' }).click();
  await page.waitForURL(/\/operational\/clients$/);
  await page.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
  await page.getByTestId('customer-count').getByText('3 clients').waitFor();
  await page.getByRole('heading', { name: 'Données à effacer dans les 30 jours' }).waitFor();
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'clients-bureau.png');

  await page.getByRole('searchbox', { name: 'Rechercher un client' }).fill('rousseau');
  await page.waitForURL(/\?q=rousseau$/);
  await page.getByTestId('customer-count').getByText('1 client pour « rousseau »').waitFor();
  const row = page.getByRole('row').filter({ hasText: 'Camille Rousseau' });
  expect(await row.innerText()).toMatch(/2 visites\s+24 couverts/);
  // A visit still to come is said so.
  expect(await row.innerText()).toContain('à venir le 20/06/2099');
  expect(await row.innerText()).toContain('06 11 22 33 44');
  expect(await row.innerText()).toContain('Allergie aux noix');
  await row.getByRole('cell').nth(2).click();
  await page.waitForURL(/\/operational\/clients\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name: /Camille Rousseau/ }).waitFor();
  for (const numero of camille.numeros)
    expect(await page.getByRole('link', { name: numero, exact: true }).getAttribute('href')).toBe(`/restaurants/${owner.restaurantId}/operational/reservations/${numero}`);
  expect(await page.getByTestId('customer-allergies').innerText()).toContain('Allergie aux noix');
  expect(await page.getByRole('link', { name: /commencée le/ }).getAttribute('href')).toBe(`/restaurants/${owner.restaurantId}/operational/conversations/${camille.conversationId}`);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'client-bureau.png');

  // The reservation's page tells of the customer, with a link back to them.
  await page.getByRole('link', { name: camille.numeros[1], exact: true }).click();
  await page.getByTestId('customer-hint').waitFor();
  expect(await page.getByTestId('customer-hint').innerText()).toContain('Client fidèle — 2ᵉ réservation');
  expect(await page.getByTestId('customer-hint').getByRole('link', { name: 'Voir la fiche client' }).count()).toBe(1);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'reservation-client-fidele.png');
  await page.goBack();
  await page.getByRole('heading', { level: 1, name: /Camille Rousseau/ }).waitFor();
});

test('the owner exports what the restaurant holds: a JSON and a readable HTML', async () => {
  // Both files, however close together the browser hands them over.
  const both = new Promise<Download[]>((resolve) => {
    const downloads: Download[] = [];
    const collect = (d: Download) => {
      downloads.push(d);
      if (downloads.length === 2) {
        page.off('download', collect);
        resolve(downloads);
      }
    };
    page.on('download', collect);
  });
  await page.getByRole('button', { name: 'Exporter les données' }).click();
  const downloads = await both;
  await page.getByText('Données exportées').waitFor();
  const byName = Object.fromEntries(downloads.map((d) => [d.suggestedFilename(), d]));
  expect(Object.keys(byName).sort()).toEqual(['client-camille-rousseau.html', 'client-camille-rousseau.json']);
  const json = JSON.parse(fs.readFileSync((await byName['client-camille-rousseau.json'].path())!, 'utf8')) as { customer: { email: string }; reservations: unknown[]; conversations: unknown[] };
  expect(json.customer.email).toBe(camille.email);
  expect(json.reservations).toHaveLength(2);
  expect(json.conversations).toHaveLength(1);
  const html = fs.readFileSync((await byName['client-camille-rousseau.html'].path())!, 'utf8');
  expect(html).toContain('<html lang="fr">');
  expect(html).toContain('Données personnelles de Camille Rousseau détenues par Chez Carnet');
  for (const section of ['Identité', 'Réservations', 'Conversations', 'Messages envoyés']) expect(html).toContain(`<h2>${section}</h2>`);
  expect(html).toContain('Allergie aux noix');
  expect(html).toContain('Bonjour, une table pour 12 le 14 février ?');
});

test('at 390 px: the list and the customer without sideways scroll, axe clean', async () => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
  try {
    const small = await phone.newPage();
    await small.goto(clientsUrl());
    await small.getByTestId('customer-count').getByText('3 clients').waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await settled(small);
    expect(await seriousViolations(small)).toEqual([]);
    await screenshot(small, 'clients-telephone.png');
    await small.getByRole('link', { name: 'Camille Rousseau' }).click();
    await small.getByRole('heading', { level: 1, name: /Camille Rousseau/ }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await settled(small);
    expect(await seriousViolations(small)).toEqual([]);
    await screenshot(small, 'client-telephone.png');
  } finally {
    await phone.close();
  }
});

test('the owner erases the customer: the reservation list shows « Client effacé » where the name was', async () => {
  await page.goto(clientsUrl('?q=rousseau'));
  await page.getByRole('link', { name: 'Camille Rousseau' }).click();
  await page.getByRole('heading', { level: 1, name: /Camille Rousseau/ }).waitFor();
  await page.getByRole('button', { name: 'Effacer ce client' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Cette action est irréversible.').waitFor();
  expect(await dialog.innerText()).toContain('dates, couverts et montants sont conservés');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
  await page.getByText('Client effacé', { exact: true }).waitFor();
  await page.waitForURL(/\/operational\/clients(\?.*)?$/);
  const rows = await sql<{ customer_name: string; email: string | null; total_amount: string; number_people: number }>(
    'select customer_name, email, total_amount, number_people from public.restaurant_reservations where numero_reservation_restaurateur = any($1) order by reservation_date',
    [camille.numeros],
  );
  expect(rows.map((r) => [r.customer_name, r.email, Number(r.total_amount), r.number_people])).toEqual([
    ['Client effacé', null, 540, 12],
    ['Client effacé', null, 600, 12],
  ]);

  await page.goto(`${app.url}/restaurants/${owner.restaurantId}/operational/reservations`);
  const first = page.getByRole('row').filter({ hasText: camille.numeros[0] });
  await first.waitFor();
  expect(await first.innerText()).toContain('Client effacé');
  expect(await page.getByText('Camille Rousseau').count()).toBe(0);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
});
