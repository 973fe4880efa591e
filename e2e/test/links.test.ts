/**
 * The one-click links of the e-mails: signed out, pending reservations of a copy of the demo data are
 * accepted and refused through their links; the database, the outbox and the page agree.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { demoOwner, emailsFor, launchBrowser, loadedSharedModules, outboxDir, ready, seriousViolations, sql, until, type Ready } from './browser';

interface Pending {
  numero: string;
  restaurateur: string;
  code: string;
}
// Two pending reservations of this file's copy of the demo data, read at start.
let DEMO01: Pending;
let DEMO02: Pending;
let restaurantId: string;

let browser: Browser;
let app: Ready;

/** A one-click decision's e-mail is held for its undo window (two minutes): made due now, as when the window has passed. */
const windowPassed = (numero: string) =>
  sql(`update public.notification_outbox set next_attempt_at = now() where reservation_id = (select id from public.restaurant_reservations where numero_reservation = $1)`, [numero]);

const statusOf = async (numero: string) => (await sql<{ status: number }>('select status from public.restaurant_reservations where numero_reservation = $1', [numero]))[0].status;

/** A fresh context: no session, no stored token (the link pages need no sign-in). */
async function signedOutPage(): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

beforeAll(async () => {
  app = ready();
  restaurantId = (await demoOwner('links')).restaurants.lyon;
  const rows = await sql<Pending>(
    `select numero_reservation as numero, numero_reservation_restaurateur as restaurateur, code_manage as code
     from public.restaurant_reservations where restaurant_id = $1 and status = 0 order by numero_reservation_restaurateur limit 2`,
    [restaurantId],
  );
  expect(rows).toHaveLength(2);
  [DEMO01, DEMO02] = rows;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('the accept link accepts the pending reservation signed out, e-mails the customer once, and says so', async () => {
  expect(await statusOf(DEMO01.numero)).toBe(0);
  const page = await signedOutPage();
  await page.goto(`${app.url}/reservations/${DEMO01.numero}/accept/${DEMO01.code}`);
  await page.getByText('Réservation acceptée !').waitFor();
  const body = await page.locator('body').innerText();
  expect(body).toContain(DEMO01.restaurateur);
  expect(body).toContain('Un email de confirmation va être envoyé au client.');
  expect(body).toContain('Vous pouvez fermer cette page.');
  expect(new URL(page.url()).pathname).toBe(`/reservations/${DEMO01.numero}/accept/${DEMO01.code}`); // no detour by /signin
  expect(await seriousViolations(page)).toEqual([]);

  expect(await statusOf(DEMO01.numero)).toBe(1);
  await windowPassed(DEMO01.numero);
  // Sent by the outbox's sender once the undo window has passed.
  const emails = await until(
    () => emailsFor(DEMO01.numero),
    (files) => files.length > 0,
    'l’e-mail de la décision dans la boîte d’envoi',
  );
  expect(emails).toHaveLength(1);
  expect(emails[0]).toContain('-acceptee-');
  expect(fs.readFileSync(path.join(outboxDir(), emails[0]), 'utf8')).toMatch(/^Subject: /m);

  // The same link again: clearly already handled, nothing changed, no second e-mail.
  await page.reload();
  await page.getByText('Réservation déjà traitée').waitFor();
  expect(await page.locator('body').innerText()).toContain('elle a déjà été acceptée');
  expect(await statusOf(DEMO01.numero)).toBe(1);
  expect(emailsFor(DEMO01.numero)).toHaveLength(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the reject link refuses the pending reservation signed out', async () => {
  expect(await statusOf(DEMO02.numero)).toBe(0);
  const page = await signedOutPage();
  await page.goto(`${app.url}/reservations/${DEMO02.numero}/reject/${DEMO02.code}`);
  await page.getByText('Réservation refusée').waitFor();
  const body = await page.locator('body').innerText();
  expect(body).toContain(DEMO02.restaurateur);
  expect(body).toContain('Un email de confirmation va être envoyé au client.');
  expect(await statusOf(DEMO02.numero)).toBe(2);
  await windowPassed(DEMO02.numero);
  expect(
    await until(
      () => emailsFor(DEMO02.numero),
      (files) => files.length > 0,
      'l’e-mail du refus dans la boîte d’envoi',
    ),
  ).toEqual([expect.stringContaining('-refusee-')]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a wrong code changes nothing and shows the error texts, in French words only', async () => {
  const [pending] = await sql<{ numero_reservation: string }>(
    `select numero_reservation from public.restaurant_reservations where restaurant_id = $1 and status = 0 and numero_reservation not in ($2, $3) order by numero_reservation_restaurateur desc limit 1`,
    [restaurantId, DEMO01.numero, DEMO02.numero],
  );
  const before = emailsFor(pending.numero_reservation).length;

  const page = await signedOutPage();
  await page.goto(`${app.url}/reservations/${pending.numero_reservation}/accept/${'0'.repeat(64)}`);
  await page.getByText("Échec de l'acceptation").waitFor();
  const body = await page.locator('body').innerText();
  expect(body).toContain('Une erreur est survenue');
  expect(body).toContain('Vérifiez le lien reçu par email ou contactez le support Tablée.');
  expect(body).toContain('Code de gestion invalide : ce lien ne permet pas de gérer cette réservation.');
  expect(body).not.toMatch(/Erreur API|403|"success"/);
  expect(await statusOf(pending.numero_reservation)).toBe(0);
  expect(emailsFor(pending.numero_reservation)).toHaveLength(before);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a link without its code says the URL lacks parameters, under the failure title of its own action', async () => {
  const page = await signedOutPage();
  const before = await statusOf(DEMO02.numero);
  for (const [action, title, other] of [
    ['accept', "Échec de l'acceptation", 'Échec du refus'],
    ['reject', 'Échec du refus', "Échec de l'acceptation"],
  ]) {
    await page.goto(`${app.url}/reservations/${DEMO02.numero}/${action}`);
    await page.getByText("Paramètres manquants dans l'URL").waitFor();
    const body = await page.locator('body').innerText();
    expect(body).toContain(title);
    expect(body).not.toContain(other);
  }
  expect(await statusOf(DEMO02.numero)).toBe(before);
});

test("a link page loads React and the light kernel (core) only: no antd, no supabase-js, no TanStack Query, no router; its action helper is the remote's own build", async () => {
  const page = await signedOutPage();
  // A link that decides nothing (no code): the page is the same, the data is left alone.
  await page.goto(`${app.url}/reservations/${DEMO02.numero}/reject`);
  await page.getByText("Paramètres manquants dans l'URL").waitFor();
  await page.waitForLoadState('networkidle');
  const loaded = await loadedSharedModules(page);
  expect(loaded).toEqual(expect.arrayContaining(['react', 'react-dom/client', '@tablee/shared/core']));
  // @tablee/action is bundled by the remote (build time), never a shared module.
  for (const heavy of [
    'antd',
    '@supabase/supabase-js',
    '@tanstack/react-query',
    'react-router',
    '@tablee/shared',
    '@tablee/shared/supabase',
    '@tablee/shared/action',
    '@tablee/action',
    'jotai',
    'dayjs',
  ]) {
    expect(loaded).not.toContain(heavy);
  }
});
