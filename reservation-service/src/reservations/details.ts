import type { AcceptanceCheck } from '@tablee/domain/acceptance';
import type { Tables } from '@tablee/domain/database-types';
import { reservationOptions, type ReservationOption } from '@tablee/domain/reservation-options';
import type { Deposit } from '@tablee/domain/deposit';
import { COURSE_LABELS, customerPagePath, type Course, type Guest } from '@tablee/domain/customer-page';
import { customerPayEndpoint } from '@tablee/domain/payments';
import { databaseFailure } from '../lib/errors';
import type { Db } from '../lib/supabase';

export type MenuItem = Pick<Tables<'menu_items'>, 'name' | 'type' | 'display_order'>;
export type MenuAlternative = Pick<Tables<'menu_item_alternatives'>, 'name' | 'type' | 'is_gluten_free' | 'is_vegan' | 'other_dietary_notes' | 'display_order'>;
/** Where the customer pays (Facturation): on site or online, the account holder and its bank details, the payment link (the deposit itself: ReservationDetails.deposit). */
export type Billing = Pick<Tables<'restaurant_billing'>, 'payment_onsite' | 'payment_online' | 'company_name' | 'iban' | 'bic' | 'contact_phone' | 'payment_link'>;
/**
 * How the customer reaches the restaurant (Informations: contact); email_address is the contact
 * e-mail when it is exactly one plain address, else null (computed by the database); phone, the
 * optional 'Téléphone du restaurant', and whatsapp in E.164.
 */
export type RestaurantContact = Pick<Tables<'restaurant_contacts'>, 'email' | 'email_address' | 'whatsapp' | 'phone'>;
/** The restaurant's terms (CGV). */
export type RestaurantCgv = Pick<Tables<'restaurant_cgv'>, 'cancellation_policy' | 'modification_policy' | 'link'>;

/**
 * A reservation with everything the e-mail and the sheets print, read in one request. email_address
 * is where the customer is e-mailed: `email` when it is exactly one plain address, else null; service,
 * 'lunch' or 'dinner', is the one the database files the reservation under (its generated column).
 */
export type ReservationDetails = Pick<
  Tables<'restaurant_reservations'>,
  | 'id'
  | 'restaurant_id'
  | 'numero_reservation'
  | 'numero_reservation_restaurateur'
  | 'code_reservation'
  | 'code_manage'
  | 'status'
  | 'customer_name'
  | 'email'
  | 'email_address'
  | 'phone_number'
  | 'selected_menu'
  | 'total_amount'
  | 'amount_received_cents'
  | 'number_people'
  | 'children'
  | 'reservation_date'
  | 'arrival_time'
  | 'service'
  | 'customer_message'
  | 'respond_by'
  | 'dietary_notes'
  | 'notes'
> & {
  options: ReservationOption[];
  /** What the restaurant asks in advance (public.reservation_deposit, the database's one rule); null when nothing. */
  deposit: Deposit | null;
  /**
   * childrenMenu: the restaurant's children's menu (the first by display order), what the children take;
   * onlinePayment: the restaurant connected its own Stripe account (restaurant_stripe_accounts): the
   * customer pays online from the pay link, and what was paid online is refunded online.
   */
  restaurant: {
    name: string;
    address: string;
    billing: Billing | null;
    childrenMenu: string | null;
    contact: RestaurantContact | null;
    cgv: RestaurantCgv | null;
    onlinePayment: boolean;
  };
  menu: { name: string; price_per_person: number; items: MenuItem[]; alternatives: MenuAlternative[] } | null;
  /**
   * The customer's own page (`${appUrl}/ma-reservation/{token}`), which every message to the customer
   * carries: set by the sender from the round's tokens (loadPageTokens); absent when not drawn.
   */
  customerPageUrl?: string | null;
  /**
   * The customer's « Payer » from the same token (`${publicBaseUrl}/api/customer/{token}/pay`: the service
   * makes the Checkout Session and redirects), set beside customerPageUrl; absent when not drawn.
   */
  customerPayUrl?: string | null;
};

const SELECT = `id, restaurant_id, numero_reservation, numero_reservation_restaurateur, code_reservation, code_manage, status,
  customer_name, email, email_address, phone_number, selected_menu, total_amount, amount_received_cents, number_people, children, reservation_date,
  arrival_time, service, options, customer_message, respond_by, dietary_notes, notes, deposit:reservation_deposit,
  restaurant:restaurants!restaurant_id(name, address, billing:restaurant_billing(payment_onsite,
    payment_online, company_name, iban, bic, contact_phone, payment_link),
    menus:restaurant_menus(name, is_children_menu, display_order),
    contact:restaurant_contacts(email, email_address, whatsapp, phone), cgv:restaurant_cgv(cancellation_policy, modification_policy, link),
    stripe:restaurant_stripe_accounts(account_id)),
  menu:restaurant_menus!selected_menu_id(name, price_per_person,
    items:menu_items(name, type, display_order),
    alternatives:menu_item_alternatives(name, type, is_gluten_free, is_vegan, other_dietary_notes, display_order))`;

// PostgREST returns a one-to-one embed as an object, older versions as a one-element array.
const one = <T>(value: T | T[] | null | undefined): T | null => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));

const byOrder = <T extends { display_order: number }>(list: T[] | null | undefined): T[] => [...(list ?? [])].sort((a, b) => a.display_order - b.display_order);

const selectDetails = (db: Db) => db.from('restaurant_reservations').select(SELECT);

export async function loadReservation(db: Db, key: { id: string } | { numero: string }): Promise<ReservationDetails | null> {
  let query = selectDetails(db);
  query = 'id' in key ? query.eq('id', key.id) : query.eq('numero_reservation', key.numero);
  const { data, error, status } = await query.maybeSingle();
  if (error) throw databaseFailure('reading the reservation', { error, status });
  return data ? details(data) : null;
}

/** Several reservations read in one request (the sender's round), by id; a missing one is absent from the map. */
export async function loadReservations(db: Db, ids: string[]): Promise<Map<string, ReservationDetails>> {
  if (ids.length === 0) return new Map();
  const { data, error, status } = await selectDetails(db).in('id', ids);
  if (error) throw databaseFailure('reading the reservations', { error, status });
  return new Map(data.map((row) => [row.id, details(row)]));
}

type Row = NonNullable<Awaited<ReturnType<typeof selectDetails>>['data']>[number];

function details(data: Row): ReservationDetails {
  const { restaurant: restaurantRow, menu: menuRow, ...row } = data;
  const restaurant = one(restaurantRow);
  const menu = one(menuRow);
  return {
    ...row,
    total_amount: Number(row.total_amount),
    options: reservationOptions(row.options),
    restaurant: {
      name: restaurant?.name ?? '',
      address: restaurant?.address ?? '',
      billing: one(restaurant?.billing),
      childrenMenu: byOrder(restaurant?.menus).find((m) => m.is_children_menu)?.name ?? null,
      contact: one(restaurant?.contact),
      cgv: one(restaurant?.cgv),
      onlinePayment: one(restaurant?.stripe) !== null,
    },
    menu: menu ? { name: menu.name, price_per_person: Number(menu.price_per_person), items: byOrder(menu.items), alternatives: byOrder(menu.alternatives) } : null,
  };
}

/** What public.reservation_acceptance_check says of accepting it (capacity, closed service, hours); null when it says nothing. */
export async function loadAcceptanceCheck(db: Db, restaurantId: string, numeroRestaurateur: string): Promise<AcceptanceCheck | null> {
  const { data, error, status } = await db.rpc('reservation_acceptance_check', { p_restaurant_id: restaurantId, p_numero: numeroRestaurateur });
  if (error) throw databaseFailure('reading the acceptance check', { error, status });
  return data?.[0] ?? null;
}

/** loadAcceptanceCheck of several reservations in one request (public.reservation_acceptance_checks), by reservation id; absent when it says nothing. */
export async function loadAcceptanceChecks(db: Db, reservationIds: string[]): Promise<Map<string, AcceptanceCheck>> {
  if (reservationIds.length === 0) return new Map();
  const { data, error, status } = await db.rpc('reservation_acceptance_checks', { p_reservation_ids: reservationIds });
  if (error) throw databaseFailure('reading the acceptance check', { error, status });
  return new Map(data.map(({ reservation_id, ...check }) => [reservation_id, check]));
}

/**
 * The customer pages' tokens of several reservations in one call (public.customer_page_tokens, service
 * role: an HMAC of each id, stored nowhere), by reservation id; the sender reads those of a round's
 * messages to customers at once.
 */
export async function loadPageTokens(db: Db, reservationIds: string[]): Promise<Map<string, string>> {
  if (reservationIds.length === 0) return new Map();
  const { data, error, status } = await db.rpc('customer_page_tokens', { p_reservation_ids: reservationIds });
  if (error) throw databaseFailure('drawing the customer pages’ tokens', { error, status });
  return new Map((data ?? []).map(({ reservation_id, token }) => [reservation_id, token]));
}

/** The customer's page of a reservation's token, under the application's origin. */
export const customerPageUrl = (appUrl: string, token: string) => `${appUrl}${customerPagePath(token)}`;

/** The customer's « Payer » of a reservation's token, under the reservation service's public origin (/api). */
export const customerPayUrl = (publicBaseUrl: string, token: string) => `${publicBaseUrl}/api/${customerPayEndpoint(token)}`;

/** The customer's page of one reservation (a request's answer), or undefined when it has none (deleted meanwhile). */
export async function loadPageUrl(db: Db, appUrl: string, reservationId: string): Promise<string | undefined> {
  const token = (await loadPageTokens(db, [reservationId])).get(reservationId);
  return token ? customerPageUrl(appUrl, token) : undefined;
}

/** One guest as the organiser filled them in on their page (public.reservation_guests): a dish per course, allergies. */
export type ReservationGuest = Guest;

/**
 * The guests of a reservation whose organiser filled in their choices (public.reservation_guests, read
 * with the service role), by number; none when nobody was filled in.
 */
export async function loadGuests(db: Db, reservationId: string): Promise<ReservationGuest[]> {
  const { data, error, status } = await db.from('reservation_guests').select('guest_number, name, choices, allergies').eq('reservation_id', reservationId).order('guest_number');
  if (error) throw databaseFailure('reading the guests', { error, status });
  return data.map((g) => ({
    guest_number: g.guest_number,
    name: g.name?.trim() || null,
    choices: choicesOf(g.choices),
    allergies: g.allergies?.trim() || null,
  }));
}

const COURSES = new Set<string>(Object.keys(COURSE_LABELS));

/** {course: dish} as stored, the known courses and their non-empty dish names only. */
function choicesOf(value: unknown): Guest['choices'] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const choices: Guest['choices'] = {};
  for (const [course, dish] of Object.entries(value)) {
    if (COURSES.has(course) && typeof dish === 'string' && dish.trim()) choices[course as Course] = dish.trim();
  }
  return choices;
}
