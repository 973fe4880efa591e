import { newOwner, withDb } from '../../local-supabase/test/clients';
import { must, sample } from '../../local-supabase/test/fixtures';

/** Rows of one table for one restaurant, counted as superuser. */
async function count(table: string, restaurantId: string): Promise<number> {
  return withDb(async (db) => Number((await db.query(`select count(*) from public.${table} where restaurant_id = $1`, [restaurantId])).rows[0].count));
}

async function ownerWithRestaurant(label: string) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert({ name: label }).select('id').single());
  return { ...owner, restaurantId: id as string };
}

/**
 * Two tabs, or a retry after a lost answer, send the same whole-list save at once. Each save
 * replaces the list, so the result must be the list once, as if the saves ran one after the other.
 */
describe('identical saves sent at the same time end as if run one after the other', () => {
  it('10 parallel saves of two new options leave two options', async () => {
    const owner = await ownerWithRestaurant('parallel-options');
    for (let trial = 0; trial < 3; trial += 1) {
      const calls = Array.from({ length: 10 }, () => owner.client.rpc('save_restaurant_options', { p_restaurant_id: owner.restaurantId, p_options: sample.options }));
      for (const { error } of await Promise.all(calls)) expect(error).toBeNull();
      expect(await count('restaurant_options', owner.restaurantId)).toBe(2);
    }
  });

  it('5 parallel saves of the menus leave each menu once, with its items once', async () => {
    const owner = await ownerWithRestaurant('parallel-menus');
    const calls = Array.from({ length: 5 }, () => owner.client.rpc('save_restaurant_menus', { p_restaurant_id: owner.restaurantId, p_menus: sample.menus }));
    for (const { error } of await Promise.all(calls)) expect(error).toBeNull();
    expect(await count('restaurant_menus', owner.restaurantId)).toBe(sample.menus.length);
    const items = await withDb(async (db) =>
      Number((await db.query('select count(*) from public.menu_items i join public.restaurant_menus m on m.id = i.menu_id where m.restaurant_id = $1', [owner.restaurantId])).rows[0].count),
    );
    expect(items).toBe(sample.menus.reduce((n, m) => n + m.items.length, 0));
  });

  it('a save waits for another in progress on the same restaurant, not for one on another restaurant', async () => {
    const a = await ownerWithRestaurant('lock-a');
    const b = await ownerWithRestaurant('lock-b');
    // Hold restaurant A's save lock from a transaction of A's owner, as a slow save would.
    await withDb(async (db) => {
      await db.query('begin');
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: a.userId, role: 'authenticated' })]);
      await db.query("select private.assert_role($1, 'manager')", [a.restaurantId]);
      let aDone = false;
      const saveA = a.client.rpc('save_restaurant_options', { p_restaurant_id: a.restaurantId, p_options: sample.options }).then((r) => {
        aDone = true;
        return r;
      });
      // B's save is not held up by A's lock.
      expect((await b.client.rpc('save_restaurant_options', { p_restaurant_id: b.restaurantId, p_options: sample.options })).error).toBeNull();
      // A's save is waiting on the lock: PostgreSQL shows a backend blocked by ours.
      await waitFor(async () => Number((await db.query('select count(*) from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))')).rows[0].count) > 0);
      expect(aDone).toBe(false);
      await db.query('commit');
      expect((await saveA).error).toBeNull();
    });
    expect(await count('restaurant_options', a.restaurantId)).toBe(2);
  });
});

async function waitFor(condition: () => Promise<boolean>, seconds = 15): Promise<void> {
  const end = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
