/**
 * The conversation screens in Chromium, on an owner's copy of the demo data: pages of 10, the detail, deletion after
 * confirming. Expected values are read from the database, not written here.
 */
import type { Browser, Page } from 'playwright-core';
import { demoOwner, launchBrowser, ready, seriousViolations, signedInPage, sql, type Ready } from './browser';

let restaurantId = '';
let browser: Browser;
let app: Ready;
let page: Page;
const axe: Record<string, string[]> = {};
const base = () => `${app.url}/restaurants/${restaurantId}/operational`;

beforeAll(async () => {
  app = ready();
  browser = await launchBrowser();
  const owner = await demoOwner('conversations');
  restaurantId = owner.restaurants.lyon;
  page = await signedInPage(browser, owner);
});

afterAll(async () => {
  await browser?.close();
});

test('conversations: pages of 10, open one, delete it after confirming', async () => {
  const count = async () => Number((await sql<{ c: string }>('select count(*) as c from conversations where restaurant_id = $1', [restaurantId]))[0].c);
  const total = await count();
  const lastPage = Math.ceil(total / 10);
  expect(lastPage).toBeGreaterThan(1);
  await page.goto(`${base()}/conversations`);
  await page.getByRole('heading', { name: 'Conversations', exact: true }).waitFor();
  await page.getByText(`Affichage de 1 à 10 sur ${total} conversations`).waitFor();
  expect(await page.getByTestId('conversation-card').count()).toBe(10);
  axe.conversations = await seriousViolations(page);

  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByText(`Affichage de 11 à ${Math.min(20, total)} sur ${total} conversations`).waitFor();
  await page.waitForURL(/page=2/);
  await page.getByRole('button', { name: `Page ${lastPage}` }).click();
  await page.getByText(`Affichage de ${(lastPage - 1) * 10 + 1} à ${total} sur ${total} conversations`).waitFor();
  const expectedIds = await sql<{ id: string }>('select id from conversations where restaurant_id = $1 order by updated_at desc, id desc offset $2', [restaurantId, (lastPage - 1) * 10]);
  // The card's own link (its request, when there is one, is linked beside it).
  const card = page.getByTestId('conversation-card').first().getByRole('link').first();
  expect(await card.getAttribute('href')).toMatch(new RegExp(`/conversations/${expectedIds[0].id}$`));

  await card.click();
  const id = expectedIds[0].id;
  // Named after its request's customer, else by its short id (shown under the title either way).
  await page.getByRole('heading', { name: /^Conversation (avec |#)/ }).waitFor();
  await page
    .getByText(`Conversation #${id.slice(0, 8)}`)
    .first()
    .waitFor();
  const messages = Number((await sql<{ c: string }>('select count(*) as c from messages where conversation_id = $1', [id]))[0].c);
  // Said as its messages' times are: « Créée hier à 14:05 », « Créée le 27/11 à 14:05 ».
  await page.getByText(new RegExp(`^Créée (le \\d{2}/\\d{2}|hier|aujourd'hui) à \\d{2}:\\d{2} • ${messages} message\\(s\\)$`)).waitFor();
  axe.conversation = await seriousViolations(page);

  await page.getByRole('button', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Êtes-vous sûr de vouloir supprimer cette conversation ? Cette action est irréversible.').waitFor();
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await page.waitForURL(`${base()}/conversations`);
  await page.getByText(`Affichage de 1 à 10 sur ${total - 1} conversations`).waitFor();
  expect(await sql('select 1 from conversations where id = $1', [id])).toHaveLength(0);
  expect(await sql('select 1 from messages where conversation_id = $1', [id])).toHaveLength(0);
});

test('axe-core: no serious or critical violation on the list and the detail', () => {
  expect(axe).toEqual({ conversations: [], conversation: [] });
});
