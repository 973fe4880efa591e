/**
 * Issue 30, items 3 and 4, in Chromium: a paid reservation of which only the sum paid in advance was
 * received reads it in the CGV's word ('Arrhes reçues' here; issue 45) with 'Reste à régler'; cancelling it, the owner reads what was received and the CGV's
 * policy, refunds part of it, and the history and the customer's e-mail say so; a customer who did not
 * come is marked 'Non présenté' after a confirmation, apart in the planning and in the list's filter.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { insertReservationAsSuperuser } from '../../local-supabase/test/reservations';
import { parseMail } from '../../reservation-service/test/mail';
import { launchBrowser, outboxDir, outboxFiles, ownerWithRestaurant, ready, seriousViolations, settled, signedInPage, sql, until, type Ready } from './browser';

let browser: Browser;
let app: Ready;
let page: Page;
let restaurantId: string;

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A decided reservation of the test's choosing (decided statuses, past or fixed dates, hand-picked totals: submit_group_request refuses these). */
async function reservation(numero: string, fields: Record<string, unknown> & { reservation_date: string }) {
  await insertReservationAsSuperuser(
    {
      restaurant_id: restaurantId,
      numero_reservation_restaurateur: numero,
      numero_reservation: `TBL-${numero}`,
      code_reservation: 'DEP001',
      customer_name: 'Lucie Acompte',
      email: 'lucie@exemple.fr',
      number_people: 12,
      children: 2,
      total_amount: 400,
      arrival_time: '20:00',
      ...fields,
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
  // Complete: an acompte of 30 % (Facturation), cancellation up to 48 h before the meal (CGV).
  const owner = await ownerWithRestaurant('deposit', 'Chez Acompte', { complete: true });
  restaurantId = owner.restaurantId;
  browser = await launchBrowser();
  page = await signedInPage(browser, owner);
});

afterAll(async () => {
  await browser?.close();
});

test('a paid reservation, arrhes only (the CGV silent on their nature): « Arrhes reçues », what remains, then cancelled with part of them refunded', async () => {
  const numero = await reservation('R-DEP-REMB', { status: 3, amount_received_cents: 12_000, reservation_date: '2099-08-03' });
  await page.goto(detail(numero));
  await title(numero).getByText('Arrhes reçues', { exact: true }).waitFor();
  const info = page.locator('.ant-descriptions');
  await info.getByText('Reste à régler').waitFor();
  expect(nbsp(await info.innerText())).toMatch(/Reste à régler\s+280,00 €/);

  await page.getByRole('button', { name: 'Annuler la réservation' }).click();
  const cancel = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
  await cancel.getByText('Conditions d’annulation de vos CGV : 48h avant le repas.').waitFor();
  expect(nbsp(await cancel.innerText())).toContain('Montant reçu : 120,00 €');
  await cancel.getByText('À la demande du client', { exact: true }).click();
  await cancel.getByRole('button', { name: 'Annuler la réservation' }).click();
  // The CGV say nothing of the sums' nature: arrhes, as the law presumes.
  await cancel.getByText('Indiquez si les arrhes sont remboursées ou conservées.').waitFor();
  await cancel.getByText('Arrhes remboursées', { exact: true }).click();
  const amount = cancel.getByRole('spinbutton', { name: 'Montant remboursé (€)' });
  expect(await amount.inputValue()).toBe('120,00');
  await amount.fill('100');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/h2-cancel-refund-dialog.png' });
  await cancel.getByRole('button', { name: 'Annuler la réservation' }).click();
  await title(numero).getByText('Annulée').waitFor();
  await cancel.waitFor({ state: 'hidden' });
  expect(await statusOf(numero)).toBe(4);
  // Who decided, by address (issue 33).
  await page.getByText(/^Annulée par \S+@\S+ — arrhes remboursées : 100,00\s€/).waitFor();
  expect(await sql('select deposit, amount_cents from reservation_events e join restaurant_reservations r on r.id = e.reservation_id where r.numero_reservation = $1', [`TBL-${numero}`])).toEqual(
    [{ deposit: 'refunded', amount_cents: 10_000 }],
  );
  await page.screenshot({ path: '/tmp/h2-cancel-refund-history.png', fullPage: true });

  // The customer's e-mail (the outbox's .eml, read back) says how much of the arrhes is refunded (the CGV say nothing of their nature: arrhes).
  const [file] = await until(
    () => outboxFiles(`TBL-${numero}`, /-annulee-/),
    (files) => files.length === 1,
    'the cancellation e-mail in the outbox',
  );
  const mail = parseMail(fs.readFileSync(path.join(outboxDir(), file), 'utf8'));
  expect(nbsp(mail.text)).toContain('Arrhes remboursées : 100,00 € (sur 120,00 € versés)');
});

test('a customer who did not come: « Non présenté » after a confirmation, only once the time has come; apart in the planning and the list', async () => {
  const future = await reservation('R-DEP-FUTUR', { status: 1, reservation_date: '2099-08-04' });
  await page.goto(detail(future));
  await title(future).getByText('Acceptée').waitFor();
  await page.getByRole('button', { name: 'Annuler la réservation' }).waitFor();
  expect(await page.getByRole('button', { name: 'Non présenté' }).count()).toBe(0);

  const gone = await reservation('R-DEP-ABSENT', { status: 1, reservation_date: '2026-01-15' });
  await page.goto(detail(gone));
  await title(gone).getByText('Acceptée').waitFor();
  await page.getByRole('button', { name: 'Non présenté' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText('Marquer le client « Non présenté » ?').filter({ visible: true }).waitFor();
  expect(await confirm.innerText()).toContain('jeudi 15 janvier 2026 à 20:00');
  // 'Retour': nothing changes.
  await confirm.getByRole('button', { name: 'Retour' }).click();
  await confirm.waitFor({ state: 'hidden' });
  expect(await statusOf(gone)).toBe(1);

  await page.getByRole('button', { name: 'Non présenté' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Non présenté' }).click();
  await title(gone).getByText('Non présenté').waitFor();
  await page.getByText('Réservation marquée « Non présenté ».').waitFor();
  expect(await statusOf(gone)).toBe(5);
  await page.getByText(/^Non présenté par \S+@\S+ — /).waitFor();
  // Nothing more to do with it: no sheet, no cancellation, no second no-show.
  expect(await page.getByRole('button', { name: 'Annuler la réservation' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Non présenté' }).count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/h2-no-show-detail.png', fullPage: true });
  // No e-mail to the customer.
  expect(outboxFiles(`TBL-${gone}`, /\.eml$/)).toEqual([]);

  // The planning of that day: the no-show apart, not among the covers.
  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/planning?date=2026-01-15`);
  const dinner = page.getByTestId('planning-2026-01-15-dinner');
  await dinner.getByTestId('planning-no-show').waitFor();
  expect(await dinner.getByTestId('planning-no-show').innerText()).toBe('1 non présenté · 14 couv.');
  await page.screenshot({ path: '/tmp/h2-no-show-planning.png' });

  // The list's filter.
  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations`);
  // Both rows first (the unfiltered list); the filter then leaves the no-show alone. Waiting for the
  // no-show's row alone ended at once, before the filtered list replaced the unfiltered one.
  const futureRow = page.getByRole('row', { name: /R-DEP-FUTUR/ });
  await futureRow.waitFor();
  await page.getByText('Non présentés (1)').click();
  await futureRow.waitFor({ state: 'detached' });
  expect(await page.getByRole('row', { name: /R-DEP-ABSENT/ }).count()).toBe(1);
});
