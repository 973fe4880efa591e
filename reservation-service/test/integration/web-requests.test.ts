import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client, env, withDb } from '../../../local-supabase/test/clients';
import { demoCopy, type DemoCopy } from '../../../local-supabase/test/seeded';
import { db, post, startService, type RunningService } from '../helpers';

/**
 * POST /api/restaurants/{id}/requests without a key: the public path of the restaurant's request page
 * (/demande/{id}). Only for a restaurant whose page is on; source 'web'; a honeypot, a 16 KB body and a
 * budget per client address (behind a trusted proxy, the forwarded address).
 */
let service: RunningService;
let copy: DemoCopy;
let owner: SupabaseClient;
let menuCanut: string;

beforeAll(async () => {
  copy = await demoCopy({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl }, 'web-requests');
  owner = client();
  const signedIn = await owner.auth.signInWithPassword({ email: copy.email, password: copy.password });
  if (signedIn.error) throw signedIn.error;
  // Lyon's page is on; Bordeaux's stays off.
  const switched = await owner.rpc('set_request_page', { p_restaurant_id: copy.restaurants.lyon, p_enabled: true });
  if (switched.error) throw new Error(switched.error.message);
  menuCanut = await withDb(
    async (pg) => (await pg.query<{ id: string }>(`select id from public.restaurant_menus where restaurant_id = $1 and name = 'Menu Canut'`, [copy.restaurants.lyon])).rows[0].id,
  );
  service = await startService();
});
afterAll(() => service?.close());

/** The next `weekday` (0 Sunday … 6 Saturday) at least `days` ahead, YYYY-MM-DD. */
function nextDay(weekday: number, days = 20): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}

/** What the page sends: a Wednesday dinner at Lyon, the honeypot left empty. */
function pageRequest(overrides: Record<string, unknown> = {}) {
  return {
    external_id: `web-${randomUUID()}`,
    date: nextDay(3),
    arrival_time: '19:30',
    adults: 10,
    children: 0,
    menu_id: menuCanut,
    options: [],
    customer: { name: 'Paul Lemaire', email: 'paul.lemaire@example.fr', phone: '06 11 22 33 44' },
    message: 'Un pot de départ.',
    website: '',
    ...overrides,
  };
}

const send = (body: unknown, restaurantId = copy.restaurants.lyon, to = service, headers: Record<string, string> = {}) =>
  post(`${to.url}/api/restaurants/${restaurantId}/requests`, body, headers);

async function stored(externalId: string) {
  const { data, error } = await db().from('restaurant_reservations').select('source, status, customer_name').eq('external_id', externalId);
  if (error) throw new Error(error.message);
  return data;
}

test('no key, page on: 201, stored pending with source web', async () => {
  const body = pageRequest();
  const res = await send(body);
  expect(res.status).toBe(201);
  const answer = await res.json();
  expect(answer.reservation).toMatchObject({ status: 'pending', numero: expect.stringMatching(/^TBL-/), deposit: expect.objectContaining({ method: 'acompte' }) });
  expect(await stored(body.external_id)).toEqual([{ source: 'web', status: 0, customer_name: 'Paul Lemaire' }]);
});

test("no key, the restaurant's page off: 401 key_required as before, nothing stored", async () => {
  const body = pageRequest();
  const res = await send(body, copy.restaurants.bordeaux);
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ code: 'key_required' });
  expect(await stored(body.external_id)).toEqual([]);
});

test('the honeypot filled: refused 422, nothing stored', async () => {
  const body = pageRequest({ website: 'https://spam.example' });
  const res = await send(body);
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({ code: 'automated_request', field: null, message: expect.stringContaining('automatiquement') });
  expect(await stored(body.external_id)).toEqual([]);
});

test('a conversation is not taken from the page', async () => {
  const body = pageRequest({ conversation: { messages: [{ role: 'user', content: 'Bonjour', sent_at: '2026-11-20T18:30:00+01:00' }] } });
  const res = await send(body);
  expect(res.status).toBe(422);
  expect(await res.json()).toMatchObject({ code: 'unknown_field', field: 'conversation' });
});

test("the contract's refusals come on their field (422)", async () => {
  const res = await send(pageRequest({ customer: { name: 'Paul', email: 'pas-une-adresse' } }));
  expect(res.status).toBe(422);
  expect(await res.json()).toMatchObject({ code: 'invalid_email', field: 'customer.email' });
});

test('a body over 16 KB: 413 in French (the chatbot with its key keeps 512 KB)', async () => {
  const body = pageRequest({ message: 'x'.repeat(17 * 1024) });
  const res = await send(body);
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({ code: 'too_large', field: null, message: 'La demande est trop volumineuse (16 Ko au plus).' });
  expect(await stored(body.external_id)).toEqual([]);
});

describe('an external_id belongs to the credential that sent it', () => {
  let chatbotKey: string;
  beforeAll(async () => {
    const { data, error } = await owner.rpc('create_assistant_key', { p_restaurant_id: copy.restaurants.lyon });
    if (error) throw new Error(error.message);
    chatbotKey = (data as { key: string }).key;
  });
  const asChatbot = (body: unknown, key = chatbotKey) => send(body, copy.restaurants.lyon, service, { authorization: `Bearer ${key}` });
  /** The chatbot's body: what the page sends, without the page's honeypot. */
  const chatbotRequest = (overrides: Record<string, unknown> = {}) => {
    const { website: _honeypot, ...body } = pageRequest({ external_id: `conv-${randomUUID()}-request-1`, ...overrides });
    return body;
  };

  test("a request without a key under the id the chatbot will use next does not block the chatbot's request", async () => {
    const chatbot = chatbotRequest();
    const squatted = await send(pageRequest({ external_id: chatbot.external_id, customer: { name: 'Intrus', email: 'intrus@example.fr' } }));
    expect(squatted.status).toBe(201);

    const real = await asChatbot(chatbot);
    expect(real.status).toBe(201);
    expect((await real.json()).reservation).toMatchObject({ status: 'pending' });
    const rows = await db().from('restaurant_reservations').select('source, customer_name').eq('external_id', chatbot.external_id).order('source');
    expect(rows.data).toEqual([
      { source: 'assistant', customer_name: 'Paul Lemaire' },
      { source: 'web', customer_name: 'Intrus' },
    ]);
  });

  test("a chatbot's body replayed without a key, or with another key, reveals nothing of its reservation", async () => {
    const chatbot = chatbotRequest();
    const first = await asChatbot(chatbot);
    expect(first.status).toBe(201);
    const { reservation } = (await first.json()) as { reservation: { id: string; numero: string; numero_restaurateur: string; code_reservation: string } };
    // The chatbot itself, again: the same reservation.
    const again = await asChatbot(chatbot);
    expect(again.status).toBe(200);
    expect((await again.json()).reservation).toMatchObject({ id: reservation.id, code_reservation: reservation.code_reservation });

    const { data, error } = await owner.rpc('create_assistant_key', { p_restaurant_id: copy.restaurants.lyon });
    if (error) throw new Error(error.message);
    for (const replay of [() => send({ ...chatbot, website: '' }), () => asChatbot(chatbot, (data as { key: string }).key)]) {
      const res = await replay();
      const text = await res.text();
      // Another request of its own (201), never the first one's (200 with its numbers and code).
      expect(res.status).toBe(201);
      for (const secret of [reservation.id, reservation.numero, reservation.numero_restaurateur, reservation.code_reservation]) expect(text).not.toContain(secret);
    }
  });
});

describe('per client address', () => {
  test('the 3rd request of an address in the window gets 429 in French; another address has its own budget only behind a trusted proxy', async () => {
    const direct = await startService({ webRateLimit: { max: 2, timeWindowMs: 60_000 } });
    const proxied = await startService({ webRateLimit: { max: 2, timeWindowMs: 60_000 }, trustProxy: true });
    try {
      const wrong = () => pageRequest({ adults: 'abc' });
      // Directly reached: X-Forwarded-For is anyone's to write, so it does not buy a new budget.
      expect((await send(wrong(), undefined, direct, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(422);
      expect((await send(wrong(), undefined, direct, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(422);
      const res = await send(wrong(), undefined, direct, { 'x-forwarded-for': '203.0.113.3' });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({
        code: 429,
        error_code: 'over_request_rate_limit',
        msg: expect.stringMatching(/^Trop de demandes envoyées depuis cette connexion : réessayez dans \d+ s\.$/),
      });

      // Behind the trusted proxy: the forwarded address is the customer's.
      expect((await send(wrong(), undefined, proxied, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(422);
      expect((await send(wrong(), undefined, proxied, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(422);
      expect((await send(wrong(), undefined, proxied, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(429);
      expect((await send(wrong(), undefined, proxied, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(422);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});
