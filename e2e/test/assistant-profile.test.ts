/**
 * The assistant's profile in Chromium: an onboarding left half-way is resumed from the dashboard at its first
 * incomplete step; a restaurant is deleted after a confirmation naming it, its photos gone from
 * storage; 'Votre assistant' shows what the assistant will say and makes the chatbot's key. axe on each
 * screen, a phone width.
 */
import type { Browser, Page } from 'playwright-core';
import { client as supabaseClient } from '../../local-supabase/test/clients';
import { png } from '../../local-supabase/test/images';
import { launchBrowser, settled, ready, seriousViolations, signedInPage, sql, type Ready } from './browser';

let browser: Browser;
let app: Ready;
let page: Page;
const owner = { email: `assistant-${Date.now()}@example.fr`, password: 'secret-123' };
const owned = () => {
  const client = supabaseClient(app.supabase.anonKey, app.supabase.url);
  return client.auth.signInWithPassword(owner).then(({ error }) => {
    if (error) throw error;
    return client;
  });
};

beforeAll(async () => {
  app = ready();
  const client = supabaseClient(app.supabase.anonKey, app.supabase.url);
  expect((await client.auth.signUp(owner)).error).toBeNull();
  browser = await launchBrowser();
  page = await signedInPage(browser, owner);
});

afterAll(async () => {
  await browser?.close();
});

it('an onboarding left after its information step is resumed from the dashboard at the menus step', async () => {
  await page.goto(`${app.url}/onboarding/intro`);
  await page.getByRole('button', { name: 'Démarrer' }).click();
  await page.waitForURL(/etape=information/);
  await page.getByLabel('Nom du restaurant').fill('Chez Reprise');
  await page.getByLabel('Adresse').fill('5 rue du Port, Marseille');
  await page.getByLabel('Email de contact').fill('contact@reprise.fr');
  await page.getByLabel('Numéro WhatsApp').fill('+33 6 11 22 33 44');
  await page.getByTestId('save-indicator').getByText('✓ Enregistré').waitFor();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('heading', { name: 'Étape 2/6 · Photos' }).waitFor();
  // Left for the dashboard: the card resumes the onboarding, not the edit tabs.
  await page.goto(`${app.url}/dashboard`);
  const card = page.getByTestId('restaurant-card').filter({ hasText: 'Chez Reprise' });
  await card.getByText('À compléter (6)').waitFor();
  await card.getByText('Ajout en cours : reprenez là où vous en étiez.').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('link', { name: 'Reprendre l’ajout' }).click();
  await page.getByRole('heading', { name: 'Étape 4/6 · Menus' }).waitFor();
  expect(new URL(page.url()).search).toBe('?etape=menus');

  // Terminer from the last step: what is missing is listed; finishing anyway opens the restaurant from now on.
  await page.goto(`${app.url}${new URL(page.url()).pathname}?etape=billing`);
  await page.getByRole('button', { name: 'Terminer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Il manque encore 6 éléments à votre assistant' });
  await dialog.getByText(/^Au moins un menu avec un prix/).waitFor();
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Terminer quand même' }).click();
  await page.waitForURL(`${app.url}/dashboard`);
  await card.getByRole('link', { name: 'Ouvrir' }).waitFor();
});

it('deletes a restaurant after a confirmation naming it, and removes its photos from storage', async () => {
  const client = await owned();
  const { data: restaurant } = await client.from('restaurants').insert({ name: 'À supprimer', address: '1 place' }).select('id').single();
  const id = restaurant!.id as string;
  const path = `${id}/1-salle.png`;
  expect((await client.storage.from('restaurant-photos').upload(path, png(20, 20), { contentType: 'image/png' })).error).toBeNull();
  const publicUrl = client.storage.from('restaurant-photos').getPublicUrl(path).data.publicUrl;
  expect((await fetch(publicUrl)).status).toBe(200);

  await page.goto(`${app.url}/dashboard`);
  await page.getByRole('button', { name: 'Supprimer À supprimer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer « À supprimer » ?' });
  await dialog.waitFor();
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByText('« À supprimer » a été supprimé.').waitFor();
  await page.getByRole('link', { name: 'À supprimer' }).waitFor({ state: 'detached' });

  expect(await sql('select id from restaurants where id = $1', [id])).toEqual([]);
  expect(await sql("select name from storage.objects where bucket_id = 'restaurant-photos' and name like $1", [`${id}/%`])).toEqual([]);
  expect((await fetch(publicUrl)).status).not.toBe(200);
});

it("'Votre assistant' says what the assistant will tell a group, with links to what is missing, at 1280 px and on a phone", async () => {
  const client = await owned();
  const { data: restaurant } = await client.from('restaurants').insert({ name: 'Le Vieux Port', address: '2 quai' }).select('id').single();
  const id = restaurant!.id as string;
  await page.goto(`${app.url}/restaurants/${id}/assistant`);
  await page.getByRole('heading', { name: 'Votre assistant', exact: true }).waitFor();
  await page.getByText('À compléter (8) : votre assistant ne peut pas encore répondre à tout.').waitFor();
  expect(await page.getByLabel('Premier message de l’assistant').inputValue()).toContain('Bonjour et bienvenue chez Le Vieux Port !');
  expect(await seriousViolations(page)).toEqual([]);

  // A key for the chatbot: shown once in a dialog, then listed by its prefix.
  await page.getByText('Aucune clé : créez-en une pour connecter votre assistant.').waitFor();
  await page.getByRole('button', { name: 'Créer une clé' }).click();
  const dialog = page.getByRole('dialog', { name: 'Votre nouvelle clé' });
  await dialog.getByText('Copiez cette clé maintenant : elle ne sera plus affichée.').waitFor();
  const key = (await dialog.getByTestId('new-assistant-key').innerText()).trim();
  expect(key).toMatch(/^tbl_[0-9a-f]{48}$/);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'J’ai copié la clé' }).click();
  await page.getByText(`${key.slice(0, 12)}…`).waitFor();
  // The list shows the prefix as soon as the key is created, behind the dialog: what says the dialog
  // is closed is the dialog leaving the page (destroyOnHidden), not the prefix.
  await dialog.waitFor({ state: 'detached' });
  expect(await page.content()).not.toContain(key);

  // A missing item leads to its tab.
  await page.getByRole('link', { name: 'compléter dans « Menus »' }).first().click();
  await page.waitForURL(`${app.url}/restaurants/${id}/menus`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${app.url}/restaurants/${id}/assistant`);
  await page.getByText('Ce que votre assistant dira à un groupe').waitFor();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
});
