/**
 * The planning and live data: a week of covers per service against capacity, closed
 * services, the pending requests, a cell opening the list filtered on its day and service, the month
 * view, a phone width; a new request appearing on an open list, in the badge and in the tab's title
 * without a reload. On an owner of its own.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { insertReservationAsSuperuser } from '../../local-supabase/test/reservations';
import { launchBrowser, settled, ownerWithRestaurant, ready, seriousViolations, signedInPage, sql, type Ready } from './browser';

let browser: Browser;
let app: Ready;
let page: Page;
let restaurantId: string;
// A week far ahead, Monday to Sunday, so that nothing else of the run falls in it.
const MONDAY = '2099-06-01';

/** A reservation of the restaurant under a number of the test's choosing. */
async function reservation(numero: string, date: string, time: string | null, status: number, people: number, children = 0) {
  // The file's week in 2099, decided statuses, closed services, at a restaurant with hours but no arrival times: submit_group_request refuses these.
  await insertReservationAsSuperuser(
    {
      restaurant_id: restaurantId,
      numero_reservation_restaurateur: numero,
      numero_reservation: `TBL-${numero}-${restaurantId.slice(0, 8)}`,
      code_reservation: 'PLN001',
      customer_name: `Client ${numero}`,
      number_people: people,
      children,
      reservation_date: date,
      arrival_time: time,
      status,
    },
    ready().supabase.dbUrl,
  );
}

beforeAll(async () => {
  app = ready();
  const owner = await ownerWithRestaurant('planning', 'Chez Planning');
  restaurantId = owner.restaurantId;
  // Open Monday to Saturday; Tuesday's dinner closed; capacities 30 at lunch and 50 at dinner.
  await sql(`update restaurants set days_open = array['monday','tuesday','wednesday','thursday','friday','saturday'] where id = $1`, [restaurantId]);
  // Its default hours were stored at creation: replaced by these.
  await sql('delete from restaurant_hours where restaurant_id = $1', [restaurantId]);
  await sql(
    `insert into restaurant_hours (restaurant_id, day, lunch_capacity, dinner_capacity, dinner_is_open)
     select $1, d, 30, 50, d <> 'tuesday' from unnest(array['monday','tuesday','wednesday','thursday','friday','saturday']) d`,
    [restaurantId],
  );
  await reservation('R-PLN-1', MONDAY, '12:00', 1, 20, 4); // accepted: 24 covers at lunch
  await reservation('R-PLN-2', MONDAY, '12:30', 3, 12); // paid: 36 / 30, over capacity
  await reservation('R-PLN-3', MONDAY, '20:00', 0, 14); // pending at dinner
  await reservation('R-PLN-4', MONDAY, '20:30', 2, 40); // refused: not counted
  browser = await launchBrowser();
  page = await signedInPage(browser, owner);
});

afterAll(async () => {
  await browser?.close();
});

const planning = (search: string) => `${app.url}/restaurants/${restaurantId}/operational/planning?${search}`;

test('a week: covers against capacity, over capacity, pending requests, closed services; a cell opens its reservations', async () => {
  const planningCalls: string[] = [];
  const count = (request: { url(): string }) => void (request.url().includes('/rpc/reservation_planning') && planningCalls.push(request.url()));
  page.on('request', count);
  await page.goto(planning(`date=${MONDAY}`));
  await page.getByRole('heading', { name: 'Semaine du 1 juin au 7 juin 2099' }).waitFor();
  await page.getByTestId(`planning-${MONDAY}-lunch`).waitFor();
  page.off('request', count);
  // One data request for the view (the shell starts it from the address; the screen finds it).
  expect(planningCalls).toHaveLength(1);
  const lunch = page.getByTestId(`planning-${MONDAY}-lunch`);
  await lunch.waitFor();
  // The link's name: the day (for screen readers), the service, the covers against capacity, the requests.
  expect(await page.getByRole('link', { name: 'lundi 1 juin, Midi 36 / 30 couv. confirmés' }).count()).toBe(1);
  expect(await page.getByRole('link', { name: 'lundi 1 juin, Soir 0 / 50 couv. confirmés 1 demande en attente · 14 couv.' }).count()).toBe(1);
  expect(await page.getByTestId('planning-2099-06-02-dinner').innerText()).toContain('Fermé');
  expect(await page.getByTestId('planning-2099-06-07-lunch').innerText()).toContain('Fermé');
  expect(await seriousViolations(page)).toEqual([]);

  await lunch.click();
  await page.waitForURL(/\/operational\/reservations\?/);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({ du: MONDAY, au: MONDAY, service: 'midi' });
  await page.getByRole('row', { name: /R-PLN-1/ }).waitFor();
  expect(await page.getByRole('row', { name: /R-PLN-2/ }).count()).toBe(1);
  expect(await page.getByRole('row', { name: /R-PLN-3/ }).count()).toBe(0);
  expect(await page.getByTestId('reservation-count').innerText()).toContain('2 réservation(s)');
});

test('the month view and the previous / next months', async () => {
  await page.goto(planning(`vue=mois&date=${MONDAY}`));
  await page.getByRole('heading', { name: 'Juin 2099' }).waitFor();
  await page.getByTestId(`planning-${MONDAY}-lunch`).waitFor();
  // June 2099 begins on a Monday and ends on a Tuesday: five weeks, up to Sunday 5 July.
  expect(
    await page
      .getByRole('listitem')
      .filter({ has: page.locator('[data-testid$="-lunch"]') })
      .count(),
  ).toBe(35);
  await page.getByRole('button', { name: 'Mois suivant' }).click();
  await page.getByRole('heading', { name: 'Juillet 2099' }).waitFor();
  expect(new URL(page.url()).searchParams.get('date')).toBe('2099-07-01');
  // Away from the button just clicked (its hover colour), once its transition has ended.
  await page.mouse.move(0, 0);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('at phone width: one day under the other, no sideways scroll', async () => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
  try {
    const small = await phone.newPage();
    await small.goto(planning(`date=${MONDAY}`));
    await small.getByTestId(`planning-${MONDAY}-lunch`).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const [first, second] = await Promise.all([MONDAY, '2099-06-02'].map((d) => small.getByTestId(`planning-${d}-lunch`).boundingBox()));
    expect(second!.y).toBeGreaterThan(first!.y);
  } finally {
    await phone.close();
  }
});

test('a new request appears on an open list, in the badge and in the tab’s title, without a reload', async () => {
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    const open = await context.newPage();
    await open.clock.install();
    await open.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations`);
    await open.getByRole('row', { name: /R-PLN-3/ }).waitFor();
    // The title follows the counts, a query of its own that may answer after the list's.
    await open.waitForFunction((title) => document.title === title, '(1) Tablée');
    await reservation('R-PLN-NEW', '2099-06-03', '12:00', 0, 16);
    await open.clock.fastForward(30_000);
    await open.getByRole('row', { name: /R-PLN-NEW/ }).waitFor();
    await open.getByTestId('pending-badge').getByText('2').waitFor();
    await open.waitForFunction((title) => document.title === title, '(2) Tablée');
  } finally {
    await context.close();
  }
});

test('a request past the promised response time: « En retard » in the list, the detail, the badge and the dashboard; « À traiter » puts it first', async () => {
  // Arrived 30 hours ago: past any promise (24 h at most).
  await reservation('R-PLN-LATE', '2099-06-04', '20:00', 0, 18);
  await sql(
    `update restaurant_reservations set created_at = now() - interval '30 hours', respond_by = now() - interval '24 hours' where numero_reservation_restaurateur = 'R-PLN-LATE' and restaurant_id = $1`,
    [restaurantId],
  );
  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations`);
  const row = page.getByRole('row', { name: /R-PLN-LATE/ });
  await row.getByText('En retard').waitFor();
  expect(
    await page
      .getByRole('row', { name: /R-PLN-3/ })
      .getByText('En retard')
      .count(),
  ).toBe(0);
  await page.getByTestId('late-badge').getByText('1 en retard').waitFor();

  await page.getByRole('button', { name: /^À traiter/ }).click();
  await page.waitForURL(/ordre=a-traiter/);
  expect(new URL(page.url()).searchParams.get('statut')).toBe('pending');
  const rows = page.getByRole('row').filter({ hasText: /R-PLN-/ });
  await rows.first().getByText('En retard').waitFor();
  expect(await rows.first().innerText()).toContain('R-PLN-LATE');
  await page.mouse.move(0, 0);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations/R-PLN-LATE`);
  await page
    .getByRole('heading', { name: /Réservation R-PLN-LATE/ })
    .getByText('En retard')
    .waitFor();

  await page.goto(`${app.url}/dashboard`);
  await page
    .getByTestId('restaurant-card')
    .filter({ hasText: 'Chez Planning' })
    .getByText(/en attente · 1 en retard/)
    .waitFor();
});

test('accepting with the plan in mind: the covers after acceptance, a confirmation over capacity; the link accepts nothing the plan warns about and sends the owner here', async () => {
  await reservation('R-PLN-OVER', MONDAY, '13:00', 0, 6);
  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations/R-PLN-OVER`);
  const check = page.getByTestId('acceptance-check');
  await check.getByText('Service du midi, lundi 1 juin : 42 / 30 couverts après acceptation.').waitFor();
  expect(await check.innerText()).toContain('Le service du midi du lundi 1 juin compterait 42 couverts pour une capacité de 30.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Accepter' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText('Accepter malgré le planning ?').filter({ visible: true }).waitFor();
  await confirm.getByRole('button', { name: 'Accepter quand même' }).click();
  await page
    .getByRole('heading', { name: /Réservation R-PLN-OVER/ })
    .getByText('Acceptée')
    .waitFor();

  // The one-click link of a request on Tuesday evening, a closed service.
  await reservation('R-PLN-LINK', '2099-06-02', '20:00', 0, 10);
  const [{ numero_reservation, code_manage }] = await sql<{ numero_reservation: string; code_manage: string }>(
    `select numero_reservation, code_manage from restaurant_reservations where restaurant_id = $1 and numero_reservation_restaurateur = 'R-PLN-LINK'`,
    [restaurantId],
  );
  const link = await (await browser.newContext()).newPage();
  await link.goto(`${app.url}/reservations/${numero_reservation}/accept/${code_manage}`);
  await link.getByRole('heading', { name: 'Acceptation à confirmer dans Tablée' }).waitFor();
  expect(await link.getByRole('alert').innerText()).toContain('Le service du soir est fermé le mardi 2 juin.');
  const inApp = link.getByRole('link', { name: 'Ouvrir la réservation dans Tablée' });
  expect(await inApp.getAttribute('href')).toBe(`/restaurants/${restaurantId}/operational/reservations/R-PLN-LINK`);
  expect(await seriousViolations(link)).toEqual([]);
  await link.screenshot({ path: '/tmp/tablee-link-to-confirm.png', fullPage: true });
  await link.context().close();
  expect((await sql<{ status: number }>(`select status from restaurant_reservations where restaurant_id = $1 and numero_reservation_restaurateur = 'R-PLN-LINK'`, [restaurantId]))[0].status).toBe(
    0,
  );
  // In the app, where the warning is shown and the acceptance confirmed.
  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations/R-PLN-LINK`);
  await page.getByTestId('acceptance-check').getByText('Le service du soir est fermé le mardi 2 juin.').waitFor();
});

test('the list as filtered downloads as a CSV file for French spreadsheets', async () => {
  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations?du=${MONDAY}&au=${MONDAY}&service=midi`);
  await page.getByRole('row', { name: /R-PLN-1/ }).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter en CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^reservations-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(
    'N° de réservation;Client;Email;Téléphone;Date;Heure;Service;Adultes;Enfants;Menu;Options;Allergies et régimes;Montant total (€);Acompte demandé (€);Montant reçu (€);Statut;Origine;Demande reçue le',
  );
  // Monday lunch only: the accepted, the paid and the one accepted over capacity above.
  expect(
    lines
      .slice(1)
      .map((l) => l.split(';')[0])
      .sort(),
  ).toEqual(['"R-PLN-1"', '"R-PLN-2"', '"R-PLN-OVER"']);
  expect(lines.find((l) => l.startsWith('"R-PLN-1"'))).toContain(';01/06/2099;12:00;Midi;20;4;');
});
