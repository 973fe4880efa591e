/**
 * The assistant speaks, end to end in Chromium on a phone (390 px): on the restaurant's request page a
 * customer opens 'Discuter avec l'assistant' (its code fetched only then), is greeted with the owner's
 * first message, asks what the profile does not say and is told it goes to the restaurant; the owner
 * sees the conversation 'À vous' on the web chat, takes it over and answers; the customer reads the
 * reply in the chat. axe on the chat.
 */
import type { Browser } from 'playwright-core';
import { simulateCustomers } from '../../reservation-service/simulate/customers';
import { demoOwner, launchBrowser, ready, seriousViolations, signedInPage, sql } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };

test('a customer talks to the assistant on the request page; the owner takes over and answers in the chat', async () => {
  const app = ready();
  const copy = await demoOwner('chat');
  const restaurantId = copy.restaurants.lyon;
  await sql('insert into public.restaurant_request_pages (restaurant_id, enabled) values ($1, true) on conflict (restaurant_id) do update set enabled = true', [restaurantId]);

  const customer = await (await browser.newContext({ viewport: PHONE })).newPage();
  const scripts = new Set<string>();
  customer.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await customer.goto(`${app.url}/demande/${restaurantId}`);
  await customer.getByRole('button', { name: 'Envoyer la demande' }).waitFor();
  const loadedWithPage = new Set(scripts);
  // The chat's own code is asked only when it opens.
  const chatCode = customer.waitForRequest((request) => request.resourceType() === 'script' && !loadedWithPage.has(request.url()));
  await customer.getByRole('button', { name: 'Discuter avec l’assistant' }).click();
  await chatCode;
  const chat = customer.getByRole('region', { name: 'Discuter avec l’assistant' });
  await chat.getByLabel('Votre message').waitFor();

  await chat.getByLabel('Votre message').fill('Bonjour');
  await chat.getByRole('button', { name: 'Envoyer' }).click();
  const [{ first_message: firstMessage }] = await sql<{ first_message: string }>("select public.assistant_knowledge($1) ->> 'first_message' as first_message", [restaurantId]);
  await chat.getByText(firstMessage).waitFor();
  // The first message ends with the privacy notice's sentence; the request page shows the whole notice under its form.
  await chat
    .getByText(/Vos données \(coordonnées, demande et besoins alimentaires, cette conversation\) sont conservées par le restaurant .+ pour y accéder, les rectifier ou les effacer/)
    .waitFor();
  await customer.getByRole('region', { name: 'Vos données personnelles' }).getByText('Responsable du traitement :').waitFor();
  await chat.getByLabel('Votre message').fill('Acceptez-vous les chiens ?');
  await chat.getByLabel('Votre message').press('Enter');
  await chat.getByText(/je transmets au restaurant/).waitFor();
  expect(await seriousViolations(customer)).toEqual([]);

  const [{ id: conversationId }] = await sql<{ id: string }>("select id from public.conversations where restaurant_id = $1 and channel = 'web'", [restaurantId]);
  const owner = await signedInPage(browser, copy);
  await owner.goto(`${app.url}/restaurants/${restaurantId}/operational/conversations`);
  const card = owner.getByTestId('conversation-card').filter({ hasText: 'Chat web' });
  await card.getByText('À vous').waitFor();
  await card.getByText('Chat web').waitFor();
  await owner.goto(`${app.url}/restaurants/${restaurantId}/operational/conversations/${conversationId}`);
  await owner.getByRole('button', { name: 'Reprendre la main' }).click();
  await owner.getByRole('button', { name: 'Rendre la main à l’assistant' }).waitFor();
  await owner.getByLabel(/Votre réponse/).fill('Oui, les chiens sont les bienvenus en terrasse.');
  await owner.getByRole('button', { name: 'Envoyer' }).click();
  await owner.getByText(`Restaurant — ${copy.email}`).waitFor();
  await owner.setViewportSize({ width: 1280, height: 1000 });
  await owner.evaluate(() => window.scrollTo(0, 0));
  await owner.screenshot({ path: '/tmp/h43-owner-1280.png' });

  // The customer's open chat shows the restaurant's reply (read every 5 s).
  await chat.getByText('Oui, les chiens sont les bienvenus en terrasse.').waitFor({ timeout: 15_000 });
  await chat.getByText('Restaurant', { exact: true }).waitFor();
  await chat.screenshot({ path: '/tmp/h43-chat-390.png' });

  // The bubble of 'Votre assistant' frames /demande/{id}?chat: the chat alone, this tab's conversation kept.
  await customer.goto(`${app.url}/demande/${restaurantId}?chat`);
  const alone = customer.getByRole('region', { name: 'Discuter avec l’assistant' });
  await alone.getByText('Oui, les chiens sont les bienvenus en terrasse.').waitFor();
  expect(await customer.getByRole('button', { name: 'Envoyer la demande' }).count()).toBe(0);
  expect(await alone.getByRole('button', { name: 'Fermer la discussion' }).count()).toBe(0);
});

test('pnpm simulate’s customers talk to the assistant: it sends the requests that fit, says why the one too large does not', async () => {
  const app = ready();
  const copy = await demoOwner('simulate');
  const restaurantId = copy.restaurants.lyon;
  const conversations = await simulateCustomers({
    supabaseUrl: app.supabase.url,
    anonKey: app.supabase.anonKey,
    assistantApiUrl: `${app.assistant}/api`,
    restaurantId,
    email: copy.email,
    password: copy.password,
  });
  expect(conversations.map((c) => [c.label, !!c.request])).toEqual([
    ['anniversaire', true],
    ['séminaire', true],
    ['trop grand', false],
  ]);
  expect(conversations[2].lastReply).toMatch(/Le restaurant accueille les groupes de \d+ à \d+ personnes/);
  const stored = await sql<{ customer_name: string; source: string; dietary_notes: string | null }>(
    'select customer_name, source, dietary_notes from public.restaurant_reservations r join public.conversations c on c.id = r.conversation_id where r.restaurant_id = $1 and c.channel = $2 order by customer_name',
    [restaurantId, 'web'],
  );
  expect(stored).toEqual([
    { customer_name: 'Julien Perrin', source: 'assistant', dietary_notes: null },
    { customer_name: 'Sophie Marchetti', source: 'assistant', dietary_notes: 'Une personne est allergique aux fruits à coque' },
  ]);
  // The question the profile does not answer went to the restaurant.
  const [handed] = await sql<{ n: number }>('select count(*)::int as n from public.conversations where restaurant_id = $1 and handed_over_at is not null', [restaurantId]);
  expect(handed.n).toBe(1);
});
