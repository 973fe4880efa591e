/**
 * The restaurant's public request page (/demande/{id}), end to end on a phone (390 px): closed until
 * the owner switches 'Demandes en ligne' on ('Votre assistant': address, QR code, iframe); a customer
 * cannot pick a closed day, sees a 422 of the contract on its field, sends, and sees the confirmation;
 * the owner's open list shows the request, marked 'Site web', without a reload; the customer's
 * acknowledgement is in the outbox; the honeypot and the per-address limit refuse. axe on each state.
 */
import { formatEuros } from '../../shared/src/format';
import type { Browser, Page } from 'playwright-core';
import { LIVE_REFRESH_MS } from '../../operations-data/src/keys';
import { nextOpenSlot } from '../../local-supabase/test/reservations';
import { demoOwner, launchBrowser, outboxFiles, ready, seriousViolations, settled, signedInPage, sql, until } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };

/** Shows the calendar's month holding `date`, a month at a time, back or forth. */
async function showMonthOf(page: Page, date: string) {
  for (let i = 0; i < 13 && (await page.locator(`[data-date="${date}"]`).count()) === 0; i += 1) {
    const shown = (await page.locator('[data-date]').first().getAttribute('data-date'))!;
    await page.getByRole('button', { name: shown < date ? 'Mois suivant' : 'Mois précédent' }).click();
  }
  return page.locator(`[data-date="${date}"]`);
}

async function shoot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await settled(page);
  await page.screenshot({ path: `/tmp/h6-${name}-${width}.png`, fullPage: true });
}

test('a customer asks on the restaurant’s page, the owner sees it arrive, marked Site web', async () => {
  const app = ready();
  const copy = await demoOwner('demande');
  const restaurantId = copy.restaurants.lyon;
  const pageUrl = `${app.url}/demande/${restaurantId}`;

  // Off by default: the page says so.
  const customer = await (await browser.newContext({ viewport: PHONE })).newPage();
  await customer.goto(pageUrl);
  await customer.getByText('Ce restaurant ne prend pas de demandes en ligne pour le moment.').waitFor();
  expect(await seriousViolations(customer)).toEqual([]);

  // The owner switches it on, on 'Votre assistant'.
  const owner = await signedInPage(browser, copy);
  await owner.goto(`${app.url}/restaurants/${restaurantId}/assistant`);
  await owner.getByRole('switch', { name: 'Demandes en ligne' }).click();
  await owner.getByText('Votre page de demande est en ligne.').waitFor();
  await owner.getByText(pageUrl, { exact: true }).waitFor();
  const qr = owner.getByRole('link', { name: 'Télécharger le QR code (PNG)' });
  expect(await qr.getAttribute('href')).toMatch(/^data:image\/png;base64,/);
  expect(await qr.getAttribute('download')).toBe('demande-le-comptoir-des-halles.png');
  await owner.getByRole('img', { name: /^QR code de la page de demande/ }).waitFor();
  expect(await owner.getByTestId('request-page-iframe').textContent()).toContain(`<iframe src="${pageUrl}"`);
  await owner.getByRole('heading', { name: 'Demandes en ligne' }).scrollIntoViewIfNeeded();
  await settled(owner);
  await owner.screenshot({ path: '/tmp/h6-owner-card.png', fullPage: true });

  // The owner's list stays open; its clock is moved on to the next refresh instead of waited for.
  await owner.clock.install();
  await owner.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations`);
  await owner.getByRole('heading', { name: 'Réservations' }).waitFor();

  await customer.reload();
  await customer.getByRole('heading', { name: 'Le Comptoir des Halles', level: 1 }).waitFor();
  await customer.getByRole('button', { name: 'Envoyer la demande' }).waitFor();
  expect(await seriousViolations(customer)).toEqual([]);
  await shoot(customer, 'demande-form', 1280);
  // From 320 px wide, nothing runs off the screen.
  await customer.setViewportSize({ width: 320, height: 640 });
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await shoot(customer, 'demande-form', 390);

  // A closed day is there, and cannot be chosen.
  const [{ date: closed }] = await sql<{ date: string }>(
    `select to_char(d, 'YYYY-MM-DD') as date
       from generate_series((now() at time zone 'Europe/Paris')::date + 1, (now() at time zone 'Europe/Paris')::date + 14, interval '1 day') d
       join public.restaurants r on r.id = $1
      where not lower(to_char(d, 'FMDay')) = any (r.days_open) order by d limit 1`,
    [restaurantId],
  );
  const closedDay = await showMonthOf(customer, closed);
  expect(await closedDay.isDisabled()).toBe(true);
  await closedDay.click({ force: true });
  expect(await closedDay.getAttribute('aria-pressed')).toBe('false');

  // An open day: the next dinner that takes 12.
  const slot = await nextOpenSlot(restaurantId, { people: 12, service: 'dinner' }, app.supabase.dbUrl);
  const openDay = await showMonthOf(customer, slot.date);
  await openDay.click();
  expect(await openDay.getAttribute('aria-pressed')).toBe('true');
  await customer.getByRole('radio', { name: /^Dîner/ }).check();
  await customer.getByLabel('Heure d’arrivée').selectOption(slot.arrival_time);
  await customer.getByLabel('Adultes').fill('12');
  await customer.getByRole('group', { name: 'Menu' }).getByRole('radio').first().check();
  // The total and the acompte are the restaurant's check's (public.check_group_request), asked before sending.
  const total = customer.locator('.rq-total strong');
  await until(
    () => total.textContent(),
    (text) => /€/.test(text ?? ''),
    'the total of the restaurant’s check',
  );
  const shownTotal = (await total.textContent())!;
  await customer.getByLabel('Nom', { exact: true }).fill('Hélène Garnier');
  await customer.getByLabel('E-mail').fill('helene.garnier@example.fr');
  // The contract checks the phone: its 422 lands on the field.
  await customer.getByLabel(/^Téléphone/).fill('abc');
  await customer.getByRole('checkbox', { name: /J’accepte les conditions générales de vente/ }).check();
  await customer.getByRole('button', { name: 'Envoyer la demande' }).click();
  const phone = customer.getByLabel(/^Téléphone/);
  await until(
    () => phone.getAttribute('aria-invalid'),
    (invalid) => invalid === 'true',
    'the phone marked invalid',
  );
  await customer.getByText("Le numéro de téléphone du client n'est pas valide.", { exact: true }).waitFor();
  expect(await customer.evaluate(() => document.activeElement?.id)).toBe('rq-customer-phone');
  expect(await seriousViolations(customer)).toEqual([]);
  await shoot(customer, 'demande-422', 390);

  await phone.fill('06 12 34 56 78');
  // The group's allergies: the contract's dietary_notes, first and in red for the owner and the kitchen.
  await customer.getByLabel(/^Allergies et régimes/).fill('Deux sans gluten, une allergie aux arachides');
  await customer.getByRole('button', { name: 'Envoyer la demande' }).click();
  await customer.getByRole('heading', { name: 'Demande envoyée' }).waitFor();
  // One reference for the customer: their code de réservation, the one of every e-mail they get.
  const sentText = (await customer.locator('.rq-sent').textContent()) ?? '';
  const code = /Votre code de réservation : ([A-Z0-9]{6})/.exec(sentText)![1];
  expect(sentText).not.toMatch(/TBL-|R-\d/);
  // When the restaurant promised to answer: respond_by, counted within its opening hours.
  await customer.getByText(/^Le restaurant s’engage à vous répondre (aujourd’hui avant|demain avant|d’ici le) /).waitFor();
  // Their own page, from the confirmation on (issue 44).
  expect(await customer.getByRole('link', { name: 'Suivre ma demande' }).getAttribute('href')).toMatch(new RegExp(`^${app.url}/ma-reservation/[0-9a-f]{48}$`));
  expect(await seriousViolations(customer)).toEqual([]);
  await shoot(customer, 'demande-sent', 390);
  await shoot(customer, 'demande-sent', 1280);

  const [row] = await sql<{ numero: string; source: string; status: number; dietary_notes: string; total: string }>(
    'select numero_reservation as numero, source, status, dietary_notes, total_amount::text as total from public.restaurant_reservations where restaurant_id = $1 and code_reservation = $2',
    [restaurantId, code],
  );
  expect(row).toMatchObject({ source: 'web', status: 0, dietary_notes: 'Deux sans gluten, une allergie aux arachides' });
  // The total shown before sending is the one stored.
  expect(shownTotal.replace(/\s/g, ' ')).toBe(formatEuros(Number(row.total)).replace(/\s/g, ' '));
  const numero = row.numero;

  // The owner's open list shows it at its next refresh, marked as coming from the page.
  await owner.clock.fastForward(LIVE_REFRESH_MS);
  const listed = owner.getByRole('row', { name: /Hélène Garnier/ });
  await listed.waitFor({ timeout: LIVE_REFRESH_MS / 3 });
  expect(await listed.textContent()).toContain('Site web');
  // And in the detail.
  await owner.clock.resume();
  await listed.getByRole('link').first().click();
  await owner.getByRole('heading', { name: /^Réservation R-/ }).waitFor();
  await owner.getByText('Site web', { exact: true }).waitFor();
  // The allergies reached 'Allergies et régimes'.
  await owner.getByText('Deux sans gluten, une allergie aux arachides', { exact: true }).waitFor();

  // The customer's acknowledgement e-mail, from the outbox.
  await until(
    () => outboxFiles(numero, /-demande-recue-[0-9a-f]{6}\.eml$/),
    (files) => files.length === 1,
    `the customer's acknowledgement of ${numero}`,
  );

  // Robots: a filled honeypot is refused; and one address gets a limited number of tries.
  const api = `${app.reservationService}/api/restaurants/${restaurantId}/requests`;
  const statuses = await customer.evaluate(async (url) => {
    const post = (body: object) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const trapped = await post({ website: 'https://spam.example' });
    const answers: { status: number; body: unknown }[] = [{ status: trapped.status, body: await trapped.json() }];
    for (let i = 0; i < 12 && answers[answers.length - 1].status !== 429; i += 1) {
      const res = await post({ adults: 'abc' });
      answers.push({ status: res.status, body: await res.json() });
    }
    return answers;
  }, api);
  expect(statuses[0]).toEqual({ status: 422, body: expect.objectContaining({ code: 'automated_request' }) });
  expect(statuses[statuses.length - 1]).toEqual({ status: 429, body: expect.objectContaining({ msg: expect.stringMatching(/^Trop de demandes envoyées depuis cette connexion/) }) });
});
