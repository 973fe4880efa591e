import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client, env, withDb } from '../../../local-supabase/test/clients';
import { nextOpenSlot } from '../../../local-supabase/test/reservations';
import { demoCopy, type DemoCopy } from '../../../local-supabase/test/seeded';
import { post, startService, type RunningService } from '../helpers';

/**
 * POST /api/restaurants/{id}/requests/check: what submitting a request would answer, nothing stored
 * (public.check_group_request), for the same callers as the submission (the restaurant's assistant
 * key, or its open request page): the refusal on its field, the total and the deposit once what the
 * request books is right — the customer's details may still be to come —, the warnings.
 */
let service: RunningService;
let copy: DemoCopy;
let owner: SupabaseClient;
let menuCanut: string;
let assistantKey: string;

beforeAll(async () => {
  copy = await demoCopy({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl }, 'request-check');
  owner = client();
  const signedIn = await owner.auth.signInWithPassword({ email: copy.email, password: copy.password });
  if (signedIn.error) throw signedIn.error;
  // Lyon's page is on; Bordeaux's stays off.
  const switched = await owner.rpc('set_request_page', { p_restaurant_id: copy.restaurants.lyon, p_enabled: true });
  if (switched.error) throw new Error(switched.error.message);
  const key = await owner.rpc('create_assistant_key', { p_restaurant_id: copy.restaurants.lyon });
  if (key.error) throw new Error(key.error.message);
  assistantKey = (key.data as { key: string }).key;
  menuCanut = await withDb(
    async (pg) => (await pg.query<{ id: string }>(`select id from public.restaurant_menus where restaurant_id = $1 and name = 'Menu Canut'`, [copy.restaurants.lyon])).rows[0].id,
  );
  service = await startService();
});
afterAll(() => service?.close());

/** What a page has once the customer chose the slot, the group and the menu (no customer yet). */
async function booking(overrides: Record<string, unknown> = {}) {
  const slot = await nextOpenSlot(copy.restaurants.lyon, { people: 12, service: 'dinner', menuId: menuCanut });
  return { date: slot.date, arrival_time: slot.arrival_time, adults: 12, children: 0, menu_id: menuCanut, ...overrides };
}

const check = (body: unknown, restaurantId = copy.restaurants.lyon, headers: Record<string, string> = {}) => post(`${service.url}/api/restaurants/${restaurantId}/requests/check`, body, headers);

const reservationsOfLyon = () =>
  withDb(async (pg) => (await pg.query<{ n: number }>('select count(*)::int as n from public.restaurant_reservations where restaurant_id = $1', [copy.restaurants.lyon])).rows[0].n);

test('the page’s booking before its customer’s details: the customer still required, the total and the deposit the submission then answers, nothing stored', async () => {
  const before = await reservationsOfLyon();
  const body = await booking();
  const res = await check(body);
  expect(res.status).toBe(200);
  const checked = await res.json();
  expect(checked).toEqual({
    refusal: { code: 'required', field: 'customer', message: 'Les coordonnées du client sont obligatoires.' },
    total_amount: expect.any(Number),
    deposit: expect.objectContaining({ method: 'acompte' }),
    warnings: expect.any(Array),
  });
  expect(await reservationsOfLyon()).toBe(before);

  const sent = await post(`${service.url}/api/restaurants/${copy.restaurants.lyon}/requests`, {
    ...body,
    external_id: `check-${randomUUID()}`,
    customer: { name: 'Paul Lemaire', email: 'paul.lemaire@example.fr' },
  });
  expect(sent.status).toBe(201);
  const { reservation } = await sent.json();
  expect({ total: checked.total_amount, deposit: checked.deposit }).toEqual({ total: reservation.total_amount, deposit: reservation.deposit });
});

test('refuses as the submission would, in French on the field: the group (no total yet), then the customer (the total known)', async () => {
  const tooMany = await (await check(await booking({ adults: 400 }))).json();
  expect(tooMany).toMatchObject({
    refusal: { code: 'group_size', field: 'adults', message: expect.stringMatching(/^Le restaurant accueille les groupes de/) },
    total_amount: null,
    deposit: null,
  });
  const badEmail = await (await check({ ...(await booking()), customer: { name: 'Paul', email: 'paul@' } })).json();
  expect(badEmail).toMatchObject({ refusal: { code: 'invalid_email', field: 'customer.email' }, total_amount: expect.any(Number) });
});

test('the same callers as the submission: a closed page asks for a key, another restaurant’s key is refused, the restaurant’s key may', async () => {
  const body = await booking();
  const closed = await check(body, copy.restaurants.bordeaux);
  expect(closed.status).toBe(401);
  expect(await closed.json()).toMatchObject({ code: 'key_required' });
  const wrong = await check(body, copy.restaurants.bordeaux, { authorization: `Bearer ${assistantKey}` });
  expect(wrong.status).toBe(403);
  expect(await wrong.json()).toMatchObject({ code: 'wrong_restaurant' });
  const unknown = await check(body, copy.restaurants.lyon, { authorization: 'Bearer tbl_inconnue' });
  expect(unknown.status).toBe(401);
  const withKey = await check(body, copy.restaurants.lyon, { authorization: `Bearer ${assistantKey}` });
  expect(withKey.status).toBe(200);
  expect(await withKey.json()).toMatchObject({ refusal: { field: 'customer' }, total_amount: expect.any(Number) });
  const complete = await check({ ...body, customer: { name: 'Paul Lemaire', email: 'paul.lemaire@example.fr' } }, copy.restaurants.lyon, { authorization: `Bearer ${assistantKey}` });
  expect(await complete.json()).toMatchObject({ refusal: null, total_amount: expect.any(Number) });
  // The page sends what a customer types: a conversation comes with a key.
  const conversation = await check({ ...body, conversation: { messages: [] } });
  expect(conversation.status).toBe(422);
  expect(await conversation.json()).toMatchObject({ code: 'unknown_field', field: 'conversation' });
});
