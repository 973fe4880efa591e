import { randomUUID } from 'node:crypto';
import { newOwner, withDb } from '../../local-supabase/test/clients';
import { must, restaurantSnapshot, sample } from '../../local-supabase/test/fixtures';
import { insertReservationAsSuperuser } from '../../local-supabase/test/reservations';

async function ownerWithRestaurant(label: string) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert({ name: label }).select('id').single());
  return { ...owner, restaurantId: id as string };
}

const NOT_AMOUNTS = ['NaN', 'Infinity', '-Infinity', 'abc', -1, 1e12];

describe('an amount is a finite number of euros, zero or more', () => {
  it.each(NOT_AMOUNTS)('refuses %p as an option price, a menu price and a privatization amount, with a French message, changing nothing', async (price) => {
    const owner = await ownerWithRestaurant('amounts');
    const p_restaurant_id = owner.restaurantId;
    await must(owner.client.rpc('save_restaurant_options', { p_restaurant_id, p_options: sample.options }));
    const before = await restaurantSnapshot(p_restaurant_id);

    const option = await owner.client.rpc('save_restaurant_options', { p_restaurant_id, p_options: [{ title: 'Vestiaire', price, priceType: 'total' }] });
    expect(option).toMatchObject({ status: 400, error: { code: '22023', message: 'Option « Vestiaire » : le prix doit être un montant positif ou nul' } });

    const menu = await owner.client.rpc('save_restaurant_menus', { p_restaurant_id, p_menus: [{ ...sample.menus[0], pricePerPerson: price }] });
    expect(menu).toMatchObject({ status: 400, error: { code: '22023', message: 'Menu « Menu Découverte » : le prix doit être un montant positif ou nul' } });

    const day = sample.hours.days[0];
    const hours = { ...sample.hours, days: [{ ...day, lunchService: { ...day.lunchService, partialPrivatizationAmount: price } }] };
    const saved = await owner.client.rpc('save_restaurant_hours', { p_restaurant_id, p_hours: hours });
    expect(saved).toMatchObject({ status: 400, error: { code: '22023', message: 'Service midi : le montant de privatisation doit être un montant positif ou nul' } });

    expect(await restaurantSnapshot(p_restaurant_id)).toBe(before);
  });

  it('refuses NaN written straight into every amount column, even by the superuser', async () => {
    const owner = await ownerWithRestaurant('amounts-direct');
    const restaurant_id = owner.restaurantId;
    const billing = await owner.client
      .from('restaurant_billing')
      .upsert({ restaurant_id, requires_deposit: true, deposit_method: 'acompte', deposit_type: 'fixed', deposit_amount: 'NaN' }, { onConflict: 'restaurant_id' });
    expect(billing.error?.code).toBe('23514');
    const option = await owner.client.from('restaurant_options').insert({ restaurant_id, title: 'Vestiaire', price: 'NaN' });
    expect(option.error?.code).toBe('23514');
    const menu = await owner.client.from('restaurant_menus').insert({ restaurant_id, name: 'Menu', price_per_person: 'NaN' });
    expect(menu.error?.code).toBe('23514');
    // Even the superuser, the one role that may still write a row directly, cannot store NaN (submit_group_request computes its totals).
    const reservation = insertReservationAsSuperuser({ restaurant_id, number_people: 10, reservation_date: '2026-12-01', total_amount: 'NaN' });
    await expect(reservation).rejects.toMatchObject({ code: '23514' });
    expect((await withDb((db) => db.query('select 1 from restaurant_reservations where restaurant_id = $1', [restaurant_id]))).rowCount).toBe(0);
    const infinite = await owner.client.from('restaurant_options').insert({ restaurant_id, title: 'Vestiaire', price: 'Infinity' });
    expect(infinite.error).not.toBeNull();
    expect(await must(owner.client.from('restaurant_options').select('id').eq('restaurant_id', restaurant_id))).toEqual([]);
  });

  it('keeps real prices, zero included, to the cent', async () => {
    const owner = await ownerWithRestaurant('amounts-ok');
    await must(
      owner.client.rpc('save_restaurant_options', {
        p_restaurant_id: owner.restaurantId,
        p_options: [
          { title: 'Eau', price: 0, priceType: 'per_person' },
          { title: 'Salle', price: '150.5', priceType: 'total' },
        ],
      }),
    );
    const rows = await must(owner.client.from('restaurant_options').select('title, price').eq('restaurant_id', owner.restaurantId).order('display_order'));
    expect(rows).toEqual([
      { title: 'Eau', price: 0 },
      { title: 'Salle', price: 150.5 },
    ]);
  });
});

describe('not found is HTTP 404, with its French message', () => {
  it.each(['save_restaurant_information', 'save_restaurant_options', 'save_restaurant_cgv'])('%s on a restaurant that does not exist', async (fn) => {
    const owner = await newOwner('not-found');
    const args: Record<string, unknown> = { p_restaurant_id: randomUUID() };
    const payload = { save_restaurant_information: ['p_information', {}], save_restaurant_options: ['p_options', []], save_restaurant_cgv: ['p_cgv', sample.cgv] }[fn]!;
    args[payload[0] as string] = payload[1];
    const result = await owner.client.rpc(fn, args);
    expect(result).toMatchObject({ status: 404, error: { code: 'P0002', message: 'Restaurant non trouvé' } });
  });

  it('delete_restaurant_photo on a photo that does not exist', async () => {
    const owner = await newOwner('photo-not-found');
    const result = await owner.client.rpc('delete_restaurant_photo', { photo_id: randomUUID(), user_id: owner.userId });
    expect(result).toMatchObject({ status: 404, error: { code: 'P0002', message: 'Photo non trouvée' } });
  });

  it('another owner still gets 403, not 404, on an existing restaurant', async () => {
    const victim = await ownerWithRestaurant('victim-403');
    const other = await newOwner('other-403');
    const result = await other.client.rpc('save_restaurant_options', { p_restaurant_id: victim.restaurantId, p_options: [] });
    expect(result).toMatchObject({ status: 403, error: { code: '42501', message: 'Accès non autorisé à ce restaurant' } });
  });
});

describe('free text has a generous length limit', () => {
  it('refuses a name of 201 characters and a description of 10 001, stores 200 and 10 000', async () => {
    const owner = await ownerWithRestaurant('lengths');
    const p_restaurant_id = owner.restaurantId;
    const before = await restaurantSnapshot(p_restaurant_id);
    const tooLong = await owner.client.rpc('save_restaurant_information', { p_restaurant_id, p_information: { name: 'é'.repeat(201) } });
    expect(tooLong).toMatchObject({ status: 400, error: { code: '23514' } });
    expect(tooLong.error?.message).toContain('restaurants_name_max_200');
    const description = await owner.client
      .from('restaurants')
      .update({ description: 'x'.repeat(10_001) })
      .eq('id', p_restaurant_id);
    expect(description.error?.message).toContain('restaurants_description_max_10000');
    expect(await restaurantSnapshot(p_restaurant_id)).toBe(before);

    await must(owner.client.rpc('save_restaurant_information', { p_restaurant_id, p_information: { name: 'é'.repeat(200), description: 'x'.repeat(10_000) } }));
    const stored = await must(owner.client.from('restaurants').select('name, description').eq('id', p_restaurant_id).single());
    expect([stored.name.length, stored.description.length]).toEqual([200, 10_000]);
  });

  // Generated columns (restaurant_reservations.search_text) take no input: they are as long as the
  // bounded columns they are made of.
  it('every text column of every public table that takes input is bounded by a check constraint', async () => {
    const unbounded = await withDb(async (db) => {
      const { rows } = await db.query(`
        select c.table_name || '.' || c.column_name as col
          from information_schema.columns c
          join information_schema.tables t using (table_schema, table_name)
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.data_type = 'text' and c.is_generated = 'NEVER'
           and not exists (
             select 1 from pg_constraint k
              where k.conrelid = format('public.%I', c.table_name)::regclass and k.contype = 'c'
                and (select a.attnum from pg_attribute a where a.attrelid = k.conrelid and a.attname = c.column_name) = any (k.conkey))
         order by 1`);
      return rows.map((r) => r.col as string);
    });
    expect(unbounded).toEqual([]);
  });
});
