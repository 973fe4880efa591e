import { randomBytes } from 'node:crypto';

/** The demo restaurant of the seed, Le Comptoir des Halles (Lyon), and its Menu Canut. */
export const LYON = '20000000-0000-4000-8000-000000000001';
export const MENU_CANUT = '30000000-0000-4000-8000-000000000011';

/**
 * The row of a fresh test reservation (pending unless told otherwise), as the chatbot writes them:
 * the reservation service's tests and the link page's tests each insert it with their own client.
 * `prefix` names whose it is in the numbers and the e-mail (e.g. TST-…, T-…, client-…@).
 */
export function testReservationRow(prefix: { numero: string; restaurateur: string; email: string }, overrides: Record<string, unknown> = {}) {
  const suffix = randomBytes(4).toString('hex').toUpperCase();
  return {
    restaurant_id: LYON,
    numero_reservation_restaurateur: `${prefix.restaurateur}-${suffix}`,
    numero_reservation: `${prefix.numero}-${suffix}`,
    code_reservation: suffix.slice(0, 6),
    code_manage: randomBytes(32).toString('hex'),
    status: 0,
    customer_name: 'Hélène Test',
    email: `${prefix.email}-${suffix.toLowerCase()}@test.tablee.fr`,
    phone_number: '06 11 22 33 44',
    selected_menu: 'Menu Canut',
    selected_menu_id: MENU_CANUT,
    total_amount: 1234.5,
    number_people: 12,
    children: 2,
    reservation_date: '2099-12-05',
    arrival_time: '19:45',
    options: [{ title: 'Apéritif maison', price: 6, quantity: 12 }],
    ...overrides,
  };
}
