import { randomBytes } from 'node:crypto';
import { env, withDb } from '../../local-supabase/test/clients';
import { insertReservationAsSuperuser, submitGroupRequest, type GroupRequest } from '../../local-supabase/test/reservations';
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

/** Whose test reservation it is, in its numbers and its customer's e-mail (e.g. TST-…, T-…, client-…@). */
export interface ReservationPrefix {
  numero: string;
  restaurateur: string;
  email: string;
}

/** A test reservation as the tests use it: its numbers, its management code (code_manage) and its customer's e-mail. */
export interface TestReservation {
  id: string;
  numero: string;
  code: string;
  restaurateur: string;
  /** The customer's one reference (code_reservation), on every e-mail they get. */
  codeReservation: string;
  email: string;
}

/** What a test may change of the chatbot's request; the customer's fields one by one. */
export type TestRequest = Omit<Partial<GroupRequest>, 'customer'> & { customer?: Partial<GroupRequest['customer']> };

/**
 * A pending request submitted as the chatbot submits it (submit_group_request, the one way in) at
 * `place`, a complete restaurant: Hélène Test (an e-mail address of her own, a phone), 12 adults and 2
 * children, the menu of `place` (none if null), on the restaurant's next open day; `request` overrides.
 */
export async function submitTestRequest(place: ReservationPlace, prefix: Pick<ReservationPrefix, 'email'>, request: TestRequest = {}): Promise<TestReservation> {
  const email = `${prefix.email}-${randomBytes(4).toString('hex')}@test.tablee.fr`;
  const { customer, ...rest } = request;
  const submitted = await submitGroupRequest(place.restaurantId, {
    adults: 12,
    children: 2,
    ...(place.menuId ? { menu_id: place.menuId } : {}),
    ...rest,
    customer: { name: 'Hélène Test', email, phone: '06 11 22 33 44', ...customer },
  });
  return {
    id: submitted.id,
    numero: submitted.numero,
    code: submitted.codeManage,
    restaurateur: submitted.restaurateur,
    codeReservation: submitted.codeReservation,
    email: submitted.email as string,
  };
}

/**
 * The row of a fresh test reservation (pending unless told otherwise) at `place`, with texts and
 * numbers fixed for the tests that read them back (a Saturday in 2099, 19:45, 1 234,50 €, an option
 * written by hand). `prefix` names whose it is in the numbers and the e-mail (e.g. TST-…, T-…, client-…@).
 */
export function testReservationRow(place: ReservationPlace, prefix: ReservationPrefix, overrides: Record<string, unknown> = {}) {
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

/**
 * testReservationRow written directly as the superuser: for a row submit_group_request refuses on
 * purpose (a decided status, a past or fixed far-future date, hand-picked totals, a restaurant left
 * incomplete…); the caller says why at the call site.
 */
export async function writeTestReservation(place: ReservationPlace, prefix: ReservationPrefix, overrides: Record<string, unknown> = {}): Promise<TestReservation> {
  const written = await insertReservationAsSuperuser(testReservationRow(place, prefix, overrides));
  return {
    id: written.id,
    numero: written.numero_reservation,
    code: written.code_manage,
    restaurateur: written.numero_reservation_restaurateur,
    codeReservation: written.code_reservation,
    email: written.email as string,
  };
}
