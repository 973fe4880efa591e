import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client, env, withDb } from '../../../local-supabase/test/clients';
import { demoCopy, type DemoCopy } from '../../../local-supabase/test/seeded';
import { db, post, startService, type RunningService } from '../helpers';

/** POST /api/restaurants/{id}/requests, the chatbot's contract, and the OpenAPI document generated from its schemas. */
let service: RunningService;
let copy: DemoCopy;
let owner: SupabaseClient;
let lyonKey: string;
let bordeauxKey: string;
let kir: string;
let bordeauxMenu: string;
let menuCanut: string;
let menuBouchon: string;

async function createKey(restaurantId: string): Promise<{ id: string; key: string }> {
  const { data, error } = await owner.rpc('create_assistant_key', { p_restaurant_id: restaurantId });
  if (error) throw new Error(error.message);
  return data as { id: string; key: string };
}

beforeAll(async () => {
  copy = await demoCopy({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl }, 'requests');
  owner = client();
  const signedIn = await owner.auth.signInWithPassword({ email: copy.email, password: copy.password });
  if (signedIn.error) throw signedIn.error;
  lyonKey = (await createKey(copy.restaurants.lyon)).key;
  bordeauxKey = (await createKey(copy.restaurants.bordeaux)).key;
  const ids = await withDb(async (pg) => {
    const one = async (sql: string, params: unknown[]) => (await pg.query<{ id: string }>(sql, params)).rows[0].id;
    return {
      kir: await one(`select id from public.restaurant_options where restaurant_id = $1 and title like 'Kir%'`, [copy.restaurants.lyon]),
      canut: await one(`select id from public.restaurant_menus where restaurant_id = $1 and name = 'Menu Canut'`, [copy.restaurants.lyon]),
      bouchon: await one(`select id from public.restaurant_menus where restaurant_id = $1 and name = 'Menu Bouchon'`, [copy.restaurants.lyon]),
      bordeauxMenu: await one(`select id from public.restaurant_menus where restaurant_id = $1 and name = 'Menu Découverte'`, [copy.restaurants.bordeaux]),
    };
  });
  kir = ids.kir;
  menuCanut = ids.canut;
  menuBouchon = ids.bouchon;
  bordeauxMenu = ids.bordeauxMenu;
  service = await startService();
});
afterAll(() => service?.close());

/** The next `weekday` (0 Sunday … 6 Saturday) at least `days` ahead, YYYY-MM-DD. */
function nextDay(weekday: number, days = 20): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}

/** A request Lyon takes: a Wednesday dinner, 10 adults and 2 children, Menu Canut and the Kir for everyone. */
function lyonRequest(overrides: Record<string, unknown> = {}) {
  return {
    external_id: `chat-${randomUUID()}`,
    date: nextDay(3),
    arrival_time: '19:30',
    adults: 10,
    children: 2,
    menu_id: menuCanut,
    options: [{ option_id: kir }],
    customer: { name: 'Claire Dubois', email: 'claire.dubois@example.fr', phone: '06 12 34 56 78' },
    message: 'Un anniversaire, une table au calme si possible.',
    ...overrides,
  };
}

const send = (body: unknown, key: string | null = lyonKey, restaurantId = copy.restaurants.lyon, to = service) =>
  post(`${to.url}/api/restaurants/${restaurantId}/requests`, body, key === null ? {} : { authorization: `Bearer ${key}` });

async function reservationsWith(externalId: string): Promise<number> {
  const { count, error } = await db().from('restaurant_reservations').select('id', { count: 'exact', head: true }).eq('external_id', externalId);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

describe('the key', () => {
  test('none: 401 with WWW-Authenticate, in French, nothing stored', async () => {
    const body = lyonRequest();
    const res = await send(body, null);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual({ code: 'key_required', field: null, message: expect.stringContaining('Clé d') });
    expect(await reservationsWith(body.external_id)).toBe(0);
  });

  test('unknown: 401', async () => {
    const res = await send(lyonRequest(), `tbl_${'0'.repeat(48)}`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toMatchObject({ code: 'invalid_key', field: null });
  });

  test('revoked by the owner: 401 from then on', async () => {
    const key = await createKey(copy.restaurants.lyon);
    expect((await send(lyonRequest({ adults: 'abc' }), key.key)).status).toBe(422);
    const revoked = await owner.rpc('revoke_assistant_key', { p_key_id: key.id });
    expect(revoked.error).toBeNull();
    const body = lyonRequest();
    const res = await send(body, key.key);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'invalid_key' });
    expect(await reservationsWith(body.external_id)).toBe(0);
  });

  test("another restaurant's key (even the same owner's): 403, nothing stored", async () => {
    const body = lyonRequest();
    const res = await send(body, bordeauxKey);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'wrong_restaurant', field: null, message: expect.stringContaining('autre restaurant') });
    expect(await reservationsWith(body.external_id)).toBe(0);
  });
});

describe('a request', () => {
  test('201 with its numbers, total and deposit; stored pending from the assistant', async () => {
    const body = lyonRequest();
    const res = await send(body);
    expect(res.status).toBe(201);
    const answer = await res.json();
    const { data: row } = await db()
      .from('restaurant_reservations')
      .select('id, numero_reservation, numero_reservation_restaurateur, code_reservation, status, total_amount, source, external_id, customer_message')
      .eq('id', answer.reservation.id)
      .single();
    expect(row).toMatchObject({ status: 0, source: 'assistant', external_id: body.external_id, customer_message: body.message });
    // Menu Canut 32 € × 10 + children's menu 14 € × 2 + Kir 6 € × 10 adults = 408 €; Lyon asks a 30 % acompte.
    expect(answer).toEqual({
      reservation: {
        id: row!.id,
        numero: row!.numero_reservation,
        numero_restaurateur: row!.numero_reservation_restaurateur,
        code_reservation: row!.code_reservation,
        status: 'pending',
        respond_by: expect.any(String),
        total_amount: 408,
        deposit: { method: 'acompte', amount: 122.4, percentage: 30, nature: 'arrhes' },
      },
      warnings: [],
      // The customer's own page, which the chatbot gives in its last reply.
      customer_page_url: expect.stringMatching(/\/ma-reservation\/[0-9a-f]{48}$/),
    });
    expect(answer.reservation.numero).toMatch(/^TBL-/);
    expect(answer.reservation.numero_restaurateur).toMatch(/^R-\d{4}$/);
  });

  test("the plan's warnings come with the answer, in French", async () => {
    // Thursday dinner for 8 covers at most: 12 people go over it (the request is still taken; the owner decides).
    await withDb((pg) => pg.query(`update public.restaurant_hours set dinner_capacity = 8 where restaurant_id = $1 and day = 'thursday'`, [copy.restaurants.lyon]));
    const res = await send(lyonRequest({ date: nextDay(4) }));
    expect(res.status).toBe(201);
    expect((await res.json()).warnings).toEqual([expect.stringMatching(/compterait 12 couverts pour une capacité de 8\.$/)]);
  });

  test('the same external_id and body again: 200 and the same reservation; another body: 409', async () => {
    const body = lyonRequest();
    const first = await send(body);
    expect(first.status).toBe(201);
    const created = await first.json();
    const again = await send(body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(created);
    const other = await send({ ...body, adults: 11 });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ code: 'external_id_conflict', field: 'external_id', message: expect.stringContaining('nouvel identifiant') });
    expect(await reservationsWith(body.external_id)).toBe(1);
  });

  test('a stored conversation of 200 KB is taken (over the service-wide 16 KB), over 512 KB is refused 413', async () => {
    const content = 'Bonjour, nous serions un groupe pour un anniversaire. '.repeat(1850);
    const messages = Array.from({ length: 2 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content, sent_at: '2026-11-20T18:30:00+01:00' }));
    const res = await send(lyonRequest({ conversation: { messages } }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()).reservation;
    const stored = await withDb(
      async (pg) =>
        (await pg.query<{ n: number }>(`select count(*)::int as n from public.messages m join public.restaurant_reservations r on r.conversation_id = m.conversation_id where r.id = $1`, [id]))
          .rows[0].n,
    );
    expect(stored).toBe(2);

    const huge = await send(lyonRequest({ conversation: { messages: Array.from({ length: 6 }, () => messages[0]) } }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'too_large', field: null });
  });
});

describe('refusals: 422 {code, field, message} in French, nothing stored', () => {
  const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  test.each([
    ['a date in the past', () => ({ date: yesterday() }), { code: 'date_in_past', field: 'date', message: 'Cette date est déjà passée : choisissez une date à venir.' }],
    ['a closed day (Monday)', () => ({ date: nextDay(1) }), { code: 'closed_day', field: 'date', message: 'Le restaurant est fermé le lundi.' }],
    ['a group too small', () => ({ adults: 2, children: 0 }), { code: 'group_size', field: 'adults', message: 'Le restaurant accueille les groupes de 6 à 30 personnes au dîner ce jour-là.' }],
    [
      'a time that is not an arrival time',
      () => ({ arrival_time: '18:00' }),
      {
        code: 'arrival_time_unavailable',
        field: 'arrival_time',
        message: "Le restaurant n'accueille pas de groupe à 18:00 le mercredi. Heures d'arrivée possibles : 12:00, 12:15, 12:30, 12:45, 13:00, 19:00, 19:30, 20:00, 20:30, 21:00.",
      },
    ],
    ['a dinner menu at lunch', () => ({ arrival_time: '12:30', menu_id: menuBouchon }), { code: 'menu_not_served', field: 'menu_id', message: "Le Menu Bouchon n'est pas proposé au déjeuner." }],
    ['a menu of another restaurant', () => ({ menu_id: bordeauxMenu }), { code: 'unknown_menu', field: 'menu_id', message: "Ce menu n'est pas proposé par le restaurant." }],
    ['adults not a number', () => ({ adults: 'abc' }), { code: 'invalid_number', field: 'adults', message: "Le nombre d'adultes doit être un nombre entier." }],
    ['an unknown field', () => ({ guests: 12 }), { code: 'unknown_field', field: 'guests', message: expect.stringContaining('Champ inconnu : guests') }],
    [
      'a bad conversation message',
      () => ({ conversation: { messages: [{ role: 'bot', content: 'Bonjour', sent_at: '2026-11-20T18:30:00Z' }] } }),
      { code: 'invalid_field', field: 'conversation.messages.0.role', message: "Le rôle d'un message doit être user ou assistant." },
    ],
    [
      'no way to answer the customer',
      () => ({ customer: { name: 'Claire Dubois' } }),
      { code: 'contact_required', field: 'customer', message: expect.stringContaining('adresse e-mail ou un numéro de téléphone') },
    ],
  ])('%s', async (_what, overrides, refusal) => {
    const body = lyonRequest(overrides());
    const res = await send(body);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(refusal);
    expect(await reservationsWith(body.external_id)).toBe(0);
  });

  test('not JSON: 400', async () => {
    const res = await send('{"external_id": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_json', field: null });
  });
});

test('the database refusing the service (a wrong service-role key): 500 with the generic French message, logged without the key', async () => {
  const broken = await startService({ serviceRoleKey: 'not-a-service-role-key' });
  try {
    const res = await send(lyonRequest(), lyonKey, copy.restaurants.lyon, broken);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: 'internal', field: null, message: 'Une erreur est survenue. Veuillez réessayer plus tard.' });
    expect(broken.logs()).toContain('checking the assistant key failed');
    expect(broken.logs()).not.toContain(lyonKey);
  } finally {
    await broken.close();
  }
});

describe('rate limit per key', () => {
  let limited: RunningService;
  beforeAll(async () => {
    limited = await startService({ assistantRateLimit: { max: 2, timeWindowMs: 60_000 } });
  });
  afterAll(() => limited?.close());

  test("the 3rd request of a key in the window gets GoTrue's 429; another key, and the OpenAPI document, are not held back", async () => {
    const wrong = lyonRequest({ adults: 'abc' });
    expect((await send(wrong, lyonKey, copy.restaurants.lyon, limited)).status).toBe(422);
    expect((await send(wrong, lyonKey, copy.restaurants.lyon, limited)).status).toBe(422);
    const res = await send(wrong, lyonKey, copy.restaurants.lyon, limited);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: expect.stringMatching(/^Trop de demandes .* réessayez dans \d+ s\.$/) });
    // Same client address, another key: its own budget.
    expect((await send(lyonRequest({ adults: 'abc' }), bordeauxKey, copy.restaurants.bordeaux, limited)).status).toBe(422);
    const openapi = await fetch(`${limited.url}/api/openapi.json`, { headers: { authorization: `Bearer ${lyonKey}` } });
    expect(openapi.status).toBe(200);
  });
});

describe('GET /api/openapi.json', () => {
  type Doc = { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>>; components: Record<string, Record<string, unknown>> };
  let doc: Doc;
  let ajv: Ajv2020;
  beforeAll(async () => {
    const res = await fetch(`${service.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as Doc;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi.json');
  });
  const validate = (id: string, value: unknown) => ajv.validate({ $ref: `openapi.json#/components/schemas/${id}` }, value);

  test('describes the POST: bearer key, body, answers', () => {
    const post = doc.paths['/api/restaurants/{restaurantId}/requests'].post;
    expect(doc.openapi).toBe('3.1.0');
    // The key, or none: the public path of the restaurant's request page (web-requests.test.ts).
    expect(post.security).toEqual([{ assistantKey: [] }, {}]);
    expect(doc.components.securitySchemes.assistantKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    // A body is named by its input side (GroupRequestInput), an answer by its output (SubmittedRequest).
    expect(post.requestBody).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/GroupRequestInput' } } } });
    expect(Object.keys(post.responses as object)).toEqual(expect.arrayContaining(['200', '201', '401', '403', '409', '422', '429']));
  });

  test('its request schema takes a real request and refuses a wrong one', async () => {
    const body = lyonRequest({ conversation: { messages: [{ role: 'user', content: 'Bonjour', sent_at: '2026-11-20T18:30:00+01:00' }] } });
    expect(validate('GroupRequestInput', body)).toBe(true);
    expect(validate('GroupRequestInput', { ...body, adults: 'abc' })).toBe(false);
    expect(validate('GroupRequestInput', { ...body, guests: 12 })).toBe(false);
    expect(validate('GroupRequestInput', { ...body, arrival_time: '7pm' })).toBe(false);
    expect(validate('GroupRequestInput', { ...body, conversation: { id: randomUUID(), messages: [] } })).toBe(false);
    const { customer: _customer, ...withoutCustomer } = body;
    expect(validate('GroupRequestInput', withoutCustomer)).toBe(false);
    // The same body is the one the service takes.
    expect((await send(body)).status).toBe(201);
  });

  test('its answer schemas fit what the service answers', async () => {
    const created = await (await send(lyonRequest())).json();
    expect(validate('SubmittedRequest', created)).toBe(true);
    expect(validate('SubmittedRequest', { ...created, warnings: 'aucun' })).toBe(false);
    expect(validate('Refusal', await (await send(lyonRequest({ date: nextDay(1) }))).json())).toBe(true);
    expect(validate('RateLimited', { code: 429, error_code: 'over_request_rate_limit', msg: 'Trop de demandes' })).toBe(true);
    expect(validate('RateLimited', { code: 429, msg: 'Trop de demandes' })).toBe(false);
  });
});
