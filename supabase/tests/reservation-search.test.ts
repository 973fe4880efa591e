/**
 * public.search_reservations: the reservation list's search, in the database — case and
 * accents ignored, on the name, both numbers, the e-mail and the phone in any usual French writing;
 * what the owner types is searched literally; another owner and anonymous get nothing.
 */
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anon, newOwner, withDb } from '../../local-supabase/test/clients';
import { completeRestaurant } from '../../local-supabase/test/fixtures';
import { insertReservationsAsSuperuser, submitGroupRequest, type SubmittedRequest } from '../../local-supabase/test/reservations';

let owner: SupabaseClient;
let restaurantId: string;
/** Requests as the chatbot sends them: a name and an e-mail that hold one word each of 'Dupré Lefèvre', a name in the other order. */
let words: { dupre: SubmittedRequest; gerard: SubmittedRequest; dupreOnly: SubmittedRequest };
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
  const submit = (name: string, email: string) => submitGroupRequest(restaurantId, { customer: { name, email: `${email}-${randomBytes(3).toString('hex')}@exemple.fr` } });
  words = {
    dupre: await submit('Anne Dupré', 'anne.lefevre'),
    gerard: await submit('Hervé Gérard', 'famille-g'),
    dupreOnly: await submit('Paul Dupré', 'paul'),
  };
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
  // Anne Dupré's e-mail holds it (anne.lefevre-…).
  expect(await names('lefevre')).toEqual(['Anne Dupré', 'Bérénice Lefèvre']);
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

it('several words: each must be found, in any column and any order, accents and case ignored', async () => {
  for (const search of ['dupre lefevre', 'Dupré Lefèvre', 'LEFEVRE  dupré', 'anne lefevre', 'dupre dupre lefevre']) expect(await names(search)).toEqual(['Anne Dupré']);
  for (const search of ['gerard herve', 'Hervé Gérard', 'herve gerard']) expect(await names(search)).toEqual(['Hervé Gérard']);
  expect(await names('dupre')).toEqual(['Anne Dupré', 'Paul Dupré']);
  expect(await names('dupre paul')).toEqual(['Paul Dupré']);
  // One word not found anywhere: nothing.
  expect(await names('dupre introuvable')).toEqual([]);
  expect(await names('berenice 50%')).toEqual([]);
});

it('the code the customer shows on arrival finds its reservation, in any case', async () => {
  const { codeReservation } = words.gerard;
  expect(codeReservation).toMatch(/^[A-Z0-9]{6}$/);
  expect(await names(codeReservation)).toEqual(['Hervé Gérard']);
  expect(await names(codeReservation.toLowerCase())).toEqual(['Hervé Gérard']);
  expect(await names(`gerard ${codeReservation}`)).toEqual(['Hervé Gérard']);
  expect(await names(`${words.dupre.codeReservation} gerard`)).toEqual([]);
});

it('nothing typed: every reservation of the restaurant', async () => {
  expect(await names('')).toHaveLength(7);
});

/**
 * At the large dataset (10,000 reservations of the bench owner), the search as PostgREST calls it for
 * the list (its arguments read from the request's JSON, the owner's role and claims, the list's order
 * and page) reads the trigram index, with one word, several words, a customer's code and a phone
 * number. The function runs its query itself: auto_explain sends the plan of that nested query back
 * as a notice.
 */
it.each(['mar', 'marie dupont', 'dupont marie martin', 'A1B2C3', '06 12 34'])('at 10,000 reservations, a search for %p reads the trigram index', async (search) => {
  const plans = await withDb(async (db) => {
    const notices: string[] = [];
    db.on('notice', (notice) => notices.push(notice.message ?? ''));
    await db.query('begin');
    try {
      await db.query(`load 'auto_explain'`);
      for (const setting of ['log_min_duration = 0', 'log_nested_statements = on', 'log_format = json', 'log_level = notice']) await db.query(`set local auto_explain.${setting}`);
      const bench = (await db.query<{ user_id: string }>(`select user_id from public.restaurants where id = 'b1000000-0000-4000-8000-000000000001'`)).rows[0];
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: bench.user_id, role: 'authenticated' })]);
      await db.query('set local role authenticated');
      const found = await db.query(
        `select s.id from json_to_record($1::json) as pgrst_body(p_restaurant_id uuid, p_search text),
           lateral public.search_reservations(p_restaurant_id := pgrst_body.p_restaurant_id, p_search := pgrst_body.p_search) s
          order by s.created_at desc limit 50`,
        [JSON.stringify({ p_restaurant_id: 'b1000000-0000-4000-8000-000000000001', p_search: search })],
      );
      expect(found.rowCount).toBeGreaterThanOrEqual(0);
      return notices.filter((n) => n.includes('"Plan"')).map((n) => JSON.parse(n.slice(n.indexOf('{'))) as { 'Query Text': string; Plan: PlanNode });
    } finally {
      await db.query('rollback');
    }
  });
  const inner = plans.find((p) => p['Query Text'].includes('r.search_text like $2'));
  expect(inner).toBeDefined();
  const nodes = planNodes([inner]);
  expect(nodes.map((n) => n['Index Name'])).toContain('restaurant_reservations_search_text_trgm_idx');
  expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'restaurant_reservations')).toEqual([]);
});

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
/** Every node of an EXPLAIN (FORMAT JSON) plan. */
function planNodes(explained: unknown): PlanNode[] {
  const walk = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(walk)];
  return (explained as { Plan: PlanNode }[]).flatMap((entry) => walk(entry.Plan));
}

it('another owner finds nothing; anonymous may not call it', async () => {
  const intruder = await newOwner('search-intruder');
  expect(await names('', intruder.client)).toEqual([]);
  expect(await names('berenice', intruder.client)).toEqual([]);
  const { data, error } = await anon().rpc('search_reservations', { p_restaurant_id: restaurantId, p_search: '' });
  expect(data ?? []).toEqual([]);
  expect(error?.code).toBe('42501');
});
