/**
 * 'Annuler' on the one-click link's page: signed out, Accepter then Annuler puts the reservation back to
 * 'En attente', its held e-mail leaves the outbox without being sent, and the owner's history in the app
 * shows the decision and its undo.
 */
import type { Browser } from 'playwright-core';
import { demoOwner, emailsFor, launchBrowser, ready, seriousViolations, signedInPage, sql, type Ready } from './browser';
import type { DemoCopy } from '../../local-supabase/test/seeded';

let browser: Browser;
let app: Ready;
let owner: DemoCopy;
let pending: { numero: string; restaurateur: string; code: string };

beforeAll(async () => {
  app = ready();
  owner = await demoOwner('link-undo');
  [pending] = await sql<typeof pending>(
    `select numero_reservation as numero, numero_reservation_restaurateur as restaurateur, code_manage as code
     from public.restaurant_reservations where restaurant_id = $1 and status = 0 order by numero_reservation_restaurateur limit 1`,
    [owner.restaurants.lyon],
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const decisionMessages = async (numero: string) =>
  (
    await sql<{ count: number }>(
      `select count(*)::int as count from public.notification_outbox n join public.restaurant_reservations r on r.id = n.reservation_id
        where r.numero_reservation = $1 and n.kind like 'customer_reservation_%'`,
      [numero],
    )
  )[0].count;

test('Accepter then Annuler on the link page: En attente again, no e-mail, both in the history', async () => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${app.url}/reservations/${pending.numero}/accept/${pending.code}`);
  await page.getByText('Réservation acceptée !').waitFor();
  expect(await decisionMessages(pending.numero)).toBe(1);
  await page.getByRole('button', { name: 'Annuler' }).click();
  await page.getByText('Décision annulée', { exact: true }).waitFor();
  const body = await page.locator('body').innerText();
  expect(body).toContain('Statut : En attente');
  expect(body).toContain('Aucun email n’a été envoyé au client.');
  expect(await page.getByRole('button', { name: 'Annuler' }).count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  const [row] = await sql<{ status: number }>('select status from public.restaurant_reservations where numero_reservation = $1', [pending.numero]);
  expect(row.status).toBe(0);
  expect(await decisionMessages(pending.numero)).toBe(0);
  expect(emailsFor(pending.numero)).toEqual([]);

  const inApp = await signedInPage(browser, owner);
  await inApp.goto(`${app.url}/restaurants/${owner.restaurants.lyon}/operational/reservations/${pending.restaurateur}`);
  const decision = inApp.getByTestId('reservation-decision');
  await decision.first().waitFor();
  expect(await decision.first().innerText()).toMatch(/^Acceptée — .*, par le lien de l’email$/);
  expect(await inApp.getByTestId('reservation-undo').innerText()).toMatch(/^Décision annulée depuis le lien — .*, la réservation est de nouveau « En attente »$/);
});
