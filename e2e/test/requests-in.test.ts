/**
 * Requests in, end to end: the simulated chatbot submits requests through the HTTP contract to this
 * file's copy of the demo restaurant; the owner's open list shows them without a reload, and the
 * 'Accepter' of the restaurant's e-mail, opened from the e-mail itself, accepts the request.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { LIVE_REFRESH_MS } from '../../operations-data/src/keys';
import { simulateChatbot } from '../../reservation-service/simulate/chatbot';
import { parseMail } from '../../reservation-service/test/mail';
import { demoOwner, launchBrowser, outboxDir, outboxFiles, ready, signedInPage, sql, until } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The restaurant's e-mail about a new request, once the sender has written it. */
const ownerEmailFor = (numero: string) =>
  until(
    () => outboxFiles(numero, /-nouvelle-demande-[0-9a-f]{6}\.eml$/),
    (files) => files.length === 1,
    `the restaurant's e-mail for ${numero}`,
  ).then(([file]) => parseMail(fs.readFileSync(path.join(outboxDir(), file), 'utf8')));

test('a simulated request appears in the open list without a reload, and the e-mail’s Accepter accepts it', async () => {
  const app = ready();
  const copy = await demoOwner('arrivee');
  const restaurantId = copy.restaurants.lyon;
  const page = await signedInPage(browser, copy);
  // The page's clock runs as usual, and can be moved on to the list's next refresh instead of waiting for it.
  await page.clock.install();
  await page.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations`);
  await page.getByRole('heading', { name: 'Réservations' }).waitFor();
  expect(await page.getByText('Sophie Marchetti').count()).toBe(0);

  const sent = await simulateChatbot({
    supabaseUrl: app.supabase.url,
    anonKey: app.supabase.anonKey,
    apiUrl: `${app.reservationService}/api`,
    restaurantId,
    email: copy.email,
    password: copy.password,
  });
  const first = sent.find((s) => s.label === 'anniversaire')!;
  expect(first.status).toBe(201);
  expect(sent.find((s) => s.label === 'trop grand')).toMatchObject({ status: 422, body: { code: 'group_size' } });
  const twice = sent.filter((s) => s.label.startsWith('envoyée deux fois'));
  expect(twice.map((s) => s.status)).toEqual([201, 200]);
  expect(twice[1].body.reservation!.id).toBe(twice[0].body.reservation!.id);

  // The list refreshes itself (LIVE_REFRESH_MS): the request shows up on the page already open.
  await page.clock.fastForward(LIVE_REFRESH_MS);
  // Well within the real refresh interval: only the refresh moved on above can show it in time.
  await page
    .getByText('Sophie Marchetti')
    .first()
    .waitFor({ timeout: LIVE_REFRESH_MS / 3 });

  const numero = first.body.reservation!.numero;
  const mail = await ownerEmailFor(numero);
  const inbox = await (await browser.newContext()).newPage();
  await inbox.setContent(mail.html);
  await inbox.getByRole('link', { name: /^Accepter/ }).click();
  await inbox.getByText('Réservation acceptée !').waitFor();
  const [row] = await sql<{ status: number }>('select status from public.restaurant_reservations where numero_reservation = $1', [numero]);
  expect(row.status).toBe(1);
});
