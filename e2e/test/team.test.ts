/**
 * A restaurant run by a team (issue 33), in Chromium: the owner invites a manager from 'Équipe'; the
 * manager opens the e-mail's link, creates their account through the sign-up and sign-in pages, comes
 * back to the invitation and lands on the restaurant; accepts a request (the history names them);
 * sees neither Facturation nor Équipe (their addresses refuse them in French), nor the restaurant's
 * deletion; then, removed by the owner, their next action is refused and the app shows the dashboard
 * without the restaurant. The 'Équipe' tab and the invitation e-mail are drawn at desktop and 390 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { linkIn, outboxMails, type OutboxMail } from '../../local-supabase/test/mails';
import { insertReservationAsSuperuser } from '../../local-supabase/test/reservations';
import { parseMail } from '../../reservation-service/test/mail';
import { launchBrowser, outboxDir, ownerWithRestaurant, ready, seriousViolations, settled, signedInPage, sql, until, type Ready } from './browser';

let browser: Browser;
let app: Ready;

beforeAll(async () => {
  app = ready();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A pending request of the restaurant (a Monday in 2099: stable texts, an open day). */
async function pending(restaurantId: string, numero: string) {
  // Hand-picked numbers and a far date for stable texts: submit_group_request takes dates within a year.
  await insertReservationAsSuperuser(
    {
      restaurant_id: restaurantId,
      numero_reservation_restaurateur: numero,
      numero_reservation: `TBL-${numero}-${Date.now()}`,
      code_reservation: 'EQU001',
      customer_name: 'Inès Équipe',
      number_people: 12,
      reservation_date: '2099-08-03',
      email: 'ines@exemple.fr',
    },
    app.supabase.dbUrl,
  );
}

const mailTo = (address: string): Promise<OutboxMail | undefined> =>
  until(
    () => outboxMails(outboxDir()).find((m) => m.to.includes(address) && m.file.includes('invitation-')),
    (m) => m !== undefined,
    `l’invitation de ${address}`,
  );

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: `/tmp/h12-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an owner invites a manager, who joins through the link, accepts a request, is kept out of Facturation and Équipe, and loses access once removed', async () => {
  const owner = await ownerWithRestaurant('equipe', 'Chez Équipe');
  const restaurantId = owner.restaurantId;
  await pending(restaurantId, 'R-EQ-1');
  await pending(restaurantId, 'R-EQ-2');
  const managerEmail = `gerant-${Date.now()}@example.fr`;
  const base = `${app.url}/restaurants/${restaurantId}`;

  // The owner invites from 'Équipe'.
  const ownerPage = await signedInPage(browser, owner);
  await ownerPage.goto(`${base}/information`);
  await ownerPage.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: 'Équipe' }).click();
  await ownerPage.getByRole('heading', { name: 'Équipe', level: 1 }).waitFor();
  await ownerPage.getByLabel('Adresse e-mail').fill(managerEmail);
  await ownerPage.getByRole('button', { name: 'Inviter' }).click();
  await ownerPage.getByText(`Invitation envoyée à ${managerEmail}.`).waitFor();
  const invitations = ownerPage.getByTestId('team-invitations');
  await invitations.getByText(managerEmail).waitFor();
  await invitations.getByText('Gérant').waitFor();
  await invitations.getByText(`par ${owner.email}`, { exact: false }).waitFor();
  expect(await seriousViolations(ownerPage)).toEqual([]);
  await shoot(ownerPage, 'equipe-invitation');

  // The e-mail: French, its link to the app; drawn as a mail client would.
  const mail = (await mailTo(managerEmail))!;
  expect(mail.subject).toBe('Invitation à rejoindre l’équipe de Chez Équipe sur Tablée');
  const link = linkIn(mail, `${app.url}/invitation/`);
  const html = parseMail(fs.readFileSync(path.join(outboxDir(), mail.file), 'utf8')).html;
  const mailPage = await (await browser.newContext()).newPage();
  await mailPage.setContent(html);
  await shoot(mailPage, 'invitation-email');
  await mailPage.context().close();

  // The manager: the link, the sign-up, the sign-in, back to the invitation, the restaurant.
  const managerPage = await (await browser.newContext()).newPage();
  await managerPage.goto(link);
  await managerPage.getByText('Vous êtes invité·e à rejoindre l’équipe de Chez Équipe en tant que gérant', { exact: false }).waitFor();
  expect(await seriousViolations(managerPage)).toEqual([]);
  await managerPage.screenshot({ path: '/tmp/h12-invitation-page-1280.png' });
  await managerPage.getByRole('button', { name: 'Créer mon compte' }).click();
  await managerPage.getByRole('heading', { name: 'Créer un compte' }).waitFor();
  expect(await managerPage.getByLabel('Email').inputValue()).toBe(managerEmail);
  await managerPage.getByLabel('Mot de passe').fill('gerant-solide');
  await managerPage.getByRole('button', { name: 'Créer mon compte' }).click();
  await managerPage.getByText('Compte créé avec succès ! Vous pouvez maintenant vous connecter.').waitFor();
  await managerPage.getByLabel('Mot de passe').fill('gerant-solide');
  await managerPage.getByRole('button', { name: 'Se connecter' }).click();
  await managerPage.waitForURL(`${base}/operational/reservations`);
  expect(await sql('select m.role from restaurant_members m join auth.users u on u.id = m.user_id where m.restaurant_id = $1 and u.email = $2', [restaurantId, managerEmail])).toEqual([
    { role: 'manager' },
  ]);

  // Accepts a request; the history names them.
  await managerPage.goto(`${base}/operational/reservations/R-EQ-1`);
  await managerPage.getByRole('button', { name: 'Accepter' }).click();
  await managerPage
    .getByRole('heading', { name: /Réservation R-EQ-1/ })
    .getByText('Acceptée')
    .waitFor();
  await managerPage
    .getByText(new RegExp(`^Acceptée par ${managerEmail.replace(/[.+]/g, '\\$&')} — `))
    .first()
    .waitFor();

  // Neither Facturation nor Équipe, by the sidebar or by their addresses; no deletion on the dashboard.
  const nav = managerPage.getByRole('navigation', { name: 'Menu du restaurant' });
  await nav.getByRole('link', { name: 'Réservations' }).waitFor();
  await until(
    async () => (await nav.getByRole('link').allTextContents()).join('|'),
    (labels) => !labels.includes('Facturation') && !labels.includes('Équipe') && labels.includes('Informations'),
    'le menu d’un gérant',
  );
  for (const page of ['billing', 'team']) {
    await managerPage.goto(`${base}/${page}`);
    await managerPage.getByText('Cette page est réservée aux propriétaires du restaurant.').waitFor();
  }
  await managerPage.goto(`${app.url}/dashboard`);
  const card = managerPage.getByTestId('restaurant-card').filter({ hasText: 'Chez Équipe' });
  await card.getByTestId('restaurant-role').getByText('Gérant').waitFor();
  expect(await card.getByRole('button', { name: /Supprimer/ }).count()).toBe(0);

  // The owner sees the manager in the team, and removes them.
  await ownerPage.reload();
  const members = ownerPage.getByTestId('team-members');
  await members.getByText(managerEmail).waitFor();
  await shoot(ownerPage, 'equipe-membres');
  await members.getByRole('button', { name: `Retirer ${managerEmail}` }).click();
  await ownerPage.locator('.ant-popconfirm').getByRole('button', { name: 'Retirer' }).click();
  await ownerPage.getByText(`${managerEmail} a été retiré de l’équipe.`).waitFor();

  // The manager's next action is refused; the app shows the dashboard without the restaurant.
  await managerPage.goto(`${base}/operational/reservations/R-EQ-2`);
  await managerPage.waitForURL(`${app.url}/dashboard`);
  await managerPage.getByRole('heading', { name: 'Mes Restaurants' }).waitFor();
  expect(await managerPage.getByTestId('restaurant-card').filter({ hasText: 'Chez Équipe' }).count()).toBe(0);
  expect((await sql<{ status: number }>('select status from restaurant_reservations where restaurant_id = $1 and numero_reservation_restaurateur = $2', [restaurantId, 'R-EQ-2']))[0].status).toBe(
    0,
  );
});

test('a manager still on the restaurant when removed: their next decision is refused and the dashboard says why', async () => {
  const owner = await ownerWithRestaurant('equipe-retrait', 'Chez Retrait');
  const restaurantId = owner.restaurantId;
  await pending(restaurantId, 'R-RT-1');
  const email = `retire-${Date.now()}@example.fr`;
  // The invitation and the account through the API: the first test walks them in the browser.
  const ownerPage = await signedInPage(browser, owner);
  await ownerPage.goto(`${app.url}/restaurants/${restaurantId}/team`);
  await ownerPage.getByLabel('Adresse e-mail').fill(email);
  await ownerPage.getByRole('button', { name: 'Inviter' }).click();
  await ownerPage.getByText(`Invitation envoyée à ${email}.`).waitFor();
  const link = linkIn((await mailTo(email))!, `${app.url}/invitation/`);
  const managerPage = await (await browser.newContext()).newPage();
  await managerPage.goto(`${app.url}/signup`);
  await managerPage.getByLabel('Email').fill(email);
  await managerPage.getByLabel('Mot de passe').fill('gerant-solide');
  await managerPage.getByRole('button', { name: 'Créer mon compte' }).click();
  await managerPage.getByText('Compte créé avec succès !', { exact: false }).waitFor();
  await managerPage.getByLabel('Mot de passe').fill('gerant-solide');
  await managerPage.getByRole('button', { name: 'Se connecter' }).click();
  await managerPage.waitForURL((u) => !u.pathname.startsWith('/signin'));
  await managerPage.goto(link);
  await managerPage.waitForURL(`${app.url}/restaurants/${restaurantId}/operational/reservations`);
  await managerPage.goto(`${app.url}/restaurants/${restaurantId}/operational/reservations/R-RT-1`);
  // The full screen ('Modifier' is not on the light page of an alert's link, which it replaces).
  await managerPage.getByRole('button', { name: 'Modifier' }).waitFor();

  // Removed while the page is open: the click is refused (403), the dashboard says why.
  await sql('delete from restaurant_members m using auth.users u where u.id = m.user_id and m.restaurant_id = $1 and u.email = $2', [restaurantId, email]);
  await managerPage.getByRole('button', { name: 'Accepter' }).click();
  await managerPage.waitForURL(`${app.url}/dashboard`);
  await managerPage.getByText('Vous ne faites plus partie de l’équipe de Chez Retrait. Il a été retiré de votre tableau de bord.').waitFor();
  expect(await managerPage.getByTestId('restaurant-card').filter({ hasText: 'Chez Retrait' }).count()).toBe(0);
  expect((await sql<{ status: number }>('select status from restaurant_reservations where restaurant_id = $1 and numero_reservation_restaurateur = $2', [restaurantId, 'R-RT-1']))[0].status).toBe(
    0,
  );
});
