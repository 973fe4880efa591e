/**
 * The photos, menus, options and FAQ tabs in Chromium on an owner's copy of the demo data: edit, save, reload, see the
 * values kept and the toast; photo refusals with the spec's messages; axe-core on each tab.
 */
import type { Browser, Page } from 'playwright-core';
import { png } from '../../local-supabase/test/images';
import { pageCountingReact, demoOwner, launchBrowser, ready, seriousViolations, signIn, type Ready } from './browser';

// This file's owner's copy of La Table de Margaux (the seed itself is read-only for tests).
let RESTAURANT = '';
let browser: Browser;
let app: Ready;
let page: Page;

const tab = (name: string) => `${app.url}/restaurants/${RESTAURANT}/${name}`;
const pngUpload = (name: string, rgb: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: png(24, 16, rgb) });
const save = () => page.getByRole('button', { name: 'Enregistrer les modifications' }).click();

beforeAll(async () => {
  app = ready();
  browser = await launchBrowser();
  page = await pageCountingReact(browser);
  const owner = await demoOwner('photos');
  RESTAURANT = owner.restaurants.bordeaux;
  await signIn(page, app.url, owner.email, owner.password);
});

afterAll(async () => {
  await browser?.close();
});

test('photos: upload two, reorder, alt text, delete one, reload; a 12 MB file and a .txt renamed .png are refused', async () => {
  await page.goto(tab('photos'));
  await page.getByRole('heading', { name: 'Photos du restaurant' }).waitFor();
  await page.getByText("PNG, JPG, GIF, WebP jusqu'à 10MB").waitFor();
  const cards = page.getByTestId('photo-card');
  await cards.first().waitFor();
  const seeded = await cards.count();

  await page.locator('input[type="file"]').setInputFiles([pngUpload('e2e-un.png', [200, 60, 40]), pngUpload('e2e-deux.png', [40, 60, 200])]);
  await page.getByLabel('Texte alternatif de e2e-deux.png').waitFor();
  expect(await cards.count()).toBe(seeded + 2);
  // Stored at once: nothing waits for the save button.
  expect(await page.getByRole('button', { name: 'Enregistrer les modifications' }).isDisabled()).toBe(true);

  await page.getByRole('button', { name: 'Monter e2e-deux.png' }).click();
  await page.getByLabel('Texte alternatif de e2e-deux.png').fill('Salle bleue');
  await page.getByLabel('Texte alternatif de e2e-un.png').fill('Salle rouge');
  await save();
  await page.getByText('Les photos ont été enregistrées avec succès !').waitFor();

  await page.reload();
  await page.getByLabel('Texte alternatif de e2e-un.png').waitFor();
  const order = await page.getByLabel(/^Texte alternatif de /).evaluateAll((inputs) => inputs.map((i) => i.getAttribute('aria-label')));
  expect(order.slice(-2)).toEqual(['Texte alternatif de e2e-deux.png', 'Texte alternatif de e2e-un.png']);
  expect(await page.getByLabel('Texte alternatif de e2e-deux.png').inputValue()).toBe('Salle bleue');
  expect(await page.getByLabel('Texte alternatif de e2e-un.png').inputValue()).toBe('Salle rouge');

  await page.getByRole('button', { name: 'Supprimer e2e-deux.png' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Supprimer' }).click();
  await page.getByLabel('Texte alternatif de e2e-deux.png').waitFor({ state: 'detached' });
  await page.reload();
  await page.getByLabel('Texte alternatif de e2e-un.png').waitFor();
  expect(await page.getByLabel('Texte alternatif de e2e-deux.png').count()).toBe(0);
  expect(await cards.count()).toBe(seeded + 1);

  // Hover shows the original name and the size.
  await page.getByAltText('Salle rouge').hover();
  await page.getByTestId('photo-details').getByText('e2e-un.png').waitFor();

  const big = Buffer.concat([png(4, 4), Buffer.alloc(12 * 1024 * 1024)]);
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'grande.png', mimeType: 'image/png', buffer: big },
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('ceci est un fichier texte') },
  ]);
  await page.getByText("Erreur lors de l'upload de grande.png: Le fichier est trop volumineux. Taille maximale: 10MB").waitFor();
  await page.getByText("Erreur lors de l'upload de notes.png: Type de fichier non autorisé. Types acceptés: jpeg, jpg, png, gif, webp").waitFor();
  expect(await cards.count()).toBe(seeded + 1);

  expect(await seriousViolations(page)).toEqual([]);
});

test('menus: kids-menu toggle and an item, saved and kept after reload', async () => {
  await page.goto(tab('menus'));
  await page.getByRole('heading', { name: 'Menus', exact: true }).waitFor();
  const kids = page.getByRole('checkbox', { name: 'Proposer un menu enfant' });
  await kids.waitFor();
  expect(await kids.isChecked()).toBe(true); // seeded kids menu
  await kids.uncheck();
  expect(await page.getByText('Menu enfant', { exact: true }).count()).toBeGreaterThan(0);

  const firstMenu = page.locator('.ant-card').first();
  await firstMenu.getByLabel('Nom du plat').fill('Tarte fine aux pommes e2e');
  await firstMenu.getByRole('button', { name: 'Ajouter le plat' }).click();
  await save();
  await page.getByText('Les menus ont été enregistrés avec succès !').waitFor();

  await page.reload();
  await kids.waitFor();
  expect(await kids.isChecked()).toBe(false);
  await page.getByText('Tarte fine aux pommes e2e').waitFor();

  await kids.check();
  expect(await page.getByLabel('Nom du menu').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toContain('Menu Enfant');
  await save();
  await page.getByText('Les menus ont été enregistrés avec succès !').waitFor();
  await page.reload();
  await kids.waitFor();
  expect(await kids.isChecked()).toBe(true);

  expect(await seriousViolations(page)).toEqual([]);
});

test('options: add, edit and delete, saved and kept after reload', async () => {
  await page.goto(tab('options'));
  await page.getByRole('heading', { name: 'Options supplémentaires' }).waitFor();
  const addCard = page.locator('.ant-card', { hasText: 'Ajouter une option' });
  await addCard.getByLabel('Titre').fill('Feu d’artifice e2e');
  await addCard.getByLabel('Prix (€ TTC)').fill('25,50');
  await addCard.getByRole('radio', { name: 'Total' }).check();
  await addCard.getByRole('button', { name: "Ajouter l'option" }).click();
  await save();
  await page.getByText('Les options ont été enregistrées avec succès !').waitFor();

  await page.reload();
  const row = page.getByRole('row', { name: /Feu d’artifice e2e/ });
  await row.waitFor();
  expect(await row.innerText()).toMatch(/25,50\s€[\s\S]*Total/);

  await page.getByRole('button', { name: "Modifier l'option Feu d’artifice e2e" }).click();
  await page.getByLabel("Titre de l'option").fill('Feu de Bengale e2e');
  await page.getByRole('button', { name: 'Valider' }).click();
  await save();
  await page.getByText('Les options ont été enregistrées avec succès !').waitFor();
  await page.reload();
  await page.getByRole('row', { name: /Feu de Bengale e2e/ }).waitFor();

  await page.getByRole('button', { name: "Supprimer l'option Feu de Bengale e2e" }).click();
  await save();
  await page.getByText('Les options ont été enregistrées avec succès !').waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Options supplémentaires' }).waitFor();
  await page.getByRole('table').waitFor();
  expect(await page.getByText('Feu de Bengale e2e').count()).toBe(0);

  expect(await seriousViolations(page)).toEqual([]);
});

test('FAQ: add, edit, move, delete with confirmation and toasts', async () => {
  await page.goto(tab('faq'));
  await page.getByRole('heading', { name: 'Foire Aux Questions' }).waitFor();
  const items = page.getByTestId('faq-item');
  await items.first().waitFor();
  const addCard = page.locator('.ant-card', { hasText: 'Ajouter une question' });
  await addCard.getByLabel('Question').fill('Question e2e ?');
  await addCard.getByLabel('Réponse').fill('Réponse e2e.');
  await addCard.getByRole('button', { name: 'Ajouter la FAQ' }).click();
  await page.getByText('FAQ ajoutée avec succès !').waitFor();
  await items.last().getByText('Question e2e ?').waitFor();

  await page.getByRole('button', { name: 'Modifier la question Question e2e ?' }).click();
  await items.last().getByLabel('Réponse').fill('Réponse modifiée e2e.');
  await items.last().getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await page.getByText('FAQ modifiée avec succès !').waitFor();

  await page.getByRole('button', { name: 'Monter la question Question e2e ?' }).click();
  await page.reload();
  await items.first().waitFor();
  const questions = await items.locator('h2').allInnerTexts();
  expect(questions[questions.length - 2]).toBe('Question e2e ?');
  await page.getByText('Réponse modifiée e2e.').waitFor();

  await page.getByRole('button', { name: 'Supprimer la question Question e2e ?' }).click();
  await page.getByText('Êtes-vous sûr de vouloir supprimer cette FAQ ?').waitFor();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Supprimer' }).click();
  await page.getByText('FAQ supprimée avec succès !').waitFor();
  await page.reload();
  await items.first().waitFor();
  expect(await page.getByText('Question e2e ?').count()).toBe(0);

  expect(await seriousViolations(page)).toEqual([]);
});
