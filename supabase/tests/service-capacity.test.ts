import { anon, newOwner, withDb } from '../../local-supabase/test/clients';
import { must, restaurantSnapshot, sample } from '../../local-supabase/test/fixtures';

/**
 * 'Capacité du service (couverts)', per service and per day, optional (null: no limit),
 * validated by save_restaurant_hours like the other service fields, and only the owner's to write.
 */
async function ownerWithRestaurant(label: string) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert({ name: label }).select('id').single());
  return { ...owner, restaurantId: id as string };
}

const withCapacities = (lunch: unknown, dinner: unknown) => ({
  ...sample.hours,
  days: sample.hours.days.map((d, i) => ({
    ...d,
    lunchService: { ...d.lunchService, capacity: i === 0 ? lunch : null },
    dinnerService: { ...d.dinnerService, capacity: dinner },
  })),
});

const capacities = (restaurantId: string) =>
  withDb(async (db) => (await db.query('select day, lunch_capacity, dinner_capacity from restaurant_hours where restaurant_id = $1 order by day', [restaurantId])).rows);

test('stored per day and service; empty is no limit', async () => {
  const owner = await ownerWithRestaurant('capacity-ok');
  await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: withCapacities(40, 120) }));
  const rows = await capacities(owner.restaurantId);
  const first = sample.hours.days[0].day;
  expect(rows.length).toBeGreaterThan(1);
  for (const row of rows) expect(row).toMatchObject({ lunch_capacity: row.day === first ? 40 : null, dinner_capacity: 120 });
  // Without the field at all (an older client): no limit.
  await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: sample.hours }));
  expect((await capacities(owner.restaurantId)).every((r) => r.lunch_capacity === null && r.dinner_capacity === null)).toBe(true);
});

test.each([0, -5, 1000, 12.5, '40', true])('refuses %p with a French message, changing nothing', async (bad) => {
  const owner = await ownerWithRestaurant('capacity-bad');
  await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: withCapacities(30, 60) }));
  const before = await restaurantSnapshot(owner.restaurantId);
  const result = await owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: withCapacities(bad, 60) });
  expect(result).toMatchObject({
    status: 400,
    error: { code: '22023', message: 'Service midi : la capacité doit être un nombre entier de couverts entre 1 et 999 (vide : sans limite)' },
  });
  expect(await restaurantSnapshot(owner.restaurantId)).toBe(before);
});

test('written straight into the table, an impossible capacity is refused by the table itself', async () => {
  const owner = await ownerWithRestaurant('capacity-direct');
  const insert = await owner.client.from('restaurant_hours').insert({ restaurant_id: owner.restaurantId, day: 'monday', dinner_capacity: 0 });
  expect(insert.error?.code).toBe('23514');
});

test('another owner and anonymous cannot set a restaurant’s capacity', async () => {
  const victim = await ownerWithRestaurant('capacity-victim');
  await must(victim.client.rpc('save_restaurant_hours', { p_restaurant_id: victim.restaurantId, p_hours: withCapacities(30, 60) }));
  const before = await restaurantSnapshot(victim.restaurantId);
  const other = await newOwner('capacity-other');
  const viaRpc = await other.client.rpc('save_restaurant_hours', { p_restaurant_id: victim.restaurantId, p_hours: withCapacities(999, 999) });
  expect(viaRpc.status).toBe(403);
  const viaTable = await other.client.from('restaurant_hours').update({ dinner_capacity: 999 }).eq('restaurant_id', victim.restaurantId).select('id');
  expect(viaTable.data ?? []).toEqual([]);
  const anonymous = await anon().rpc('save_restaurant_hours', { p_restaurant_id: victim.restaurantId, p_hours: withCapacities(999, 999) });
  expect(anonymous.error).not.toBeNull();
  expect(await restaurantSnapshot(victim.restaurantId)).toBe(before);
});
