import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client, env, withDb } from '../../../local-supabase/test/clients';
import { nextOpenSlot } from '../../../local-supabase/test/reservations';
import { demoCopy, type DemoCopy } from '../../../local-supabase/test/seeded';
import { db, post, startService, type RunningService } from '../helpers';

/**
 * Input PostgreSQL cannot store (a NUL character: text and jsonb refuse it) or that names nothing (a
 * restaurant id that is not a UUID): a 4xx with a French message naming the field, nothing stored,
 * never a 500.
 */
let service: RunningService;
let copy: DemoCopy;
let owner: SupabaseClient;
let token: string;
let key: string;
let menuCanut: string;

beforeAll(async () => {
  copy = await demoCopy({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl }, 'unstorable');
  owner = client();
  const signedIn = await owner.auth.signInWithPassword({ email: copy.email, password: copy.password });
  if (signedIn.error) throw signedIn.error;
  token = signedIn.data.session.access_token;
  const created = await owner.rpc('create_assistant_key', { p_restaurant_id: copy.restaurants.lyon });
  if (created.error) throw new Error(created.error.message);
  key = (created.data as { key: string }).key;
  const page = await owner.rpc('set_request_page', { p_restaurant_id: copy.restaurants.lyon, p_enabled: true });
  if (page.error) throw new Error(page.error.message);
  menuCanut = await withDb(
    async (pg) => (await pg.query<{ id: string }>(`select id from public.restaurant_menus where restaurant_id = $1 and name = 'Menu Canut'`, [copy.restaurants.lyon])).rows[0].id,
  );
  service = await startService();
});
afterAll(() => service?.close());

async function request(overrides: Record<string, unknown> = {}) {
  const slot = await nextOpenSlot(copy.restaurants.lyon, { people: 10, service: 'dinner', menuId: menuCanut });
  return {
    external_id: `nul-${randomUUID()}`,
    date: slot.date,
    arrival_time: slot.arrival_time,
    adults: 10,
    menu_id: menuCanut,
    customer: { name: 'Claire Dubois', email: 'claire.dubois@example.fr' },
    message: 'Un anniversaire.',
    ...overrides,
  };
}

async function reservationsOf(restaurantId: string): Promise<number> {
  const { count, error } = await db().from('restaurant_reservations').select('id', { count: 'exact', head: true }).eq('restaurant_id', restaurantId);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

describe('a NUL character in a text: 422 on its field, in French, nothing stored', () => {
  test.each([
    ['customer.name', { customer: { name: 'Claire\u0000Dubois', email: 'claire.dubois@example.fr' } }, 'Le nom du client'],
    ['message', { message: 'Un anniversaire\u0000.' }, 'Le message'],
    ['dietary_notes', { dietary_notes: 'Sans gluten\u0000' }, 'Le champ allergies et régimes'],
    ['external_id', { external_id: `nul-\u0000-${randomUUID()}` }, "L'identifiant de la demande (external_id)"],
  ])("the chatbot's %s", async (field, overrides, label) => {
    const before = await reservationsOf(copy.restaurants.lyon);
    const res = await post(`${service.url}/api/restaurants/${copy.restaurants.lyon}/requests`, await request(overrides), { authorization: `Bearer ${key}` });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 422,
      body: { code: 'invalid_character', field, message: `${label} contient un caractère non autorisé (caractère nul).` },
    });
    expect(await reservationsOf(copy.restaurants.lyon)).toBe(before);
  });

  test('the request page (no key): the customer name', async () => {
    const before = await reservationsOf(copy.restaurants.lyon);
    const res = await post(`${service.url}/api/restaurants/${copy.restaurants.lyon}/requests`, await request({ customer: { name: '\u0000', phone: '0611223344' } }));
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 422,
      body: { code: 'invalid_character', field: 'customer.name', message: 'Le nom du client contient un caractère non autorisé (caractère nul).' },
    });
    expect(await reservationsOf(copy.restaurants.lyon)).toBe(before);
  });

  test("the owner's phone booking: the notes", async () => {
    const before = await reservationsOf(copy.restaurants.lyon);
    const { message: _message, ...booking } = await request({ notes: 'Habitué\u0000' });
    const res = await post(`${service.url}/api/restaurants/${copy.restaurants.lyon}/reservations`, booking, { authorization: `Bearer ${token}` });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 422,
      body: { code: 'invalid_character', field: 'notes', message: 'Les notes internes contiennent un caractère non autorisé (caractère nul).' },
    });
    expect(await reservationsOf(copy.restaurants.lyon)).toBe(before);
  });
});

describe('a restaurant id that is not a UUID: 404 naming it, in French', () => {
  const refusal = { code: 'unknown_restaurant', field: 'restaurantId', message: "L'identifiant du restaurant dans l'adresse n'est pas valide : aucun restaurant ne porte cet identifiant." };

  test('without a key (the request page)', async () => {
    const res = await post(`${service.url}/api/restaurants/not-a-uuid/requests`, await request());
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 404, body: refusal });
  });

  test('with a key', async () => {
    const res = await post(`${service.url}/api/restaurants/not-a-uuid/requests`, await request(), { authorization: `Bearer ${key}` });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 404, body: refusal });
  });
});
