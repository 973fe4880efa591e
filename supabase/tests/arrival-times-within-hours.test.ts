import { anon, newOwner, withDb } from '../../local-supabase/test/clients';
import { must, restaurantSnapshot, sample } from '../../local-supabase/test/fixtures';

/**
 * One rule for the form and the database: save_restaurant_hours stores an arrival time only among the slots of its
 * own open service (private.is_service_slot: quarter hours from the start up to, not including, the end;
 * a dinner may end after midnight, its groups arriving on its date, by 23:45). Anything else is refused with a French message naming the day, the
 * service and the time, and nothing changes.
 */
async function ownerWithRestaurant(label: string) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert({ name: label }).select('id').single());
  return { ...owner, restaurantId: id as string };
}

type Service = (typeof sample.hours.days)[number]['lunchService'];

/** The sample's hours with Tuesday's lunch (or dinner) given these hours and arrival times. */
function withTuesday(key: 'lunchService' | 'dinnerService', from: string, to: string, arrivalTimes: string[], isOpen = true) {
  return {
    ...sample.hours,
    days: sample.hours.days.map((d) => (d.day === 'tuesday' ? { ...d, [key]: { ...(d[key] as Service), isOpen, hours: { from, to }, arrivalTimes } } : d)),
  };
}

const arrivals = (restaurantId: string) =>
  withDb(
    async (db) =>
      (
        await db.query(`select day, service, to_char(arrival_time, 'HH24:MI') as time from restaurant_arrival_times where restaurant_id = $1 and day = 'tuesday' order by service, arrival_time`, [
          restaurantId,
        ])
      ).rows,
  );

test('arrival times within their service are stored, a dinner past midnight included (arrivals on its date)', async () => {
  const owner = await ownerWithRestaurant('arrivals-ok');
  const hours = withTuesday('dinnerService', '22:00', '01:00', ['22:00', '23:30', '23:45']);
  await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: hours }));
  expect(await arrivals(owner.restaurantId)).toEqual([
    { day: 'tuesday', service: 'dinner', time: '22:00' },
    { day: 'tuesday', service: 'dinner', time: '23:30' },
    { day: 'tuesday', service: 'dinner', time: '23:45' },
    { day: 'tuesday', service: 'lunch', time: '12:15' },
  ]);
});

test.each([
  ['an evening time for a lunch', 'lunchService', '12:15', '14:30', '18:00', 'Mardi, service midi : l’heure d’arrivée 18:00 est en dehors des horaires du service (12:15 – 14:30)'],
  ['the closing time itself', 'lunchService', '12:15', '14:30', '14:30', 'Mardi, service midi : l’heure d’arrivée 14:30 est en dehors des horaires du service (12:15 – 14:30)'],
  ['a time before the opening', 'lunchService', '12:15', '14:30', '12:00', 'Mardi, service midi : l’heure d’arrivée 12:00 est en dehors des horaires du service (12:15 – 14:30)'],
  ['past the end of a dinner after midnight', 'dinnerService', '22:00', '01:00', '01:00', 'Mardi, service soir : l’heure d’arrivée 01:00 est en dehors des horaires du service (22:00 – 01:00)'],
  [
    'after midnight, before the end of a dinner (arrivals are on its date)',
    'dinnerService',
    '22:00',
    '01:00',
    '00:15',
    'Mardi, service soir : l’heure d’arrivée 00:15 est en dehors des horaires du service (22:00 – 01:00)',
  ],
  ['the afternoon for a dinner after midnight', 'dinnerService', '22:00', '01:00', '15:00', 'Mardi, service soir : l’heure d’arrivée 15:00 est en dehors des horaires du service (22:00 – 01:00)'],
] as const)('refuses %s with a French message, changing nothing', async (_, key, from, to, time, message) => {
  const owner = await ownerWithRestaurant('arrivals-outside');
  await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: sample.hours }));
  const before = await restaurantSnapshot(owner.restaurantId);
  const result = await owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: withTuesday(key, from, to, [from, time]) });
  expect(result).toMatchObject({ status: 400, error: { code: '22023', message: message.replace(/’/g, "'") } });
  expect(await restaurantSnapshot(owner.restaurantId)).toBe(before);
});

test('a closed service keeps no arrival times, so none is checked', async () => {
  const owner = await ownerWithRestaurant('arrivals-closed');
  await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: withTuesday('lunchService', '12:15', '14:30', ['18:00'], false) }));
  expect((await arrivals(owner.restaurantId)).filter((r) => r.service === 'lunch')).toEqual([]);
});

test('another owner and anonymous are refused, and change nothing', async () => {
  const victim = await ownerWithRestaurant('arrivals-victim');
  await must(victim.client.rpc('save_restaurant_hours', { p_restaurant_id: victim.restaurantId, p_hours: sample.hours }));
  const before = await restaurantSnapshot(victim.restaurantId);
  const hours = withTuesday('lunchService', '12:15', '14:30', ['12:15', '13:00']);
  const other = await newOwner('arrivals-other');
  const viaOther = await other.client.rpc('save_restaurant_hours', { p_restaurant_id: victim.restaurantId, p_hours: hours });
  expect(viaOther).toMatchObject({ status: 403, error: { code: '42501' } });
  const anonymous = await anon().rpc('save_restaurant_hours', { p_restaurant_id: victim.restaurantId, p_hours: hours });
  expect(anonymous.error).not.toBeNull();
  expect(await restaurantSnapshot(victim.restaurantId)).toBe(before);
});

test('written straight into the tables, the rule holds too: an arrival outside, or hours shrunk under their arrivals, are refused', async () => {
  const owner = await ownerWithRestaurant('arrivals-direct');
  await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: sample.hours }));
  const before = await restaurantSnapshot(owner.restaurantId);
  // Tuesday's lunch is 11:45–14:30.
  const inserted = await owner.client.from('restaurant_arrival_times').insert({ restaurant_id: owner.restaurantId, day: 'tuesday', service: 'lunch', arrival_time: '18:00' });
  expect(inserted.error).toMatchObject({ code: '22023', message: "Mardi, service midi : l'heure d'arrivée 18:00 est en dehors des horaires du service (11:45 – 14:30)" });
  const moved = await owner.client.from('restaurant_arrival_times').update({ arrival_time: '15:00' }).eq('restaurant_id', owner.restaurantId).eq('day', 'tuesday').eq('service', 'lunch');
  expect(moved.error?.code).toBe('22023');
  // Its 12:15 arrival would fall outside a lunch that starts at 12:30.
  const shrunk = await owner.client.from('restaurant_hours').update({ lunch_from_time: '12:30' }).eq('restaurant_id', owner.restaurantId).eq('day', 'tuesday');
  expect(shrunk.error).toMatchObject({ code: '22023', message: "Mardi, service midi : l'heure d'arrivée 12:15 est en dehors des horaires du service (12:30 – 14:30)" });
  expect(await restaurantSnapshot(owner.restaurantId)).toBe(before);
  // Within the hours, a direct write is fine.
  await must(owner.client.from('restaurant_arrival_times').insert({ restaurant_id: owner.restaurantId, day: 'tuesday', service: 'lunch', arrival_time: '13:00' }));
});
