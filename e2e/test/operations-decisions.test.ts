/**
 * Deciding in the app, what the owner reads around it: a request whose date is gone is
 * flagged and accepted only after a confirmation naming that date; a decision taken elsewhere (409),
 * a service that cannot be reached: a French sentence, then the status the database has; a customer
 * without an e-mail address, or whose field is not exactly one address: the owner is told before and
 * after the decision that nobody is e-mailed. On an owner of its own.
 */
import type { Browser, Page } from 'playwright-core';
import { insertReservationAsSuperuser } from '../../local-supabase/test/reservations';
import { launchBrowser, settled, ownerWithRestaurant, ready, seriousViolations, signedInPage, sql, type Ready } from './browser';

let browser: Browser;
let app: Ready;
let page: Page;
let restaurantId: string;

/** A pending request of the restaurant under a number of the test's choosing; that number. */
async function pending(numero: string, fields: { date: string; email?: string | null; name?: string }): Promise<string> {
  // Hand-picked numbers, fixed dates (gone by, or in 2099 for stable texts), e-mail fields that are not one address: submit_group_request refuses these.
  await insertReservationAsSuperuser(
    {
      restaurant_id: restaurantId,
      numero_reservation_restaurateur: numero,
      numero_reservation: `TBL-${numero}`,
      code_reservation: 'DEC001',
      customer_name: fields.name ?? 'Gaëlle Décision',
      number_people: 14,
      reservation_date: fields.date,
      email: fields.email === undefined ? 'gaelle@exemple.fr' : fields.email,
    },
    ready().supabase.dbUrl,
  );
  return numero;
}

const statusOf = async (numero: string) =>
  (await sql<{ status: number }>('select status from restaurant_reservations where restaurant_id = $1 and numero_reservation_restaurateur = $2', [restaurantId, numero]))[0].status;

const detail = (numero: string) => `${app.url}/restaurants/${restaurantId}/operational/reservations/${numero}`;
const title = (numero: string) => page.getByRole('heading', { name: new RegExp(`Réservation ${numero}`) });

beforeAll(async () => {
  app = ready();
  const owner = await ownerWithRestaurant('decisions', 'Chez Décision');
  restaurantId = owner.restaurantId;
  browser = await launchBrowser();
  page = await signedInPage(browser, owner);
});

afterAll(async () => {
  await browser?.close();
});

test('a pending request whose date is gone: flagged in the list and the detail, accepted only once its date is confirmed', async () => {
  const numero = await pending('R-DEC-PAST', { date: '2026-01-15' });
  await pending('R-DEC-SOON', { date: '2099-06-01', name: 'Avenir Lointain' });
  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations`);
  const pastRow = page.getByRole('row', { name: /R-DEC-PAST/ });
  await pastRow.getByText('Date passée').waitFor();
  expect(
    await page
      .getByRole('row', { name: /R-DEC-SOON/ })
      .getByText('Date passée')
      .count(),
  ).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(detail(numero));
  await title(numero).getByText('Date passée').waitFor();
  await page.getByRole('button', { name: 'Accepter' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText('Accepter une demande dont la date est passée ?').filter({ visible: true }).waitFor();
  expect(await confirm.innerText()).toContain('jeudi 15 janvier 2026');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await confirm.waitFor({ state: 'hidden' });
  expect(await statusOf(numero)).toBe(0);

  await page.getByRole('button', { name: 'Accepter' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accepter quand même' }).click();
  await title(numero).getByText('Acceptée').waitFor();
  expect(await statusOf(numero)).toBe(1);
  // The toast names its reservation (issue 30, item 14).
  await page.getByText(`Réservation ${numero} acceptée. Un email de confirmation va être envoyé au client.`).waitFor();
});

test('decided in another tab (409): the French refusal, then the status the database has, without the buttons', async () => {
  const numero = await pending('R-DEC-409', { date: '2099-06-02' });
  await page.goto(detail(numero));
  await title(numero).getByText('En attente').waitFor();
  await sql('update restaurant_reservations set status = 2 where restaurant_id = $1 and numero_reservation_restaurateur = $2', [restaurantId, numero]);
  await page.getByRole('button', { name: 'Accepter' }).click();
  const error = page.getByRole('dialog');
  await error.getByText(/Cette réservation a déjà été traitée : elle a déjà été refusée/).waitFor();
  expect(await error.innerText()).not.toContain('"success"');
  await error.getByRole('button', { name: 'OK' }).click();
  await title(numero).getByText('Refusée').waitFor();
  expect(await page.getByRole('button', { name: 'Accepter' }).count()).toBe(0);
  expect(await statusOf(numero)).toBe(2);
});

test('the reservation service cannot be reached: a French sentence, never the browser’s words, and nothing changed', async () => {
  const numero = await pending('R-DEC-DOWN', { date: '2099-06-03' });
  await page.goto(detail(numero));
  await title(numero).getByText('En attente').waitFor();
  // The network refuses the connection, as when the service is down.
  await page.route('**/api/reservations/**', (route) => route.abort('connectionrefused'));
  try {
    await page.getByRole('button', { name: 'Accepter' }).click();
    const error = page.getByRole('dialog');
    await error.getByText('Le service de réservation est injoignable. Réessayez dans un instant.', { exact: false }).waitFor();
    expect(await error.innerText()).not.toMatch(/fetch/i);
    await error.getByRole('button', { name: 'OK' }).click();
  } finally {
    await page.unroute('**/api/reservations/**');
  }
  await title(numero).getByText('En attente').waitFor();
  expect(await statusOf(numero)).toBe(0);
});

test.each([
  ['without an e-mail address', 'R-DEC-NOMAIL', null, 'Le client n’a pas d’adresse email : il ne sera pas prévenu', 'Le client n’a pas d’adresse email : aucun email n’a été envoyé.'],
  [
    'whose e-mail field holds two addresses',
    'R-DEC-TWOMAIL',
    'gaelle@exemple.fr, autre@exemple.fr',
    'L’adresse email du client n’est pas une adresse unique valide : il ne sera pas prévenu',
    'L’adresse email du client n’est pas une adresse unique valide : aucun email n’a été envoyé',
  ],
])('a customer %s: told before the decision, accepted, and told again that nobody was e-mailed', async (_case, numero, email, before, after) => {
  await pending(numero, { date: '2099-06-04', email });
  await page.goto(detail(numero));
  const warning = page.getByRole('alert').filter({ hasText: 'Client non prévenu par email' });
  await warning.waitFor();
  expect(await warning.innerText()).toContain(before);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Accepter' }).click();
  const notice = page.getByRole('dialog');
  await notice.getByText('Client non prévenu par email').filter({ visible: true }).waitFor();
  expect(await notice.innerText()).toContain(after);
  await notice.getByRole('button', { name: 'OK' }).click();
  await title(numero).getByText('Acceptée').waitFor();
  expect(await statusOf(numero)).toBe(1);
});

test('a customer with one valid address: no warning before the decision', async () => {
  const numero = await pending('R-DEC-ONEMAIL', { date: '2099-06-05' });
  await page.goto(detail(numero));
  await page.getByRole('button', { name: 'Accepter' }).waitFor();
  expect(await page.getByRole('alert').filter({ hasText: 'Client non prévenu par email' }).count()).toBe(0);
});

test('at phone width the list is cards (number, customer, date and time, party, status), with no sideways scroll', async () => {
  await pending('R-DEC-PHONE', { date: '2099-07-14', name: 'Łukasz Téléphone' });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
  try {
    const small = await phone.newPage();
    await small.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations`);
    const cards = small.getByRole('list', { name: 'Réservations' });
    const card = cards.getByRole('listitem').filter({ hasText: 'R-DEC-PHONE' });
    await card.waitFor();
    const text = await card.innerText();
    for (const shown of ['R-DEC-PHONE', 'Łukasz Téléphone', '14/07/2099', '14 adultes', 'En attente']) expect(text).toContain(shown);
    expect(await small.getByRole('table').count()).toBe(0);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(small)).toEqual([]);
    await card.getByText('Łukasz Téléphone').click();
    await small.getByRole('heading', { name: /Réservation R-DEC-PHONE/ }).waitFor();
  } finally {
    await phone.close();
  }
});

test('refused with a reason and a proposal, then an accepted one marked « Arrhes reçues » (the CGV’s word) and cancelled: each in the history', async () => {
  const refused = await pending('R-DEC-REFUS', { date: '2099-08-01' });
  await page.goto(detail(refused));
  await page.getByRole('button', { name: 'Refuser' }).click();
  const refusal = page.getByRole('dialog');
  await refusal.getByText('Le client en sera informé par email.', { exact: false }).waitFor();
  await refusal.getByText('Autre', { exact: true }).click();
  await refusal.getByRole('button', { name: 'Refuser' }).click();
  // « Autre » needs its words: nothing is sent until they are written.
  await refusal.getByText('Précisez la raison.').waitFor();
  expect(await statusOf(refused)).toBe(0);
  await refusal.getByText('Complet', { exact: true }).click();
  await refusal.getByLabel('Proposer une autre date ou un autre horaire').fill('Le dimanche 2 août à midi');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await refusal.getByRole('button', { name: 'Refuser' }).click();
  await title(refused).getByText('Refusée').waitFor();
  await page.getByRole('heading', { name: 'Historique', exact: true }).waitFor();
  await page.getByText('Raison : Complet').waitFor();
  await page.getByText('Proposition : Le dimanche 2 août à midi').waitFor();
  expect(await statusOf(refused)).toBe(2);

  // A Monday: the restaurant's default open days (the plan has no warning to confirm).
  const kept = await pending('R-DEC-PAYE', { date: '2099-08-03' });
  await page.goto(detail(kept));
  await page.getByRole('button', { name: 'Accepter' }).click();
  await title(kept).getByText('Acceptée').waitFor();
  // The CGV say nothing of the sums' nature: arrhes, as the law presumes.
  await page.getByRole('button', { name: 'Arrhes reçues' }).click();
  const confirmPaid = page.getByRole('dialog');
  await confirmPaid.locator('.ant-modal-confirm-title', { hasText: 'Marquer les arrhes comme reçues ?' }).waitFor();
  await confirmPaid.getByRole('button', { name: 'Arrhes reçues' }).click();
  await title(kept).getByText('Payée').waitFor();
  expect(await statusOf(kept)).toBe(3);
  await page.getByRole('button', { name: 'Annuler la réservation' }).click();
  const cancel = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
  await cancel.getByRole('button', { name: 'Annuler la réservation' }).click();
  await cancel.getByText('Choisissez une raison.').waitFor();
  await cancel.getByText('À la demande du client', { exact: true }).click();
  await cancel.getByRole('button', { name: 'Annuler la réservation' }).click();
  await title(kept).getByText('Annulée').waitFor();
  await cancel.waitFor({ state: 'hidden' });
  expect(await statusOf(kept)).toBe(4);
  // Who decided, by address (issue 33): 'Acceptée par …', 'Arrhes reçues — noté par …'.
  for (const step of ['Acceptée par ', 'Arrhes reçues — noté par ', 'Annulée par '])
    await page
      .getByText(new RegExp(`^${step}\\S+@\\S+ — `))
      .first()
      .waitFor();
  await page.getByText('Raison : À la demande du client').waitFor();
  expect(await page.getByRole('button', { name: 'Annuler la réservation' }).count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
});
