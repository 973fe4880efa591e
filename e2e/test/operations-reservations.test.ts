/**
 * The reservation screens in Chromium, on an owner's copy of the demo data: filter, search, accept with the e-mail and
 * the sheets, refuse after confirming (conversations: operations-conversations.test.ts). The browser
 * decides with the owner's session and never reads a code_manage from the tables.
 * Expected values are read from the database, not written here.
 */
import type { Browser, Page } from 'playwright-core';
import { demoOwner, emailsFor, launchBrowser, ready, seriousViolations, signIn, sql, until, type Ready } from './browser';

let restaurantId = '';
/** The global numbers of this copy's R-0001 and R-0002 (pending in the seed). */
const numero: Record<string, string> = {};
let browser: Browser;
let app: Ready;
let page: Page;
const axe: Record<string, string[]> = {};
/** Every answer of the table API and of the list's search function about reservations that reached the page. */
const reservationReads: Promise<{ url: string; body: string }>[] = [];

const pendingCount = async () => Number((await sql<{ c: string }>('select count(*) as c from restaurant_reservations where restaurant_id = $1 and status = 0', [restaurantId]))[0].c);

const base = () => `${app.url}/restaurants/${restaurantId}/operational`;
const sidebarBadge = () => page.getByTestId('pending-badge');
/** The badge's name, as the database counts: pending, and those of them past the promised response time. */
async function badgeLabel(): Promise<string> {
  const [{ pending, late }] = await sql<{ pending: number; late: number }>(
    'select count(*)::int as pending, (count(*) filter (where respond_by < now()))::int as late from restaurant_reservations where restaurant_id = $1 and status = 0',
    [restaurantId],
  );
  return `${pending} réservation${pending > 1 ? 's' : ''} en attente${late ? `, dont ${late} en retard` : ''}`;
}

beforeAll(async () => {
  app = ready();
  const owner = await demoOwner('reservations');
  restaurantId = owner.restaurants.lyon;
  for (const r of await sql<{ r: string; n: string }>(
    `select numero_reservation_restaurateur as r, numero_reservation as n from restaurant_reservations where restaurant_id = $1 and numero_reservation_restaurateur in ('R-0001', 'R-0002')`,
    [restaurantId],
  ))
    numero[r.r] = r.n;
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
  page.on('response', (response) => {
    if (response.url().includes('/rest/v1/restaurant_reservations') || response.url().includes('/rest/v1/rpc/search_reservations')) {
      reservationReads.push(
        response.text().then(
          (body) => ({ url: response.url(), body }),
          () => ({ url: response.url(), body: '' }),
        ),
      );
    }
  });
  await signIn(page, app.url, owner.email, owner.password);
});

afterAll(async () => {
  await browser?.close();
});

test('reservations: counts, status filter and name search, kept in the URL', async () => {
  const total = Number((await sql<{ c: string }>('select count(*) as c from restaurant_reservations where restaurant_id = $1', [restaurantId]))[0].c);
  const pending = await pendingCount();
  await page.goto(`${base()}/reservations`);
  await page.getByRole('heading', { name: 'Réservations', exact: true }).waitFor();
  await page.getByText('Liste des demandes de réservation pour votre établissement').waitFor();
  await page.getByTestId('reservation-count').getByText(`${total} réservation(s) — Toutes les réservations`).waitFor();
  await page.getByRole('row').nth(1).waitFor();
  expect(await sidebarBadge().getAttribute('aria-label')).toBe(await badgeLabel());
  axe.reservations = await seriousViolations(page);

  await page.getByText(`En attente (${pending})`).click();
  await page.waitForURL(/statut=pending/);
  await page.getByTestId('reservation-count').getByText(`${pending} réservation(s) — En attente`).waitFor();
  const statuses = await page.locator('tbody [data-status]').evaluateAll((tags) => tags.map((t) => t.getAttribute('data-status')));
  expect(statuses.length).toBe(pending);
  expect(new Set(statuses)).toEqual(new Set(['pending']));

  const [{ customer_name: name }] = await sql<{ customer_name: string }>(
    `select customer_name from restaurant_reservations where restaurant_id = $1 and numero_reservation_restaurateur = 'R-0001'`,
    [restaurantId],
  );
  const part = name.split(' ').pop()!.slice(0, 4).toLowerCase();
  const matching = Number(
    (await sql<{ c: string }>(`select count(*) as c from restaurant_reservations where restaurant_id = $1 and status = 0 and customer_name ilike $2`, [restaurantId, `%${part}%`]))[0].c,
  );
  await page.getByLabel('Rechercher une réservation').fill(part);
  await page.waitForURL((u) => u.searchParams.get('recherche') === part && u.searchParams.get('statut') === 'pending');
  await page.getByTestId('reservation-count').getByText(`${matching} réservation(s) — En attente`).waitFor();
  await page.getByRole('cell', { name: name, exact: true }).first().waitFor();

  // A shared link shows the same list.
  await page.reload();
  await page.getByTestId('reservation-count').getByText(`${matching} réservation(s) — En attente`).waitFor();
  expect(await page.getByLabel('Rechercher une réservation').inputValue()).toBe(part);
  // Its clear button speaks French to a screen reader (antd names it after its icon, 'close-circle').
  expect(await page.getByRole('button', { name: 'Effacer la recherche' }).count()).toBe(1);
  expect(await page.getByLabel('close-circle').count()).toBe(0);
});

test('accept a pending reservation: e-mail in the outbox, badges updated, both sheets are PDFs', async () => {
  const pendingBefore = await pendingCount();
  await page.getByRole('link', { name: 'R-0001', exact: true }).click();
  await page.getByRole('heading', { name: /Réservation R-0001/ }).waitFor();
  await page.getByText('En attente', { exact: true }).first().waitFor();
  // The management code is a secret of the links: the panel does not show it.
  await page.getByText('Code de réservation').waitFor();
  expect(await page.getByText('Code de gestion').count()).toBe(0);
  axe.reservation = await seriousViolations(page);

  // The owner's session authorises the decision, then the service hands out the sheet links.
  const accept = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/reservations/accept_reservation'));
  const sheetLinks = page.waitForRequest((r) => r.method() === 'GET' && r.url().endsWith(`/api/reservations/${numero['R-0001']}/sheets`));
  await page.getByRole('button', { name: 'Accepter' }).click();
  const acceptRequest = await accept;
  expect(acceptRequest.headers().authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  expect(acceptRequest.postDataJSON()).toEqual({ numero_reservation: numero['R-0001'], restaurant_id: restaurantId });
  await page
    .getByRole('heading', { name: /Réservation R-0001/ })
    .getByText('Acceptée')
    .waitFor();
  expect((await sheetLinks).headers().authorization).toBe(acceptRequest.headers().authorization);
  expect((await sql('select status from restaurant_reservations where numero_reservation = $1', [numero['R-0001']]))[0]).toEqual({ status: 1 });
  await until(
    () => emailsFor(numero['R-0001']),
    (mails) => mails.length === 1,
    'un e-mail dans la boîte d’envoi',
  );
  const expected = await badgeLabel();
  expect(expected).toMatch(new RegExp(`^${pendingBefore - 1} réservation`));
  await until(
    () => sidebarBadge().getAttribute('aria-label'),
    (l) => l === expected,
    'le badge mis à jour',
  );

  for (const sheet of ['Feuille cuisine', 'Feuille salle']) {
    const request = page.context().waitForEvent('request', (r) => r.url().includes(`/reservations/${numero['R-0001']}/feuille-`) && r.url().includes('?code='));
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
  expect((await sql('select status from restaurant_reservations where numero_reservation = $1', [numero['R-0002']]))[0]).toEqual({ status: 0 });
  await page.getByRole('button', { name: 'Refuser' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Refuser' }).click();
  await page
    .getByRole('heading', { name: /Réservation R-0002/ })
    .getByText('Refusée')
    .waitFor();
  expect((await sql('select status from restaurant_reservations where numero_reservation = $1', [numero['R-0002']]))[0]).toEqual({ status: 2 });
  expect(await page.getByRole('button', { name: 'Accepter' }).count()).toBe(0);
});

test('unknown reservation: the error view and back to the list', async () => {
  await page.goto(`${base()}/reservations/R-9999`);
  await page.getByRole('heading', { name: 'Erreur' }).first().waitFor();
  await page.getByText('Réservation non trouvée').waitFor();
  await page.getByRole('button', { name: 'Retour à la liste' }).click();
  await page.waitForURL(`${base()}/reservations`);
});

test('the browser never read a code_manage from the tables', async () => {
  const codes = await sql<{ code_manage: string }>('select code_manage from restaurant_reservations where restaurant_id = $1', [restaurantId]);
  const reads = await Promise.all(reservationReads);
  expect(reads.length).toBeGreaterThan(3);
  for (const { url, body } of reads) {
    expect(decodeURIComponent(url)).not.toContain('code_manage');
    expect(body).not.toContain('code_manage');
    for (const { code_manage: code } of codes) expect(body).not.toContain(code);
  }
});

test('axe-core: no serious or critical violation on the list and the detail', () => {
  expect(axe).toEqual({ reservations: [], reservation: [] });
});
