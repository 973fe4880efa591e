/**
 * Four profile tabs in Chromium, on an owner's copy of the demo data: the information, hours, billing and CGV tabs are
 * edited, saved (toast), reloaded (values kept); leaving with unsaved changes asks; axe-core finds no
 * serious or critical violation on them.
 */
import type { Browser, Page } from 'playwright-core';
import { demoOwner, launchBrowser, ready, seriousViolations, signedInPage, type Ready } from './browser';

// This file's owner's copy of La Table de Margaux (the seed itself is read-only for tests).
let RESTAURANT = '';
const SAVE = 'Enregistrer les modifications';
let browser: Browser;
let app: Ready;
let page: Page;

const tab = (name: string) => `${app.url}/restaurants/${RESTAURANT}/${name}`;

async function open(name: string, heading: string) {
  await page.goto(tab(name));
  await page.getByRole('heading', { name: heading }).waitFor();
  // Loaded: the form is on screen and the save button waits for a change.
  await page.locator('form').first().waitFor();
}

async function saveAndExpectToast(button: string, message: string) {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('status').filter({ hasText: message }).waitFor();
  expect(await page.getByRole('button', { name: button }).isDisabled()).toBe(true);
}

async function chooseOption(label: string, option: string) {
  await page.getByLabel(label).click();
  await page.locator(`.ant-select-item-option[title="${option}"]`).click();
}

beforeAll(async () => {
  app = ready();
  browser = await launchBrowser();
  const owner = await demoOwner('profile');
  RESTAURANT = owner.restaurants.bordeaux;
  page = await signedInPage(browser, owner);
});

afterAll(async () => {
  await browser?.close();
});

test('information: edit, save, reload, kept', async () => {
  await open('information', 'Informations du restaurant');
  expect(await page.getByRole('button', { name: SAVE }).isDisabled()).toBe(true);
  await page.getByLabel('Description').fill('Bistronomie bordelaise, produits du Sud-Ouest.');
  expect(await page.getByRole('checkbox', { name: 'Plain-pied' }).isChecked()).toBe(false);
  await page.getByRole('checkbox', { name: 'Plain-pied' }).click();
  await chooseOption('Délai de réponse habituel', 'Sous 24h');
  await saveAndExpectToast(SAVE, 'Les modifications ont été enregistrées avec succès !');
  await page.reload();
  await page.getByLabel('Description').waitFor();
  await expectValue('Description', 'Bistronomie bordelaise, produits du Sud-Ouest.');
  expect(await page.getByRole('checkbox', { name: 'Plain-pied' }).isChecked()).toBe(true);
  await page.locator('.ant-select-content[title="Sous 24h"], .ant-select-selection-item[title="Sous 24h"]').first().waitFor();
});

async function expectValue(label: string, value: string) {
  await page.waitForFunction(
    ([l, v]) => {
      const input = Array.from(document.querySelectorAll('label')).find((x) => x.textContent === l)?.htmlFor;
      return input && (document.getElementById(input) as HTMLInputElement | null)?.value === v;
    },
    [label, value],
  );
}

test('hours: open Sunday, close the dinner service, save, reload, kept', async () => {
  await open('hours', 'Horaires & Fonctionnement');
  await page.getByRole('checkbox', { name: 'Dimanche' }).click();
  const dinner = page.getByRole('region', { name: 'Service du soir' });
  await dinner.getByRole('checkbox', { name: 'Service ouvert' }).click();
  expect(await dinner.getByLabel("Heures d'arrivée").isDisabled()).toBe(true);
  await saveAndExpectToast(SAVE, 'Les horaires ont été enregistrés avec succès !');
  await page.reload();
  await page.getByRole('checkbox', { name: 'Dimanche' }).waitFor();
  expect(await page.getByRole('checkbox', { name: 'Dimanche' }).isChecked()).toBe(true);
  expect(await page.getByRole('region', { name: 'Service du soir' }).getByRole('checkbox', { name: 'Service ouvert' }).isChecked()).toBe(false);
});

test('billing: a wrong IBAN is refused in French and saves nothing; corrected, it saves and stays', async () => {
  await open('billing', 'Facturation');
  await page.getByLabel('IBAN').fill('FR76 1333 5000 4008 0012 3456 768');
  await page.getByLabel('Téléphone').fill('05 56 00 00 00');
  await page.getByRole('radio', { name: 'Sur place' }).click();
  await page.getByRole('button', { name: SAVE }).click();
  await page.getByText('IBAN invalide : la clé de contrôle ne correspond pas, vérifiez votre saisie').waitFor();
  // (A toast of the previous tab may still be on screen: it is replayed for 5 s.)
  expect(await page.getByRole('status').filter({ hasText: 'facturation' }).count()).toBe(0);
  await page.getByLabel('IBAN').fill('FR76 1333 5000 4008 0012 3456 769');
  await saveAndExpectToast(SAVE, 'Les informations de facturation ont été enregistrées avec succès !');
  await page.reload();
  await page.getByLabel('Téléphone').waitFor();
  await expectValue('Téléphone', '05 56 00 00 00');
  expect(await page.getByRole('radio', { name: 'Sur place' }).isChecked()).toBe(true);
});

test("cgv: 'Sauvegarder les CGV', the link trimmed, kept after reload", async () => {
  await open('cgv', 'Conditions Générales de Vente (CGV)');
  await page.getByRole('radio', { name: '7 jours' }).nth(1).click();
  await page.getByLabel('Lien vers vos CGV (PDF, facultatif)').fill('  https://latabledemargaux.fr/cgv.pdf  ');
  await saveAndExpectToast('Sauvegarder les CGV', 'CGV sauvegardées avec succès !');
  await page.reload();
  await page.getByLabel('Lien vers vos CGV (PDF, facultatif)').waitFor();
  await expectValue('Lien vers vos CGV (PDF, facultatif)', 'https://latabledemargaux.fr/cgv.pdf');
  expect(await page.getByRole('radio', { name: '7 jours' }).nth(1).isChecked()).toBe(true);
});

test('leaving a tab with unsaved changes asks first', async () => {
  await open('information', 'Informations du restaurant');
  await page.getByLabel('Description').fill('Brouillon jamais enregistré');
  await page.getByRole('link', { name: 'Photos' }).click();
  await page.getByRole('dialog').filter({ hasText: 'Modifications non enregistrées' }).waitFor();
  await page.getByRole('button', { name: 'Rester sur la page' }).click();
  expect(new URL(page.url()).pathname).toBe(`/restaurants/${RESTAURANT}/information`);
  await expectValue('Description', 'Brouillon jamais enregistré');
  await page.getByRole('link', { name: 'Photos' }).click();
  await page.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await page.waitForURL(tab('photos'));
});

test('axe-core: no serious or critical violation on the four tabs', async () => {
  const found: Record<string, string[]> = {};
  for (const [name, heading] of [
    ['information', 'Informations du restaurant'],
    ['hours', 'Horaires & Fonctionnement'],
    ['billing', 'Facturation'],
    ['cgv', 'Conditions Générales de Vente (CGV)'],
  ]) {
    await open(name, heading);
    found[name] = await seriousViolations(page);
  }
  expect(found).toEqual({ information: [], hours: [], billing: [], cgv: [] });
});
