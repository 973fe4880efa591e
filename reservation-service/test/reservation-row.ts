import { randomBytes } from 'node:crypto';
import { env, withDb } from '../../local-supabase/test/clients';
import { demoCopy } from '../../local-supabase/test/seeded';

/** Where a test reservation goes: a restaurant of the test's own, and the menu chosen (null: none). */
export interface ReservationPlace {
  restaurantId: string;
  menuId: string | null;
}

/** A copy of the demo restaurant Le Comptoir des Halles (Lyon) and of its Menu Canut. */
export interface LyonCopy {
  restaurantId: string;
  menuCanut: string;
}

/**
 * A new owner with a copy of the seeded restaurants (the seed is read-only for tests: seeded.ts), and
 * the copy of Lyon with the id of its Menu Canut, read from the database. The reservation service's
 * tests and the link page's tests each make one per file (their helpers' `ownRestaurant`).
 */
export async function copyOfLyon(label: string): Promise<LyonCopy> {
  const copy = await demoCopy({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl }, label);
  const restaurantId = copy.restaurants.lyon;
  const menus = await withDb(async (db) => (await db.query<{ id: string }>(`select id from public.restaurant_menus where restaurant_id = $1 and name = 'Menu Canut'`, [restaurantId])).rows);
  if (menus.length !== 1) throw new Error(`la copie de Lyon (${restaurantId}) a ${menus.length} Menu Canut au lieu d’un`);
  return { restaurantId, menuCanut: menus[0].id };
}

/**
 * The row of a fresh test reservation (pending unless told otherwise), as the chatbot writes them, at
 * `place`: the reservation service's tests and the link page's tests each insert it with their own client.
 * `prefix` names whose it is in the numbers and the e-mail (e.g. TST-…, T-…, client-…@).
 */
export function testReservationRow(place: ReservationPlace, prefix: { numero: string; restaurateur: string; email: string }, overrides: Record<string, unknown> = {}) {
  const suffix = randomBytes(4).toString('hex').toUpperCase();
  return {
    restaurant_id: place.restaurantId,
    numero_reservation_restaurateur: `${prefix.restaurateur}-${suffix}`,
    numero_reservation: `${prefix.numero}-${suffix}`,
    code_reservation: suffix.slice(0, 6),
    code_manage: randomBytes(32).toString('hex'),
    status: 0,
    customer_name: 'Hélène Test',
    email: `${prefix.email}-${suffix.toLowerCase()}@test.tablee.fr`,
    phone_number: '06 11 22 33 44',
    selected_menu: 'Menu Canut',
    selected_menu_id: place.menuId,
    total_amount: 1234.5,
    number_people: 12,
    children: 2,
    reservation_date: '2099-12-05',
    arrival_time: '19:45',
    options: [{ title: 'Apéritif maison', price: 6, quantity: 12 }],
    ...overrides,
  };
}
