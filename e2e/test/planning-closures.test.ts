/**
 * Issue 30, item 5: closing a service from a planning cell ('⋯' → 'Fermer ce service', with a reason),
 * seeing it marked on the planning and listed on Horaires, and reopening it ('Rouvrir'). On an owner of its own.
 */
import type { Browser, Page } from 'playwright-core';
import { insertReservationAsSuperuser } from '../../local-supabase/test/reservations';
import { launchBrowser, ownerWithRestaurant, ready, seriousViolations, signedInPage, sql } from './browser';

let browser: Browser;
let page: Page;
let restaurantId: string;
// A Monday far ahead, so that nothing else of the run falls in its week.
const MONDAY = '2099-06-08';

beforeAll(async () => {
  const owner = await ownerWithRestaurant('closures', 'Chez Fermeture');
  restaurantId = owner.restaurantId;
  await sql(`update restaurants set days_open = array['monday','tuesday','wednesday','thursday','friday','saturday'] where id = $1`, [restaurantId]);
  await sql('delete from restaurant_hours where restaurant_id = $1', [restaurantId]);
  await sql(`insert into restaurant_hours (restaurant_id, day, dinner_capacity) select $1, d, 40 from unnest(array['monday','tuesday','wednesday','thursday','friday','saturday']) d`, [
    restaurantId,
  ]);
  // A pending request on that dinner, 2099: a date submit_group_request refuses (more than a year ahead).
  await insertReservationAsSuperuser(
    {
      restaurant_id: restaurantId,
      numero_reservation_restaurateur: 'R-FRM-1',
      numero_reservation: `TBL-FRM-1-${restaurantId.slice(0, 8)}`,
      code_reservation: 'FRM001',
      customer_name: 'Client Fermeture',
      number_people: 14,
      reservation_date: MONDAY,
      arrival_time: '20:00',
      status: 0,
    },
    ready().supabase.dbUrl,
  );
  browser = await launchBrowser();
  page = await signedInPage(browser, owner);
});

afterAll(async () => {
  await browser?.close();
});

const closures = () => sql<{ service: string; reason: string | null }>('select service, reason from restaurant_closures where restaurant_id = $1 and closure_date = $2', [restaurantId, MONDAY]);

test('a planning cell closes its service with a reason, shows it closed, and reopens it', async () => {
  await page.goto(`${ready().url}/restaurants/${restaurantId}/operational/planning?date=${MONDAY}`);
  const dinner = page.getByTestId(`planning-${MONDAY}-dinner`);
  await dinner.waitFor();
  expect(await dinner.innerText()).not.toContain('Fermé');

  await page.getByRole('button', { name: 'Actions : Soir, lundi 8 juin' }).click();
  await page.getByRole('menuitem', { name: 'Fermer ce service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fermer : Soir, lundi 8 juin' });
  await dialog.waitFor();
  // What is already booked stays, and the owner is told.
  await dialog.getByText('0 réservation confirmée et 1 demande en attente sur ce service : elles restent à traiter une à une.').waitFor();
  await dialog.getByLabel('Motif (facultatif)').fill('Soirée privée');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Fermer ce service' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Marked on the planning, from the closures' own query.
  await dinner.getByText('Fermeture exceptionnelle : Soirée privée').waitFor();
  expect(await dinner.innerText()).toContain('Fermé');
  expect(await page.getByTestId(`planning-${MONDAY}-lunch`).innerText()).not.toContain('Fermé');
  expect(await closures()).toEqual([{ service: 'dinner', reason: 'Soirée privée' }]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/planning-closure.png' });

  // The same closure on Horaires, under 'Fermetures exceptionnelles'.
  await page.goto(`${ready().url}/restaurants/${restaurantId}/hours`);
  const block = page.getByRole('region', { name: 'Fermetures exceptionnelles' });
  await block.getByRole('listitem').filter({ hasText: 'lundi 8 juin 2099' }).filter({ hasText: 'Soir' }).filter({ hasText: '(Soirée privée)' }).waitFor();
  await block.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await block.screenshot({ path: '/tmp/hours-closures.png' });
  await page.goBack();
  await dinner.waitFor();

  await page.getByRole('button', { name: 'Actions : Soir, lundi 8 juin' }).click();
  await page.getByRole('menuitem', { name: 'Rouvrir' }).click();
  await dinner.getByText(/Fermeture exceptionnelle/).waitFor({ state: 'detached' });
  expect(await dinner.innerText()).not.toContain('Fermé');
  expect(await closures()).toEqual([]);
});
