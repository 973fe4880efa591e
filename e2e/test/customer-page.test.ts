/**
 * Issue 44, the customer's own page end to end on a phone (390 px): the customer opens the link of their
 * acknowledgement, reads where the request stands, and once it is accepted sets 14 guests and each
 * guest's main course; the kitchen sheet totals the dishes; the reservation is paid, the cancellation
 * deadline passes, and cancelling states the cost before the customer confirms. axe on each state, and a
 * screenshot of each (README).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { nextOpenSlot, submitGroupRequest } from '../../local-supabase/test/reservations';
import { pdfText } from '../../reservation-service/test/pdf';
import { demoOwner, launchBrowser, outboxDir, outboxFiles, ready, seriousViolations, settled, sql, until } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };

async function shoot(page: Page, state: string) {
  await settled(page);
  await page.screenshot({ path: `/tmp/h44-customer-page-${state}.png`, fullPage: true });
}

/** The reservation moved to a transition as the reservation service would (superuser: the owner's side is tested elsewhere). */
const transition = (id: string, status: string, extra = '') => sql(`select public.transition_reservation_by_id($1, private.reservation_status($2)${extra})`, [id, status]);

test('from the acknowledgement: 14 guests and their choices, the kitchen’s totals, and a late cancellation that states its cost first', async () => {
  const app = ready();
  const copy = await demoOwner('page-client');
  const restaurantId = copy.restaurants.lyon;
  const [{ id: menuId }] = await sql<{ id: string }>("select id from public.restaurant_menus where restaurant_id = $1 and name = 'Menu Canut'", [restaurantId]);
  // Three weeks ahead: before every deadline of the restaurant's CGV (changes 24 h, cancellation 48 h before).
  const slot = await nextOpenSlot(restaurantId, { people: 12, menuId, fromDays: 21 }, app.supabase.dbUrl);
  const request = await submitGroupRequest(
    restaurantId,
    { ...slot, adults: 12, menu_id: menuId, customer: { name: 'Claire Fontaine', email: 'claire.fontaine@example.fr', phone: '06 11 22 33 44' } },
    app.supabase,
  );

  // The acknowledgement carries the page's link.
  const acknowledgement = await until(
    () =>
      outboxFiles(request.numero, /\.eml$/)
        // Quoted-printable: its soft line breaks joined again.
        .map((f) => fs.readFileSync(path.join(outboxDir(), f), 'utf8').replace(/=\r?\n/g, ''))
        .find((m) => m.includes('/ma-reservation/')),
    (mail) => mail !== undefined,
    'the acknowledgement with the page’s link',
  );
  const link = /https?:\/\/[^\s"<]+\/ma-reservation\/[0-9a-f]{48}/.exec(acknowledgement!)![0];
  expect(link.startsWith(app.url)).toBe(true);

  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await page.goto(link);
  await page.getByText(/^En attente de réponse — le restaurant s’engage à répondre avant /).waitFor();
  await page.getByRole('link', { name: 'Ajouter à mon agenda' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'pending');

  // Accepted by the restaurant: the page says so, and the organiser sets the final headcount.
  await transition(request.id, 'accepted');
  await page.reload();
  await page.getByText('Acceptée', { exact: true }).waitFor();
  await page.getByLabel('Adultes').fill('14');
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await until(
    async () => (await sql<{ n: number }>('select number_people as n from public.restaurant_reservations where id = $1', [request.id]))[0].n,
    (n) => n === 14,
    'the 14 guests stored',
  );

  // Each guest's main course, a guest at a time, as on a phone: 11 quenelles, 3 risottos, one of them without gluten.
  const guests = page.getByRole('region', { name: 'Choix des convives' });
  for (let n = 1; n <= 14; n += 1) {
    await guests.getByRole('group', { name: `Convive ${n} sur 14` }).waitFor();
    const risotto = n > 11;
    if (n === 14) await guests.getByLabel('Allergies').fill('sans gluten');
    await guests.getByLabel('Plat').selectOption(risotto ? 'Risotto crémeux aux champignons' : 'Quenelle de brochet, sauce Nantua');
    await guests.getByText(`Convive ${n} : enregistré.`).waitFor();
    if (n < 14) await guests.getByRole('button', { name: 'Convive suivant' }).click();
  }
  await until(
    async () => (await sql<{ n: number }>("select count(*)::int as n from public.reservation_guests where reservation_id = $1 and choices ? 'main'", [request.id]))[0].n,
    (n) => n === 14,
    'the 14 guests’ choices stored',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'accepted');

  // The kitchen sheet totals them.
  const [{ code }] = await sql<{ code: string }>('select code_manage as code from public.restaurant_reservations where id = $1', [request.id]);
  // The link the owner's app opens (sheetLinks): the service's origin, no /api.
  const sheet = await fetch(`${app.reservationService}/reservations/${request.numero}/feuille-cuisine?code=${code}`);
  expect(sheet.status).toBe(200);
  const kitchen = await pdfText(Buffer.from(await sheet.arrayBuffer()));
  expect(kitchen.replace(/\s+/g, ' ')).toContain('11 × Quenelle de brochet, sauce Nantua, 3 × Risotto crémeux aux champignons (dont 1 sans gluten)');

  // Paid, then the cancellation deadline passes (the meal is now 20 hours away: both deadlines, 24 h and 48 h, have passed, whatever the hour of the run): cancelling costs the sums paid, said first
  // (the restaurant's CGV say nothing of their nature: arrhes, as the law presumes).
  await transition(request.id, 'paid');
  await sql(
    "update public.restaurant_reservations set reservation_date = ((now() + interval '20 hours') at time zone 'Europe/Paris')::date, arrival_time = date_trunc('minute', ((now() + interval '20 hours') at time zone 'Europe/Paris')::time) where id = $1",
    [request.id],
  );
  const [{ received }] = await sql<{ received: number }>('select (amount_received_cents / 100.0)::float8 as received from public.restaurant_reservations where id = $1', [request.id]);
  await page.reload();
  await page.getByText('Arrhes reçues', { exact: true }).waitFor();
  await page.getByText(/^Le délai de modification est passé/).waitFor();
  await shoot(page, 'paid-late');
  await page.getByRole('button', { name: 'Annuler la réservation…' }).click();
  const cost = page.locator('.cp-cost');
  await cost.waitFor();
  expect((await cost.textContent())!.replace(/\s/g, ' ')).toContain(`Annuler maintenant coûte les arrhes versées de ${Number(received).toFixed(2).replace('.', ',')} €`);
  expect(await sql('select status from public.restaurant_reservations where id = $1', [request.id])).toEqual([{ status: 3 }]);
  await page.getByLabel('Raison de l’annulation').fill('Le séminaire est reporté');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'cancel-cost');
  await page.getByRole('button', { name: 'Confirmer l’annulation et ses frais' }).click();
  await page.getByText('Annulée à votre demande', { exact: true }).waitFor();
  expect(await sql('select actor, deposit, reason_detail from public.reservation_events where reservation_id = $1 and to_status = 4', [request.id])).toEqual([
    { actor: 'customer', deposit: 'kept', reason_detail: 'Le séminaire est reporté' },
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'cancelled');
});

test('a refused request shows the reason and the restaurant’s proposal; an unknown link says so in French', async () => {
  const app = ready();
  const copy = await demoOwner('page-client-refus');
  const request = await submitGroupRequest(copy.restaurants.lyon, { customer: { name: 'Paul Martin', email: 'paul.martin@example.fr' } }, app.supabase);
  await transition(request.id, 'rejected', ", 'owner', null, 'complet', null, 'Le vendredi suivant à 20:00'");
  const [{ token }] = await sql<{ token: string }>('select token from public.customer_page_tokens(array[$1::uuid])', [request.id]);
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await page.goto(`${app.url}/ma-reservation/${token}`);
  await page.getByText('Refusée', { exact: true }).waitFor();
  await page.getByText('Le vendredi suivant à 20:00', { exact: false }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'rejected');

  await page.goto(`${app.url}/ma-reservation/${'0'.repeat(48)}`);
  await page.getByText('Ce lien ne correspond à aucune réservation', { exact: false }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'unknown');
});
