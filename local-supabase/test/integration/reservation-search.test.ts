/**
 * public.search_reservations: the reservation list's search, in the database — case and
 * accents ignored, on the name, both numbers, the e-mail and the phone in any usual French writing;
 * what the owner types is searched literally; another owner and anonymous get nothing.
 */
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anon, newOwner } from '../clients';
import { completeRestaurant } from '../fixtures';
import { insertReservationsAsSuperuser } from '../reservations';

let owner: SupabaseClient;
let restaurantId: string;
const numero = `SRCH-${randomBytes(4).toString('hex').toUpperCase()}`;

beforeAll(async () => {
  const created = await newOwner('search');
  owner = created.client;
  ({ restaurantId } = await completeRestaurant(owner, 'Chez Recherche'));
  const row = (name: string, n: string, restaurateur: string, email: string | null, phone: string | null) => ({
    restaurant_id: restaurantId,
    customer_name: name,
    numero_reservation: n,
    numero_reservation_restaurateur: restaurateur,
    code_reservation: 'S',
    number_people: 12,
    reservation_date: '2026-12-20',
    email,
    phone_number: phone,
  });
  // Hand-picked numbers and phones written as customers type them, a row without any contact: submit_group_request makes its own numbers and refuses those.
  await insertReservationsAsSuperuser([
    row('Bérénice Lefèvre', numero, 'R-7001', 'b.lefevre@exemple.fr', '+33 6 12 34 56 78'),
    row('Łukasz Nowak', `${numero}-2`, 'R-7002', 'lukasz_nowak@exemple.pl', '06.98.76.54.32'),
    row('Cœur de Lion', `${numero}-3`, 'R-7003', null, null),
    row('Taux 50% remise', `${numero}-4`, 'R-7004', null, '0033 1 44 55 66 77'),
  ]);
});

/** The customer names the owner's search finds, sorted (without the fixture's own reservation, Jeanne Dupont). */
async function names(search: string, client: SupabaseClient = owner): Promise<string[]> {
  const { data, error } = await client.rpc('search_reservations', { p_restaurant_id: restaurantId, p_search: search }).select('customer_name');
  if (error) throw error;
  return (data as { customer_name: string }[])
    .map((r) => r.customer_name)
    .filter((n) => n !== 'Jeanne Dupont')
    .sort();
}

it('ignores case and accents, both ways', async () => {
  expect(await names('berenice')).toEqual(['Bérénice Lefèvre']);
  expect(await names('BÉRÉN')).toEqual(['Bérénice Lefèvre']);
  expect(await names('lefevre')).toEqual(['Bérénice Lefèvre']);
  expect(await names('coeur')).toEqual(['Cœur de Lion']);
  expect(await names('  nowak ')).toEqual(['Łukasz Nowak']);
});

it('matches either reservation number, the e-mail and the phone however it is written', async () => {
  expect(await names(numero.toLowerCase())).toHaveLength(4);
  expect(await names(`${numero}-2`)).toEqual(['Łukasz Nowak']);
  expect(await names('r-7003')).toEqual(['Cœur de Lion']);
  expect(await names('b.lefevre@')).toEqual(['Bérénice Lefèvre']);
  for (const phone of ['06 12 34 56 78', '0612345678', '+33612345678', '06.12.34', '56 78']) expect(await names(phone)).toEqual(['Bérénice Lefèvre']);
  expect(await names('+33 6 98 76 54 32')).toEqual(['Łukasz Nowak']);
  expect(await names('01 44 55 66 77')).toEqual(['Taux 50% remise']);
});

it('searches what is typed literally: % and _ are not wildcards', async () => {
  expect(await names('50%')).toEqual(['Taux 50% remise']);
  expect(await names('%')).toEqual(['Taux 50% remise']);
  expect(await names('lukasz_')).toEqual(['Łukasz Nowak']);
  expect(await names('_')).toEqual(['Łukasz Nowak']);
  expect(await names('introuvable')).toEqual([]);
});

it('nothing typed: every reservation of the restaurant', async () => {
  expect(await names('')).toHaveLength(4);
});

it('another owner finds nothing; anonymous may not call it', async () => {
  const intruder = await newOwner('search-intruder');
  expect(await names('', intruder.client)).toEqual([]);
  expect(await names('berenice', intruder.client)).toEqual([]);
  const { data, error } = await anon().rpc('search_reservations', { p_restaurant_id: restaurantId, p_search: '' });
  expect(data ?? []).toEqual([]);
  expect(error?.code).toBe('42501');
});
