/**
 * Issue 45 end to end, against local-stripe (the run's Stripe, started by the global setup: its OAuth and
 * Checkout pages are what the owner and the customer see). The owner connects the restaurant's own
 * Stripe account from Facturation; accepts a request in the app; the customer pays the arrhes from
 * their page, on the Checkout page, and comes back to « Arrhes reçues »; the owner's list shows it paid
 * ('Arrhes reçues', the paid badge in the CGV's word while the rest is due on the day) without a reload, and the history says what Stripe received.
 */
import type { Browser } from 'playwright-core';
import { ADVANCE_NATURES } from '../../domain/src/payments';
import { nextOpenSlot, submitGroupRequest } from '../../local-supabase/test/reservations';
import { launchBrowser, ownerWithRestaurant, ready, seriousViolations, settled, signedInPage, sql, until } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

test('the owner connects Stripe and accepts; the customer pays the arrhes on Stripe’s page; the list shows it paid without a reload', async () => {
  const app = ready();
  // Complete: arrhes of 30 % of the total (Facturation; the CGV say nothing of their nature: arrhes, as the law presumes).
  const owner = await ownerWithRestaurant('stripe-e2e', 'Chez Stripe', { complete: true });
  const { restaurantId } = owner;
  const page = await signedInPage(browser, owner);

  // Facturation › Paiement en ligne: Stripe's OAuth page, and back.
  await page.goto(`${app.url}/restaurants/${restaurantId}/billing`);
  await page.getByRole('button', { name: 'Connecter mon compte Stripe' }).click();
  await page.getByRole('heading', { name: 'Connecter votre compte Stripe à Tablée' }).waitFor();
  await page.getByLabel('Nom du compte').fill('Chez Stripe SAS');
  await page
    .getByRole('button', { name: 'Autoriser l’accès' })
    .or(page.getByRole('button', { name: "Autoriser l'accès" }))
    .click();
  await page.getByText('Votre compte Stripe est connecté.').waitFor();
  await page.getByText(/Compte Stripe connecté : Chez Stripe SAS/).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // A request of 12, accepted in the app.
  const [{ id: menuId }] = await sql<{ id: string }>(
    'select id from public.restaurant_menus where restaurant_id = $1 and not is_children_menu and price_per_person > 0 order by display_order limit 1',
    [restaurantId],
  );
  const slot = await nextOpenSlot(restaurantId, { people: 12, menuId, fromDays: 21 }, app.supabase.dbUrl);
  const request = await submitGroupRequest(
    restaurantId,
    { ...slot, adults: 12, menu_id: menuId, customer: { name: 'Paul Carte', email: 'paul.carte@example.fr', phone: '06 12 34 56 78' } },
    app.supabase,
  );
  const [{ numero_reservation_restaurateur: numero }] = await sql<{ numero_reservation_restaurateur: string }>(
    'select numero_reservation_restaurateur from public.restaurant_reservations where id = $1',
    [request.id],
  );
  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations/${numero}`);
  await page.getByRole('button', { name: 'Accepter', exact: true }).click();
  await page.getByText(new RegExp(`Réservation ${numero} acceptée`)).waitFor();
  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations`);
  const row = page.getByRole('row').filter({ hasText: numero });
  await row.getByText('Acceptée').waitFor();

  // The customer, on their page: « Payer les arrhes — … », Stripe's Checkout page, back to their page.
  const [{ token }] = await sql<{ token: string }>('select token from public.customer_page_tokens($1)', [[request.id]]);
  const [{ cents }] = await sql<{ cents: number }>(
    "select (private.deposit_for(total_amount, restaurant_id) ->> 'amount')::numeric * 100 as cents from public.restaurant_reservations where id = $1",
    [request.id],
  );
  const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(Number(cents) / 100);
  const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await customer.goto(`${app.url}/ma-reservation/${token}`);
  await customer.getByText('Acceptée', { exact: true }).waitFor();
  await settled(customer);
  await customer.screenshot({ path: '/tmp/h45-customer-accepted-390.png', fullPage: true });
  const pay = customer.getByRole('link', { name: /^Payer les arrhes — / });
  await pay.waitFor();
  expect(nbsp(await pay.innerText())).toBe(nbsp(`Payer les arrhes — ${euros}`));
  await customer.getByText('Ce sont des arrhes : si vous annulez, elles restent acquises au restaurant ; si le restaurant annule, il vous rembourse le double.').waitFor();
  expect(await seriousViolations(customer)).toEqual([]);
  await pay.click();
  await customer.getByRole('button', { name: 'Payer' }).click();
  await customer.waitForURL(/\/ma-reservation\/[0-9a-f]{48}\?paiement=ok/);
  await customer.getByText(/^Arrhes reçues : /).waitFor();
  await settled(customer);
  await customer.screenshot({ path: '/tmp/h45-customer-paid-390.png', fullPage: true });

  // The owner's list, left open: « Payée » without a reload; the history says what Stripe received.
  // Paid with the rest due on the day: the paid badge names what was received in the CGV's word, arrhes here (the list's filter: 'Payées / acompte reçu').
  await row.getByText(ADVANCE_NATURES.arrhes.received, { exact: true }).waitFor({ timeout: 30_000 });
  const stored = await until(
    async () =>
      (await sql<{ status: number; received_cents: number | null }>('select status, amount_received_cents as received_cents from public.restaurant_reservations where id = $1', [request.id]))[0],
    (r) => r.status === 3,
    'the reservation paid',
  );
  expect(stored.received_cents).toBe(Number(cents));
  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations/${numero}`);
  // What went through Stripe, to reconcile with its dashboard.
  await page.getByRole('heading', { name: 'Paiements en ligne (Stripe)' }).waitFor();
  const history = page.getByText(/^Payé en ligne — .+ \(Stripe\)$/);
  await history.waitFor();
  expect(nbsp(await history.innerText())).toBe(nbsp(`Payé en ligne — ${euros} (Stripe)`));
});
