import { newOwner, withDb } from '../../local-supabase/test/clients';
import { fillProfile, must, restaurantSnapshot, sample } from '../../local-supabase/test/fixtures';
import { submitGroupRequest } from '../../local-supabase/test/reservations';

/**
 * Issue 30, item 6: a service may end after midnight (a dinner 19:00 → 00:30), everywhere. Its hours
 * are saved, its groups arrive on its own date (from its start to 23:45: private.is_service_slot), a
 * request at 23:30 is taken, and the acceptance check does not call it outside the hours. An end
 * equal to the start, or after midnight later than 06:00 (two times typed the wrong way round), is
 * refused in French, by the save and by the table itself.
 */
async function lateRestaurant(label: string, dinner: { from: string; to: string; arrivalTimes: string[] } = { from: '19:00', to: '00:30', arrivalTimes: ['19:00', '23:30'] }) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert({ name: label }).select('id').single());
  const restaurantId = id as string;
  await fillProfile(owner.client, restaurantId, label);
  await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: restaurantId, p_hours: withDinner(dinner.from, dinner.to, dinner.arrivalTimes) }));
  return { ...owner, restaurantId };
}

/** The sample's hours (Monday, Tuesday, Friday), every dinner open with these hours. */
function withDinner(from: string, to: string, arrivalTimes: string[], lunch?: { from: string; to: string }) {
  return {
    ...sample.hours,
    days: sample.hours.days.map((d) => ({
      ...d,
      lunchService: lunch ? { ...d.lunchService, hours: lunch, arrivalTimes: [] } : d.lunchService,
      dinnerService: { ...d.dinnerService, isOpen: true, hours: { from, to }, arrivalTimes },
    })),
  };
}

/** The next Monday, Tuesday or Friday (the sample's open days), from tomorrow in Paris. */
const nextOpenDate = () =>
  withDb(
    async (db) =>
      (
        await db.query<{ d: string }>(
          `select to_char(d, 'YYYY-MM-DD') as d from generate_series((now() at time zone 'Europe/Paris')::date + 1, (now() at time zone 'Europe/Paris')::date + 8, interval '1 day') d
            where extract(isodow from d) in (1, 2, 5) order by d limit 1`,
        )
      ).rows[0].d,
  );

test('a dinner 19:00 → 00:30 is saved, with its arrival times up to 23:45', async () => {
  const owner = await lateRestaurant('late-saved', { from: '19:00', to: '00:30', arrivalTimes: ['19:00', '23:30', '23:45'] });
  const rows = await withDb(
    async (db) =>
      (
        await db.query(
          `select to_char(h.dinner_to_time, 'HH24:MI') as "to",
                  (select array_agg(to_char(t.arrival_time, 'HH24:MI') order by t.arrival_time) from restaurant_arrival_times t
                    where t.restaurant_id = h.restaurant_id and t.day = h.day and t.service = 'dinner') as times
             from restaurant_hours h where h.restaurant_id = $1 and h.day = 'monday'`,
          [owner.restaurantId],
        )
      ).rows,
  );
  expect(rows).toEqual([{ to: '00:30', times: ['19:00', '23:30', '23:45'] }]);
  const knowledge = await must(owner.client.rpc('assistant_knowledge', { p_restaurant_id: owner.restaurantId }));
  const monday = (knowledge as { days: { day: string; services: { service: string; from: string; to: string }[] }[] }).days.find((d) => d.day === 'monday');
  expect(monday?.services.find((s) => s.service === 'dinner')).toMatchObject({ from: '19:00', to: '00:30' });
});

test('proposes arrivals on the service’s date: 19:00 → 02:00 gives 19:00 … 23:30', async () => {
  const [row] = await withDb(async (db) => (await db.query(`select array(select to_char(t, 'HH24:MI') from unnest(private.default_arrival_times('19:00', '02:00')) t) as times`)).rows);
  expect(row.times).toEqual(['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30']);
});

test('a request at 23:30 for that dinner is taken, and is not outside the hours', async () => {
  const owner = await lateRestaurant('late-request');
  const date = await nextOpenDate();
  const request = await submitGroupRequest(owner.restaurantId, { date, arrival_time: '23:30', adults: 12 });
  expect(request.answer.acceptance).toMatchObject({ service: 'dinner', outside_hours: false, to_time: '00:30:00' });
  const early = await submitGroupRequest(owner.restaurantId, { date, arrival_time: '19:00', adults: 12 });
  expect(early.answer.acceptance).toMatchObject({ outside_hours: false });
});

test.each([
  ['an end equal to the start', '19:00', '19:00', 'Lundi, service soir : l’heure de fin (19:00) doit être après l’heure de début (19:00), ou après minuit jusqu’à 06:00'],
  ['an end after midnight later than 06:00', '19:00', '07:00', 'Lundi, service soir : l’heure de fin (07:00) doit être après l’heure de début (19:00), ou après minuit jusqu’à 06:00'],
])('refuses %s in French, changing nothing', async (_, from, to, message) => {
  const owner = await lateRestaurant('late-refused');
  const before = await restaurantSnapshot(owner.restaurantId);
  const result = await owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: withDinner(from, to, [from]) });
  expect(result).toMatchObject({ status: 400, error: { code: '22023', message: message.replace(/’/g, "'") } });
  expect(await restaurantSnapshot(owner.restaurantId)).toBe(before);
});

test('a lunch typed the wrong way round (14:00 → 12:00) is refused; a closed service keeps its hours unchecked', async () => {
  const owner = await lateRestaurant('late-lunch');
  const swapped = await owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: withDinner('19:00', '00:30', [], { from: '14:00', to: '12:00' }) });
  expect(swapped.error?.message).toBe("Lundi, service midi : l'heure de fin (12:00) doit être après l'heure de début (14:00), ou après minuit jusqu'à 06:00");
  const closed = withDinner('19:00', '00:30', []);
  closed.days = closed.days.map((d) => ({ ...d, lunchService: { ...d.lunchService, isOpen: false, hours: { from: '14:00', to: '12:00' }, arrivalTimes: [] } }));
  await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: closed }));
});

test('written straight into the table, an impossible open service is refused by the table itself', async () => {
  const owner = await newOwner('late-direct');
  const { id } = await must(owner.client.from('restaurants').insert({ name: 'late-direct' }).select('id').single());
  await must(owner.client.from('restaurant_hours').delete().eq('restaurant_id', id));
  const bad = await owner.client.from('restaurant_hours').insert({ restaurant_id: id, day: 'monday', dinner_from_time: '19:00', dinner_to_time: '08:00' });
  expect(bad.error?.code).toBe('23514');
  await must(owner.client.from('restaurant_hours').insert({ restaurant_id: id, day: 'monday', dinner_from_time: '19:00', dinner_to_time: '00:30' }).select('id'));
});
