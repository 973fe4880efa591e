/**
 * A booking taken by phone, then changed (issue 30): from a planning cell, 'Nouvelle réservation' opens
 * the form on that day and service; the booking is stored (Téléphone) with its allergies and internal
 * notes; 'Modifier' changes the head count, the history says who changed what, and the list shows it.
 * On an owner of its own (a copy of the demo restaurants).
 */
import type { Browser, Page } from 'playwright-core';
import { nextOpenSlot, type Slot } from '../../local-supabase/test/reservations';
import type { DemoCopy } from '../../local-supabase/test/seeded';
import { demoOwner, launchBrowser, ready, seriousViolations, settled, signedInPage, sql, type Ready } from './browser';

let browser: Browser;
let app: Ready;
let page: Page;
let copy: DemoCopy;
let lyon: string;
let slot: Slot;

beforeAll(async () => {
  app = ready();
  copy = await demoOwner('telephone');
  lyon = copy.restaurants.lyon;
  // No capacity: the change below raises no warning to confirm (the jsdom tests confirm them).
  await sql('update restaurant_hours set dinner_capacity = null where restaurant_id = $1', [lyon]);
  slot = await nextOpenSlot(lyon, { people: 18, service: 'dinner' }, app.supabase.dbUrl);
  browser = await launchBrowser();
  page = await signedInPage(browser, copy);
});

afterAll(async () => {
  await browser?.close();
});

test('the owner books by phone from the planning, changes the booking, and sees it in the list and the history', async () => {
  await page.goto(`${app.url}/restaurants/${lyon}/operational/planning?vue=semaine&date=${slot.date}`);
  await page.locator(`a[href$="/reservations/nouvelle?date=${slot.date}&service=soir"]`).click();
  await page.getByRole('heading', { name: 'Nouvelle réservation' }).waitFor();
  // The cell's day and service are those of the form.
  const [y, m, d] = slot.date.split('-');
  expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(`${d}/${m}/${y}`);
  expect(await page.getByRole('radio', { name: 'Soir' }).isChecked()).toBe(true);

  await page.getByLabel('Heure d’arrivée').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: slot.arrival_time }).click();
  await page.getByLabel('Adultes').fill('14');
  await page.getByLabel('Nom du client').fill('Paul Téléphone');
  await page.getByLabel('Email').fill('paul.telephone@exemple.fr');
  await page.getByLabel('Téléphone').fill('06 11 22 33 44');
  await page.getByLabel('Allergies et régimes').fill('Deux sans gluten, une allergie aux arachides');
  await page.getByLabel('Notes internes').fill('Habitué, table du fond');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/h1-new-booking.png', fullPage: true });
  await page.getByRole('button', { name: 'Enregistrer la réservation' }).click();

  await page.getByText('Réservation enregistrée.').waitFor();
  const heading = await page.getByRole('heading', { name: /^Réservation R-\d{4}/ }).innerText();
  const numero = /R-\d{4}/.exec(heading)![0];
  await page.getByText('Deux sans gluten, une allergie aux arachides').waitFor();
  await page.getByText('Habitué, table du fond').waitFor();

  await page.getByRole('button', { name: 'Modifier' }).click();
  const dialog = page.getByRole('dialog', { name: `Modifier la réservation ${numero}` });
  await dialog.getByLabel('Adultes').fill('18');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const change = page.getByTestId('reservation-change');
  await change.waitFor();
  // Pending, without a menu or options: only the head count changed (the total stays 0 €).
  expect(await change.innerText()).toMatch(new RegExp(`^Modifiée par ${copy.email.replace(/[.+]/g, '\\$&')} : 14 → 18 personnes — \\d{2}/\\d{2}/\\d{4}`));
  await page.getByText('18 adultes').waitFor();
  await settled(page);
  await page.screenshot({ path: '/tmp/h1-modified-booking.png', fullPage: true });

  await page.goto(`${app.url}/restaurants/${lyon}/operational/reservations`);
  const row = page.getByRole('row', { name: new RegExp(numero) });
  await row.getByRole('cell', { name: 'Téléphone', exact: true }).waitFor();
  expect(await row.innerText()).toContain('18');
  expect(await row.innerText()).toContain('Paul Téléphone');

  const [stored] = await sql<{ source: string; number_people: number; dietary_notes: string; notes: string }>(
    'select source, number_people, dietary_notes, notes from restaurant_reservations where restaurant_id = $1 and numero_reservation_restaurateur = $2',
    [lyon, numero],
  );
  expect(stored).toEqual({ source: 'phone', number_people: 18, dietary_notes: 'Deux sans gluten, une allergie aux arachides', notes: 'Habitué, table du fond' });
});
