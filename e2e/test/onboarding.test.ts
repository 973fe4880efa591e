import type { Browser, Locator, Page } from 'playwright-core';
import { png } from '../../local-supabase/test/images';
import { launchBrowser, ready, seriousViolations, type Ready } from './browser';

/*
 * The onboarding in Chromium, as a new owner: sign up, sign in, the six steps with real content and a
 * photo, a reload midway, Terminer, then every value on the restaurant's edit tabs. Checked by the
 * spec's French texts; axe-core on the intro and each step.
 */
let browser: Browser;
let app: Ready;

beforeAll(async () => {
  app = ready();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'secret-123';

async function signUpAndSignIn(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const email = `onboarding-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.fr`;
  await page.goto(`${app.url}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await page.waitForURL(`${app.url}/signin`);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(`${app.url}/dashboard`);
  return page;
}

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const step = (page: Page, n: number, label: string) => page.getByRole('heading', { name: `Étape ${n}/6 · ${label}` }).waitFor();

/** Everything typed so far is stored (the indicator reads 'Enregistré'). */
/** Every form of the step saved (Facturation has two: the billing and the CGV). */
async function allSaved(page: Page) {
  await page.locator('[data-testid="save-indicator"]').first().waitFor();
  await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid="save-indicator"]')).every((e) => e.getAttribute('data-status') === 'saved'));
}

async function next(page: Page, n: number, label: string) {
  await page.getByRole('button', { name: 'Suivant' }).click();
  await step(page, n, label);
}

/** Picks an option of an antd Select (its dropdown is rendered at the end of the page). */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  // Closed (its list has left the page) before anything else is checked.
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

/** The text an antd Select shows, from its search input (found by label). */
const selectedText = async (input: Locator) => (await input.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]').innerText()).trim();

async function startOnboarding(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Ajouter un restaurant' }).click();
  await page.waitForURL(`${app.url}/onboarding/intro`);
  await page.getByText('en parlant comme vous').waitFor();
  expect(await page.getByText("Ajout d'un nouveau restaurant").isVisible()).toBe(true);
  await noSeriousViolations(page);
  await page.getByRole('button', { name: 'Démarrer' }).click();
  await page.waitForURL(/\/onboarding\/[0-9a-f-]{36}\?etape=information$/);
  return new URL(page.url()).pathname.split('/')[2];
}

test('a new owner runs the six steps, reloads midway, finishes, and finds every value on the edit tabs', async () => {
  const page = await signUpAndSignIn();
  const id = await startOnboarding(page);

  // 1. Informations.
  await page.getByRole('heading', { name: 'Ajouter un restaurant' }).waitFor();
  await step(page, 1, 'Informations');
  expect(await page.getByRole('button', { name: 'Précédent' }).isDisabled()).toBe(true);
  await page.getByLabel('Nom du restaurant').fill('Le Comptoir des Canuts');
  await page.getByLabel('Adresse').fill('12 rue d’Austerlitz, 69004 Lyon');
  await page.getByLabel('Description').fill('Bouchon lyonnais, salle voûtée de 60 couverts.');
  await page.getByLabel('Parking').check();
  await page.getByLabel('WIFI').check();
  await page.getByLabel('Email de contact').fill('contact@comptoir-canuts.fr');
  await page.getByLabel('Numéro WhatsApp').fill('+33612345678');
  await choose(page, page.getByLabel('Délai de réponse habituel'), 'Sous 24h');
  await allSaved(page);
  await noSeriousViolations(page);

  // 2. Photos: one upload, its alt text.
  await next(page, 2, 'Photos');
  await page.locator('input[type="file"]').setInputFiles({ name: 'salle.png', mimeType: 'image/png', buffer: png(40, 30) });
  await page.getByLabel('Texte alternatif de salle.png').fill('La salle voûtée');
  await allSaved(page);
  await noSeriousViolations(page);

  // 3. Hours: seven days by default; the owner closes Monday and raises the lunch group minimum.
  await next(page, 3, 'Horaires & Fonctionnement');
  for (const day of ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']) expect(await page.getByLabel(day).isChecked()).toBe(true);
  await page.getByLabel('Lundi').uncheck();
  const lunch = page.getByRole('region', { name: 'Service du midi' });
  await choose(page, lunch.getByLabel('Taille de groupe min.'), '12');
  await allSaved(page);
  await noSeriousViolations(page);

  // Reload midway: same step, same data; the earlier steps kept theirs.
  await page.reload();
  await step(page, 3, 'Horaires & Fonctionnement');
  expect(page.url()).toBe(`${app.url}/onboarding/${id}?etape=hours`);
  expect(await page.getByLabel('Lundi').isChecked()).toBe(false);
  expect(await page.getByLabel('Dimanche').isChecked()).toBe(true);
  expect(await selectedText(page.getByRole('region', { name: 'Service du midi' }).getByLabel('Taille de groupe min.'))).toBe('12');
  await page.getByRole('button', { name: 'Précédent' }).click();
  await step(page, 2, 'Photos');
  expect(await page.getByLabel('Texte alternatif de salle.png').inputValue()).toBe('La salle voûtée');
  await page.getByRole('button', { name: 'Précédent' }).click();
  await step(page, 1, 'Informations');
  expect(await page.getByLabel('Nom du restaurant').inputValue()).toBe('Le Comptoir des Canuts');
  expect(await page.getByLabel('WIFI').isChecked()).toBe(true);
  await next(page, 2, 'Photos');
  await next(page, 3, 'Horaires & Fonctionnement');

  // 4. Menus: adding needs a name and a price above 0 (onboarding rule).
  await next(page, 4, 'Menus');
  await page.getByLabel('Nom du menu').fill('Menu Canut');
  expect(await page.getByRole('button', { name: 'Ajouter le menu' }).isDisabled()).toBe(true);
  await page.getByLabel('Prix par personne (€ TTC)').fill('38,5');
  await page.getByRole('button', { name: 'Ajouter le menu' }).click();
  await allSaved(page);
  await noSeriousViolations(page);

  // 5. Options.
  await next(page, 5, 'Options');
  await page.getByLabel('Titre', { exact: true }).fill('Apéritif maison');
  await page.getByLabel('Prix (€ TTC)').fill('6,5');
  await page.getByRole('button', { name: "Ajouter l'option" }).click();
  await allSaved(page);
  await noSeriousViolations(page);

  // 6. Facturation, then Terminer.
  await next(page, 6, 'Facturation');
  expect(await page.getByRole('button', { name: 'Suivant' }).count()).toBe(0);
  await page.getByLabel('Raison sociale').fill('Canuts SAS');
  await page.getByLabel('Forme juridique').fill('SAS');
  await page.getByLabel('Numéro SIRET').fill('73282932000074');
  await page.getByLabel('Ville du RCS').fill('Lyon');
  await page.getByLabel('Numéro de TVA intracommunautaire').fill('FR44732829320');
  await page.getByRole('textbox', { name: 'Adresse' }).fill('12 rue d’Austerlitz');
  await page.getByLabel('Code postal').fill('69004');
  await page.getByLabel('Ville', { exact: true }).fill('Lyon');
  await page.getByLabel('Exiger un acompte ou une empreinte bancaire').check();
  // Facturation's 'Acompte' (money taken), the first of the step: the CGV below have their own (the sums' nature).
  await page.getByLabel('Acompte', { exact: true }).first().check();
  await page.getByLabel('Montant (%)').fill('30');
  await page.getByLabel('En ligne', { exact: true }).check();
  await page.getByLabel('IBAN').fill('FR7630006000011234567890189');
  await page.getByLabel('BIC').fill('AGRIFRPP');
  await page.getByLabel('Nom du contact').fill('Marie Dupont');
  await page.getByLabel('Email de facturation').fill('compta@comptoir-canuts.fr');
  await page.getByLabel('Téléphone').fill('0478000000');
  // The CGV, asked in this step under their own title: cancellation first, then modification.
  await page.getByRole('heading', { name: 'Conditions Générales de Vente (CGV)' }).waitFor();
  await page.getByRole('radio', { name: '48h' }).first().check();
  await page.getByRole('radio', { name: '24h' }).nth(1).check();
  await allSaved(page);
  await noSeriousViolations(page);
  // Every step filled, the CGV too: nothing is missing, Terminer finishes at once.
  await page.getByRole('button', { name: 'Terminer' }).click();

  // The dashboard lists the new restaurant, complete; its edit tabs hold every value.
  await page.waitForURL(`${app.url}/dashboard`);
  await page.getByTestId('restaurant-card').filter({ hasText: 'Le Comptoir des Canuts' }).getByText('Profil complet').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('tablee-onboarding'))).toBeNull();
  await page.getByRole('link', { name: 'Le Comptoir des Canuts', exact: true }).click();
  await page.waitForURL(`${app.url}/restaurants/${id}/information`);
  await page.getByLabel('Nom du restaurant').waitFor();
  expect(await page.getByLabel('Nom du restaurant').inputValue()).toBe('Le Comptoir des Canuts');
  expect(await page.getByLabel('Adresse').inputValue()).toBe('12 rue d’Austerlitz, 69004 Lyon');
  expect(await page.getByLabel('Description').inputValue()).toBe('Bouchon lyonnais, salle voûtée de 60 couverts.');
  expect(await page.getByLabel('Parking').isChecked()).toBe(true);
  expect(await page.getByLabel('WIFI').isChecked()).toBe(true);
  expect(await page.getByLabel('Climatisation').isChecked()).toBe(false);
  expect(await page.getByLabel('Email de contact').inputValue()).toBe('contact@comptoir-canuts.fr');
  // Stored in E.164, shown in French format.
  expect(await page.getByLabel('Numéro WhatsApp').inputValue()).toBe('06 12 34 56 78');
  await page.getByText('Sous 24h').waitFor();

  const tab = (label: string) => page.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: label, exact: true }).click();
  await tab('Photos');
  await page.getByLabel('Texte alternatif de salle.png').waitFor();
  expect(await page.getByLabel('Texte alternatif de salle.png').inputValue()).toBe('La salle voûtée');

  await tab('Horaires & Fonctionnement');
  await page.getByLabel('Dimanche').waitFor();
  expect(await page.getByLabel('Lundi').isChecked()).toBe(false);
  expect(await page.getByLabel('Dimanche').isChecked()).toBe(true);
  expect(await selectedText(page.getByRole('region', { name: 'Service du midi' }).getByLabel('Taille de groupe min.'))).toBe('12');

  await tab('Menus');
  await page.getByLabel('Nom du menu').first().waitFor();
  expect(await page.getByLabel('Nom du menu').first().inputValue()).toBe('Menu Canut');
  expect(await page.getByLabel('Prix par personne (€ TTC)').first().inputValue()).toMatch(/^38,50?$/);

  await tab('Options');
  await page.getByText('Apéritif maison').waitFor();

  await tab('Facturation');
  await page.getByLabel('IBAN').waitFor();
  expect(await page.getByLabel('Raison sociale').inputValue()).toBe('Canuts SAS');
  expect(await page.getByLabel('Numéro SIRET').inputValue()).toBe('73282932000074');
  expect(await page.getByLabel('Code postal').inputValue()).toBe('69004');
  expect(await page.getByLabel('Pays').inputValue()).toBe('France');
  expect(await page.getByLabel('Acompte', { exact: true }).first().isChecked()).toBe(true);
  expect(await page.getByLabel('Montant (%)').inputValue()).toBe('30');
  expect(await page.getByLabel('En ligne', { exact: true }).isChecked()).toBe(true);
  expect(await page.getByLabel('IBAN').inputValue()).toBe('FR7630006000011234567890189');
  expect(await page.getByLabel('BIC').inputValue()).toBe('AGRIFRPP');
  expect(await page.getByLabel('Email de facturation').inputValue()).toBe('compta@comptoir-canuts.fr');
  await page.context().close();
});

test('typing quickly then reloading once the indicator says it is saved loses nothing', async () => {
  const page = await signUpAndSignIn();
  const id = await startOnboarding(page);
  await page.getByLabel('Nom du restaurant').pressSequentially('Le Petit Zinc', { delay: 0 });
  await page.getByLabel('Description').pressSequentially('Cuisine de marché, terrasse ombragée, groupes bienvenus.', { delay: 0 });
  await page.getByLabel('Email de contact').pressSequentially('bonjour@petitzinc.fr', { delay: 0 });
  // The owner stops typing, sees the change saved, and reloads.
  await allSaved(page);
  await page.reload();
  await step(page, 1, 'Informations');
  expect(page.url()).toBe(`${app.url}/onboarding/${id}?etape=information`);
  expect(await page.getByLabel('Nom du restaurant').inputValue()).toBe('Le Petit Zinc');
  expect(await page.getByLabel('Description').inputValue()).toBe('Cuisine de marché, terrasse ombragée, groupes bienvenus.');
  expect(await page.getByLabel('Email de contact').inputValue()).toBe('bonjour@petitzinc.fr');
  await page.context().close();
});

test('an unknown onboarding restaurant goes to /restaurants, that is the dashboard', async () => {
  const page = await signUpAndSignIn();
  await page.goto(`${app.url}/onboarding/00000000-0000-4000-8000-000000000000`);
  await page.waitForURL(`${app.url}/dashboard`);
  await page.getByText('Aucun restaurant').waitFor();
  await page.context().close();
});
