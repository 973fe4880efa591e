import type { ReservationOption } from '../lib/format';
import type { Db } from '../lib/supabase';

export interface MenuItem { name: string; type: string; display_order: number }
export interface MenuAlternative {
  name: string; type: string; is_gluten_free: boolean; is_vegan: boolean; other_dietary_notes: string | null; display_order: number;
}
export interface Billing {
  requires_deposit: boolean; deposit_type: string | null; deposit_amount: number | null; deposit_method: string | null;
  payment_onsite: boolean; payment_online: boolean;
  /** Where the customer pays the acompte (Facturation): the account holder and its bank details. */
  company_name?: string | null; iban?: string | null; bic?: string | null; contact_phone?: string | null; payment_link?: string | null;
}
/** How the customer reaches the restaurant (Informations: contact) and its terms (CGV). */
export interface RestaurantContact {
  email: string | null;
  /** The contact e-mail when it is exactly one plain address, else null (computed by the database). */
  email_address: string | null;
  whatsapp: string | null;
}
export interface RestaurantCgv { cancellation_policy: string; modification_policy: string; link: string | null }

/** A reservation with everything the e-mail and the sheets print, read in one request. */
export interface ReservationDetails {
  id: string;
  restaurant_id: string;
  numero_reservation: string;
  numero_reservation_restaurateur: string;
  code_reservation: string;
  code_manage: string;
  status: number;
  customer_name: string;
  email: string | null;
  /** Where the customer is e-mailed: `email` when it is exactly one plain address, else null (computed by the database). */
  email_address: string | null;
  phone_number: string | null;
  selected_menu: string | null;
  total_amount: number;
  number_people: number;
  children: number;
  reservation_date: string;
  arrival_time: string | null;
  /** 'lunch' or 'dinner': the service the database files the reservation under (its generated column). */
  service: string;
  options: ReservationOption[];
  /** childrenMenu: the restaurant's children's menu (the first by display order), what the children take. */
  restaurant: {
    name: string;
    address: string;
    billing: Billing | null;
    childrenMenu: string | null;
    contact: RestaurantContact | null;
    cgv: RestaurantCgv | null;
  };
  menu: { name: string; price_per_person: number; items: MenuItem[]; alternatives: MenuAlternative[] } | null;
}

const SELECT = `id, restaurant_id, numero_reservation, numero_reservation_restaurateur, code_reservation, code_manage, status,
  customer_name, email, email_address, phone_number, selected_menu, total_amount, number_people, children, reservation_date,
  arrival_time, service, options,
  restaurant:restaurants!restaurant_id(name, address, billing:restaurant_billing(requires_deposit, deposit_type,
    deposit_amount, deposit_method, payment_onsite, payment_online, company_name, iban, bic, contact_phone, payment_link),
    menus:restaurant_menus(name, is_children_menu, display_order),
    contact:restaurant_contacts(email, email_address, whatsapp), cgv:restaurant_cgv(cancellation_policy, modification_policy, link)),
  menu:restaurant_menus!selected_menu_id(name, price_per_person,
    items:menu_items(name, type, display_order),
    alternatives:menu_item_alternatives(name, type, is_gluten_free, is_vegan, other_dietary_notes, display_order))`;

// PostgREST returns a one-to-one embed as an object, older versions as a one-element array.
const one = <T>(value: T | T[] | null | undefined): T | null => (Array.isArray(value) ? value[0] ?? null : value ?? null);

/** The row as PostgREST sends it: numerics as strings, embeds as objects (or one-element arrays). */
type Row = Omit<ReservationDetails, 'total_amount' | 'options' | 'restaurant' | 'menu'> & {
  total_amount: number | string;
  options: unknown;
  restaurant: RestaurantRow | RestaurantRow[] | null;
  menu: MenuRow | MenuRow[] | null;
};
interface RestaurantRow {
  name: string;
  address: string | null;
  billing: Billing | Billing[] | null;
  menus: { name: string; is_children_menu: boolean; display_order: number }[] | null;
  contact: RestaurantContact | RestaurantContact[] | null;
  cgv: RestaurantCgv | RestaurantCgv[] | null;
}
interface MenuRow { name: string; price_per_person: number | string; items: MenuItem[] | null; alternatives: MenuAlternative[] | null }
const byOrder = <T extends { display_order: number }>(list: T[] | null | undefined): T[] =>
  [...(list ?? [])].sort((a, b) => a.display_order - b.display_order);

export async function loadReservation(
  db: Db,
  key: { id: string } | { numero: string },
): Promise<ReservationDetails | null> {
  let query = db.from('restaurant_reservations').select(SELECT);
  query = 'id' in key ? query.eq('id', key.id) : query.eq('numero_reservation', key.numero);
  const { data, error } = await query.maybeSingle();
  if (error) throw new Error(`reading the reservation failed: ${error.code ?? ''} ${error.message}`);
  if (!data) return null;
  const row = data as unknown as Row;
  const restaurant = one(row.restaurant);
  const menu = one(row.menu);
  return {
    ...row,
    total_amount: Number(row.total_amount),
    options: Array.isArray(row.options) ? (row.options as ReservationOption[]) : [],
    restaurant: {
      name: restaurant?.name ?? '',
      address: restaurant?.address ?? '',
      billing: one(restaurant?.billing),
      childrenMenu: byOrder(restaurant?.menus).find((m) => m.is_children_menu)?.name ?? null,
      contact: one(restaurant?.contact),
      cgv: one(restaurant?.cgv),
    },
    menu: menu
      ? { name: menu.name, price_per_person: Number(menu.price_per_person), items: byOrder(menu.items), alternatives: byOrder(menu.alternatives) }
      : null,
  };
}
