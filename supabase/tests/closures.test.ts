import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { fillProfile, must, restaurantSnapshot } from '../../local-supabase/test/fixtures';
import { submitGroupRequest } from '../../local-supabase/test/reservations';

/**
 * Issue 30, item 5: exceptional closures (public.restaurant_closures), per date and service, closed
 * with public.close_services. A closed service refuses new requests in the contract ('closed_date',
 * on `date`, a French message naming the date and the service); the same service another date, and
 * the other service that day, still take them. The acceptance check says it, the assistant knows it,
 * and no one but the owner reads or writes a restaurant's closures.
 */
async function restaurant(label: string) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert({ name: label }).select('id').single());
  await fillProfile(owner.client, id as string, label);
  return { ...owner, restaurantId: id as string };
}

/** The first two Mondays (open for lunch and dinner in the sample hours) from the day after tomorrow, in Paris. */
const mondays = () =>
  withDb(async (db) => {
    const { rows } = await db.query<{ d: string; label: string }>(
      `select to_char(d, 'YYYY-MM-DD') as d, private.french_date(d::date) as label
         from generate_series((now() at time zone 'Europe/Paris')::date + 2, (now() at time zone 'Europe/Paris')::date + 16, interval '1 day') d
        where extract(isodow from d) = 1 order by d limit 2`,
    );
    return rows;
  });

const submit = (restaurantId: string, date: string, arrival_time: string) =>
  service().rpc('submit_group_request', {
    p_restaurant_id: restaurantId,
    p_request: { external_id: `closure-${Math.random()}`, date, arrival_time, adults: 12, customer: { name: 'Client Test', email: 'client@test.tablee.fr' } },
  });

test('writes dates in French, whatever the server’s locale', async () => {
  const rows = await withDb(async (db) => (await db.query(`select private.french_date('2026-12-25') as a, private.french_date('2027-05-01') as b`)).rows);
  expect(rows).toEqual([{ a: 'vendredi 25 décembre 2026', b: 'samedi 1er mai 2027' }]);
});

test('a closed dinner refuses new requests for it; its lunch, and the next Monday’s dinner, still take them', async () => {
  const owner = await restaurant('closure-dinner');
  const [closed, next] = await mondays();
  await must(owner.client.rpc('close_services', { p_restaurant_id: owner.restaurantId, p_date: closed.d, p_services: ['dinner'], p_reason: 'Soirée privée' }));
  const before = await restaurantSnapshot(owner.restaurantId);
  const refused = await submit(owner.restaurantId, closed.d, '19:30');
  expect(refused.status).toBe(422);
  expect(refused.error).toMatchObject({ code: 'closed_date', details: 'date', message: `Le restaurant est fermé le ${closed.label} au dîner (Soirée privée).` });
  expect(await restaurantSnapshot(owner.restaurantId)).toBe(before);
  // A time that is none of the day's: the possible ones are the lunch's only.
  const elsewhere = await submit(owner.restaurantId, closed.d, '17:00');
  expect(elsewhere.error).toMatchObject({ code: 'arrival_time_unavailable', message: /Heures d'arrivée possibles : 12:00, 12:30\.$/ });

  await submitGroupRequest(owner.restaurantId, { date: closed.d, arrival_time: '12:30' });
  await submitGroupRequest(owner.restaurantId, { date: next.d, arrival_time: '19:30' });
});

test('a whole day closed says so, with or without a reason; reopened, it takes requests again', async () => {
  const owner = await restaurant('closure-day');
  const [closed] = await mondays();
  await must(owner.client.rpc('close_services', { p_restaurant_id: owner.restaurantId, p_date: closed.d, p_services: ['lunch', 'dinner'], p_reason: '  ' }));
  for (const time of ['12:00', '20:00', '17:00']) {
    const refused = await submit(owner.restaurantId, closed.d, time);
    expect(refused.error).toMatchObject({ code: 'closed_date', details: 'date', message: `Le restaurant est fermé le ${closed.label}, au déjeuner comme au dîner.` });
  }
  await must(owner.client.from('restaurant_closures').delete().eq('restaurant_id', owner.restaurantId).eq('closure_date', closed.d).select('id'));
  await submitGroupRequest(owner.restaurantId, { date: closed.d, arrival_time: '20:00' });
});

test('the acceptance check says a service closed after the request came, with its reason', async () => {
  const owner = await restaurant('closure-check');
  const [day] = await mondays();
  const request = await submitGroupRequest(owner.restaurantId, { date: day.d, arrival_time: '20:00' });
  expect(request.answer.acceptance).toMatchObject({ closed: false, closure_reason: null });
  await must(owner.client.rpc('close_services', { p_restaurant_id: owner.restaurantId, p_date: day.d, p_services: ['dinner'], p_reason: 'Noël' }));
  const [check] = await must(owner.client.rpc('reservation_acceptance_check', { p_restaurant_id: owner.restaurantId, p_numero: request.restaurateur }));
  expect(check).toMatchObject({ service: 'dinner', closed: true, closure_reason: 'Noël' });
});

test('closing again updates the reason; the assistant knows the upcoming closures, one entry per date', async () => {
  const owner = await restaurant('closure-knowledge');
  const [first, second] = await mondays();
  await must(owner.client.rpc('close_services', { p_restaurant_id: owner.restaurantId, p_date: second.d, p_services: ['dinner'], p_reason: null }));
  await must(owner.client.rpc('close_services', { p_restaurant_id: owner.restaurantId, p_date: first.d, p_services: ['dinner', 'lunch'], p_reason: 'Inventaire' }));
  const again = await must(owner.client.rpc('close_services', { p_restaurant_id: owner.restaurantId, p_date: first.d, p_services: ['lunch'], p_reason: 'Congés' }));
  expect(again).toHaveLength(1);
  const knowledge = (await must(owner.client.rpc('assistant_knowledge', { p_restaurant_id: owner.restaurantId }))) as { version: number; closures: unknown };
  expect(knowledge.version).toBe(2);
  expect(knowledge.closures).toEqual([
    { date: first.d, services: ['lunch', 'dinner'], reason: 'Congés, Inventaire' },
    { date: second.d, services: ['dinner'], reason: null },
  ]);
});

test.each([
  ['a past date', { p_date: '2020-01-06', p_services: ['dinner'] }, 'Cette date est déjà passée : choisissez une date à venir'],
  ['no service', { p_services: [] }, 'Choisissez le service à fermer : midi, soir ou les deux'],
  ['an unknown service', { p_services: ['breakfast'] }, 'Choisissez le service à fermer : midi, soir ou les deux'],
  ['a reason over 200 characters', { p_services: ['lunch'], p_reason: 'x'.repeat(201) }, 'Le motif ne doit pas dépasser 200 caractères'],
])('refuses %s in French, changing nothing', async (_, args, message) => {
  const owner = await restaurant('closure-bad');
  const [day] = await mondays();
  const before = await restaurantSnapshot(owner.restaurantId);
  const result = await owner.client.rpc('close_services', { p_restaurant_id: owner.restaurantId, p_date: day.d, p_reason: null, ...args });
  expect(result).toMatchObject({ status: 400, error: { code: '22023', message } });
  expect(await restaurantSnapshot(owner.restaurantId)).toBe(before);
});

test('anonymous and another owner neither read, close, change nor reopen a restaurant’s closures', async () => {
  const victim = await restaurant('closure-victim');
  const [day, next] = await mondays();
  await must(victim.client.rpc('close_services', { p_restaurant_id: victim.restaurantId, p_date: day.d, p_services: ['dinner'], p_reason: 'Privé' }));
  const before = await restaurantSnapshot(victim.restaurantId);
  const other = await newOwner('closure-attacker');
  for (const [who, c] of [
    ['anonymous', anon()],
    ['another owner', other.client],
  ] as const) {
    expect({ who, rows: (await c.from('restaurant_closures').select('*').eq('restaurant_id', victim.restaurantId)).data ?? [] }).toEqual({ who, rows: [] });
    const viaRpc = await c.rpc('close_services', { p_restaurant_id: victim.restaurantId, p_date: next.d, p_services: ['lunch'], p_reason: 'Piraté' });
    expect({ who, refused: viaRpc.error !== null }).toEqual({ who, refused: true });
    const inserted = await c.from('restaurant_closures').insert({ restaurant_id: victim.restaurantId, closure_date: next.d, service: 'lunch' }).select();
    expect({ who, refused: inserted.error !== null }).toEqual({ who, refused: true });
    const updated = await c.from('restaurant_closures').update({ reason: 'Piraté' }).eq('restaurant_id', victim.restaurantId).select();
    expect({ who, rows: updated.data ?? [] }).toEqual({ who, rows: [] });
    const deleted = await c.from('restaurant_closures').delete().eq('restaurant_id', victim.restaurantId).select();
    expect({ who, rows: deleted.data ?? [] }).toEqual({ who, rows: [] });
  }
  expect(await restaurantSnapshot(victim.restaurantId)).toBe(before);
});
