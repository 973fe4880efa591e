/**
 * The account screens in Chromium: the forgotten password from /signin to a new password, with
 * the e-mail read from the run's outbox (local-supabase writes it there, as the reservation service
 * does its own); then 'Mon compte': a new password, and a new e-mail confirmed through its link.
 * axe-core on every new screen; the public ones stay light (no antd), as /signin.
 */
import type { Browser, Page } from 'playwright-core';
import { linkIn, outboxMails, type OutboxMail } from '../../local-supabase/test/mails';
import { launchBrowser, loadedSharedModules, outboxDir, ownerWithRestaurant, ready, seriousViolations, signIn, until, type Ready } from './browser';

let browser: Browser;
let app: Ready;

beforeAll(async () => {
  app = ready();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const newPage = async (): Promise<Page> => (await browser.newContext()).newPage();

/** The newest e-mail to `address` in the outbox, once it is there. */
const mailTo = (address: string): Promise<OutboxMail | undefined> =>
  until(
    () =>
      outboxMails(outboxDir())
        .filter((m) => m.to.includes(address))
        .pop(),
    (m) => m !== undefined,
    `un e-mail pour ${address}`,
  );

/**
 * axe on the page as it is (the pointer off any link: a hovered one is drawn lighter), and a public page
 * opened by its address loads neither antd nor TanStack Query (from /signin, typing loads the application on purpose).
 */
async function check(page: Page, found: Record<string, string[]>, name: string, light: boolean) {
  await page.mouse.move(0, 0);
  found[name] = await seriousViolations(page);
  if (light) {
    const loaded = await loadedSharedModules(page);
    for (const heavy of ['antd', '@tanstack/react-query']) expect(loaded).not.toContain(heavy);
  }
}

test('forgotten password: /signin → Mot de passe oublié → the e-mail’s link → new password → signed in; then signs in with it', async () => {
  const owner = await ownerWithRestaurant('oubli', 'Chez Oubli');
  const page = await newPage();
  const found: Record<string, string[]> = {};

  await page.goto(`${app.url}/signin`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await page.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
  expect(await page.getByLabel('Email').inputValue()).toBe(owner.email);
  await check(page, found, '/forgot-password', false);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await page.getByText('Si un compte existe pour cette adresse, un e-mail vous a été envoyé', { exact: false }).waitFor();
  await check(page, found, '/forgot-password (envoyé)', false);

  const mail = (await mailTo(owner.email))!;
  expect(mail.subject).toBe('Réinitialisation de votre mot de passe Tablée');
  const link = linkIn(mail, `${app.url}/reset-password?`);
  await page.goto(link);
  const field = page.getByLabel('Nouveau mot de passe', { exact: true });
  await field.waitFor();
  // The token has served: it leaves the address.
  await page.waitForURL(`${app.url}/reset-password`);
  await field.pressSequentially('😀😀😀');
  await page.getByTestId('password-counter').getByText('3/6').waitFor();
  expect(await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).isDisabled()).toBe(true);
  await field.fill('nouveau-départ');
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('nouveau-départ');
  await page.getByText('✓ Mot de passe valide').waitFor();
  await check(page, found, '/reset-password', true);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await page.waitForURL(`${app.url}/dashboard`);
  await page.getByText('Votre mot de passe a été modifié. Vous êtes connecté.').waitFor();
  await page.getByText('Chez Oubli').waitFor();
  expect(await page.getByTestId('user-email').textContent()).toBe(owner.email);

  // The same link again: used, said clearly, with the way to ask again.
  await page.goto(link);
  await page.getByText("Ce lien n'est plus valide : il a déjà servi ou il a expiré (il est valable 1 heure).").waitFor();
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).waitFor();
  await check(page, found, '/reset-password (lien usé)', true);

  // Signed out, the new password opens the account; the old one no longer does.
  await page.goto(`${app.url}/dashboard`);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL(`${app.url}/signin`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByText('Email ou mot de passe incorrect.').waitFor();
  await signIn(page, app.url, owner.email, 'nouveau-départ');
  await page.waitForURL(`${app.url}/dashboard`);
  await page.getByText('Chez Oubli').waitFor();

  // Opened by its address, /forgot-password is as light as /signin.
  await page.goto(`${app.url}/forgot-password`);
  await page.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
  await page.waitForLoadState('networkidle');
  await check(page, found, '/forgot-password (adresse)', true);

  expect(found).toEqual({ '/forgot-password': [], '/forgot-password (envoyé)': [], '/reset-password': [], '/reset-password (lien usé)': [], '/forgot-password (adresse)': [] });
  await page.context().close();
});

test('Mon compte: a new password (given the current one), then a new e-mail confirmed through the links sent to both addresses', async () => {
  const owner = await ownerWithRestaurant('compte', 'Chez Compte');
  const page = await newPage();
  const found: Record<string, string[]> = {};
  await signIn(page, app.url, owner.email, owner.password);
  await page.getByRole('link', { name: 'Mon compte', exact: true }).click();
  await page.getByRole('heading', { name: 'Mon compte', exact: true }).waitFor();
  await page.waitForURL(`${app.url}/account`);
  await check(page, found, '/account', false);

  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('   ');
  await page.getByLabel('Confirmer le nouveau mot de passe', { exact: true }).fill('   ');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await page.getByText('Le mot de passe ne peut pas contenir uniquement des espaces.').first().waitFor();
  await page.getByLabel('Mot de passe actuel', { exact: true }).fill(owner.password);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('compte-solide');
  await page.getByLabel('Confirmer le nouveau mot de passe', { exact: true }).fill('compte-solide');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await page.getByText('Votre mot de passe a été modifié.', { exact: true }).waitFor();

  const next = `nouvelle-${Date.now()}@example.fr`;
  await page.getByLabel('Nouvelle adresse email').fill(next);
  await page.getByRole('button', { name: 'Changer d’adresse' }).click();
  await page.getByText(`Un lien de confirmation a été envoyé à ${next}, et un autre à votre adresse actuelle. Votre adresse changera quand vous aurez ouvert les deux.`).waitFor();
  await check(page, found, '/account (envoyé)', false);
  // Not changed yet.
  expect(await page.getByTestId('account-email').textContent()).toBe(owner.email);

  const mail = (await mailTo(next))!;
  expect(mail.subject).toBe('Confirmez votre nouvelle adresse e-mail Tablée');
  await page.goto(linkIn(mail, `${app.url}/confirm-email?`));
  await page.getByText('Lien accepté. Ouvrez maintenant le lien envoyé à votre autre adresse : le changement sera fait à ce moment-là.').waitFor();
  const toCurrent = (await mailTo(owner.email))!;
  expect(toCurrent.subject).toBe('Changement d’adresse e-mail de votre compte Tablée');
  await page.goto(linkIn(toCurrent, `${app.url}/confirm-email?`));
  await page.getByText(`Votre adresse email est désormais ${next}. Utilisez-la pour vous connecter.`).waitFor();
  await check(page, found, '/confirm-email', true);
  await page.getByRole('link', { name: 'Aller au tableau de bord' }).click();
  await page.getByText('Chez Compte').waitFor();
  expect(await page.getByTestId('user-email').textContent()).toBe(next);

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL(`${app.url}/signin`);
  await signIn(page, app.url, next, 'compte-solide');
  await page.getByText('Chez Compte').waitFor();

  expect(found).toEqual({ '/account': [], '/account (envoyé)': [], '/confirm-email': [] });
  await page.context().close();
});
