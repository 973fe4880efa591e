/**
 * The operational screens in Chromium as the demo owner: reservations (filter, search, accept with
 * the e-mail and the sheets, refuse after confirming) and conversations (pages, detail, deletion).
 * Expected values are read from the database, not written here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, ready, seriousViolations, signIn, type Ready } from './browser';

const DEMO = { email: 'demo@tablee.fr', password: 'tablee-demo', restaurantId: '20000000-0000-4000-8000-000000000001' };
let browser: Browser;
let app: Ready;
let page: Page;
const axe: Record<string, string[]> = {};

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const pg = createRequire(path.resolve(__dirname, '../../local-supabase/package.json'))('pg');
  const client = new pg.Client({ connectionString: app.supabase.dbUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
const pendingCount = async () =>
  Number((await sql<{ c: string }>('select count(*) as c from restaurant_reservations where restaurant_id = $1 and status = 0', [DEMO.restaurantId]))[0].c);

const outbox = () => path.join(path.dirname(process.env.E2E_READY_FILE!), 'outbox');
const emails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((f) => f.endsWith('.eml')) : []);

async function waitFor<T>(read: () => Promise<T> | T, accept: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (accept(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`attendu : ${what}`);
}

const base = () => `${app.url}/restaurants/${DEMO.restaurantId}/operational`;
const sidebarBadge = () => page.getByTestId('pending-badge');

beforeAll(async () => {
  app = ready();
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
  await signIn(page, app.url, DEMO.email, DEMO.password);
});

afterAll(async () => {
  await browser?.close();
});

test('reservations: counts, status filter and name search, kept in the URL', async () => {
  const total = Number((await sql<{ c: string }>('select count(*) as c from restaurant_reservations where restaurant_id = $1', [DEMO.restaurantId]))[0].c);
  const pending = await pendingCount();
  await page.goto(`${base()}/reservations`);
  await page.getByRole('heading', { name: 'Réservations', exact: true }).waitFor();
  await page.getByText('Liste des demandes de réservation pour votre établissement').waitFor();
  await page.getByTestId('reservation-count').getByText(`${total} réservation(s) — Toutes les réservations`).waitFor();
  await page.getByRole('row').nth(1).waitFor();
  expect(await sidebarBadge().getAttribute('aria-label')).toBe(`${pending} réservations en attente`);
  axe.reservations = await seriousViolations(page);

  await page.getByText(`En attente (${pending})`).click();
  await page.waitForURL(/statut=pending/);
  await page.getByTestId('reservation-count').getByText(`${pending} réservation(s) — En attente`).waitFor();
  const statuses = await page.locator('tbody [data-status]').evaluateAll((tags) => tags.map((t) => t.getAttribute('data-status')));
  expect(statuses.length).toBe(pending);
  expect(new Set(statuses)).toEqual(new Set(['pending']));

  const [{ customer_name: name }] = await sql<{ customer_name: string }>(
    `select customer_name from restaurant_reservations where restaurant_id = $1 and numero_reservation_restaurateur = 'R-0001'`,
    [DEMO.restaurantId],
  );
  const part = name.split(' ').pop()!.slice(0, 4).toLowerCase();
  const matching = Number(
    (await sql<{ c: string }>(`select count(*) as c from restaurant_reservations where restaurant_id = $1 and status = 0 and customer_name ilike $2`, [DEMO.restaurantId, `%${part}%`]))[0].c,
  );
  await page.getByLabel('Rechercher par nom de client').fill(part);
  await page.waitForURL((u) => u.searchParams.get('recherche') === part && u.searchParams.get('statut') === 'pending');
  await page.getByTestId('reservation-count').getByText(`${matching} réservation(s) — En attente`).waitFor();
  await page.getByRole('cell', { name: name, exact: true }).first().waitFor();

  // A shared link shows the same list.
  await page.reload();
  await page.getByTestId('reservation-count').getByText(`${matching} réservation(s) — En attente`).waitFor();
  expect(await page.getByLabel('Rechercher par nom de client').inputValue()).toBe(part);
});

test('accept a pending reservation: e-mail in the outbox, badges updated, both sheets are PDFs', async () => {
  const pendingBefore = await pendingCount();
  const mailsBefore = emails().length;
  await page.getByRole('link', { name: 'R-0001', exact: true }).click();
  await page.getByRole('heading', { name: /Réservation R-0001/ }).waitFor();
  await page.getByText('En attente', { exact: true }).first().waitFor();
  axe.reservation = await seriousViolations(page);

  await page.getByRole('button', { name: 'Accepter' }).click();
  await page.getByRole('heading', { name: /Réservation R-0001/ }).getByText('Acceptée').waitFor();
  expect((await sql('select status from restaurant_reservations where numero_reservation = $1', ['TBL-DEMO01']))[0]).toEqual({ status: 1 });
  await waitFor(() => emails().length, (n) => n === mailsBefore + 1, 'un e-mail dans la boîte d’envoi');
  await waitFor(() => sidebarBadge().getAttribute('aria-label'), (l) => l === `${pendingBefore - 1} réservation${pendingBefore - 1 > 1 ? 's' : ''} en attente`, 'le badge mis à jour');

  for (const sheet of ['Feuille cuisine', 'Feuille salle']) {
    const request = page.context().waitForEvent('request', (r) => /\/reservations\/TBL-DEMO01\/feuille-(cuisine|salle)\?code=/.test(r.url()));
    await page.getByRole('button', { name: sheet }).click();
    const url = (await request).url();
    const response = await page.request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
  // The list comes back as it was left (filter and search).
  await page.getByRole('link', { name: '← Retour aux réservations' }).click();
  await page.waitForURL(/statut=pending/);
});

test('refuse another pending reservation after confirming', async () => {
  await page.goto(`${base()}/reservations/R-0002`);
  await page.getByRole('heading', { name: /Réservation R-0002/ }).waitFor();
  await page.getByRole('button', { name: 'Refuser' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Êtes-vous sûr de vouloir refuser cette réservation ?', { exact: false }).waitFor();
  // Cancelling changes nothing.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect((await sql('select status from restaurant_reservations where numero_reservation = $1', ['TBL-DEMO02']))[0]).toEqual({ status: 0 });
  await page.getByRole('button', { name: 'Refuser' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Refuser' }).click();
  await page.getByRole('heading', { name: /Réservation R-0002/ }).getByText('Refusée').waitFor();
  expect((await sql('select status from restaurant_reservations where numero_reservation = $1', ['TBL-DEMO02']))[0]).toEqual({ status: 2 });
  expect(await page.getByRole('button', { name: 'Accepter' }).count()).toBe(0);
});

test('unknown reservation: the error view and back to the list', async () => {
  await page.goto(`${base()}/reservations/R-9999`);
  await page.getByRole('heading', { name: 'Erreur' }).first().waitFor();
  await page.getByText('Réservation non trouvée').waitFor();
  await page.getByRole('button', { name: 'Retour à la liste' }).click();
  await page.waitForURL(`${base()}/reservations`);
});

test('conversations: pages of 10, open one, delete it after confirming', async () => {
  const count = async () => Number((await sql<{ c: string }>('select count(*) as c from conversations where restaurant_id = $1', [DEMO.restaurantId]))[0].c);
  const total = await count();
  const lastPage = Math.ceil(total / 10);
  expect(lastPage).toBeGreaterThan(1);
  await page.goto(`${base()}/conversations`);
  await page.getByRole('heading', { name: 'Conversations', exact: true }).waitFor();
  await page.getByText(`Affichage de 1 à 10 sur ${total} conversations`).waitFor();
  expect(await page.getByTestId('conversation-card').count()).toBe(10);
  axe.conversations = await seriousViolations(page);

  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByText(`Affichage de 11 à ${Math.min(20, total)} sur ${total} conversations`).waitFor();
  await page.waitForURL(/page=2/);
  await page.getByRole('button', { name: `Page ${lastPage}` }).click();
  await page.getByText(`Affichage de ${(lastPage - 1) * 10 + 1} à ${total} sur ${total} conversations`).waitFor();
  const expectedIds = await sql<{ id: string }>('select id from conversations where restaurant_id = $1 order by updated_at desc, id desc offset $2', [DEMO.restaurantId, (lastPage - 1) * 10]);
  const card = page.getByTestId('conversation-card').first();
  expect(await card.getAttribute('href')).toMatch(new RegExp(`/conversations/${expectedIds[0].id}$`));

  await card.click();
  const id = expectedIds[0].id;
  await page.getByRole('heading', { name: `Conversation #${id.slice(0, 8)}` }).waitFor();
  const messages = Number((await sql<{ c: string }>('select count(*) as c from messages where conversation_id = $1', [id]))[0].c);
  await page.getByText(new RegExp(`^Créée le \\d{2}/\\d{2}/\\d{4} • ${messages} message\\(s\\)$`)).waitFor();
  axe.conversation = await seriousViolations(page);

  await page.getByRole('button', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Êtes-vous sûr de vouloir supprimer cette conversation ? Cette action est irréversible.').waitFor();
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await page.waitForURL(`${base()}/conversations`);
  await page.getByText(`Affichage de 1 à 10 sur ${total - 1} conversations`).waitFor();
  expect(await sql('select 1 from conversations where id = $1', [id])).toHaveLength(0);
  expect(await sql('select 1 from messages where conversation_id = $1', [id])).toHaveLength(0);
});

test('axe-core: no serious or critical violation on the four screens', () => {
  expect(axe).toEqual({ reservations: [], reservation: [], conversations: [], conversation: [] });
});
