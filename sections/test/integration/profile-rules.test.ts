/**
 * Rules of the restaurant profile that SQL and TypeScript both need live once in SQL; the sections'
 * constants mirror them (the screens cannot ask the database for their choices before they render)
 * and must say the same.
 */
import { DEFAULT_DINNER_HOURS, DEFAULT_LUNCH_HOURS, DEFAULT_RESPONSE_TIME, RESPONSE_TIME_OPTIONS } from '../../src/constants';
import { newOwner, withDb } from '../../../local-supabase/test/clients';

describe('response times (private.response_times)', () => {
  it('the Informations choices are the table’s codes and labels, in its order', async () => {
    const rows = await withDb(async (db) => (await db.query<{ value: string; label: string }>('select code as value, label from private.response_times order by position')).rows);
    expect(rows).toEqual(RESPONSE_TIME_OPTIONS.map((o) => ({ value: o.value, label: o.label })));
  });

  it('the default response time is the table’s, and the column’s', async () => {
    const [row] = await withDb(
      async (db) =>
        (
          await db.query<{ table_default: string; column_default: string }>(
            `select private.default_response_time() as table_default,
                  (select c.column_default from information_schema.columns c
                    where c.table_schema = 'public' and c.table_name = 'restaurant_contacts' and c.column_name = 'response_time') as column_default`,
          )
        ).rows,
    );
    expect(row.table_default).toBe(DEFAULT_RESPONSE_TIME);
    expect(row.column_default).toBe('private.default_response_time()');
  });

  it('the contacts’ closed list is the table’s codes', async () => {
    const [row] = await withDb(
      async (db) =>
        (
          await db.query<{ definition: string; codes: string[] }>(
            `select pg_get_constraintdef(oid) as definition, (select array_agg(code order by code) from private.response_times) as codes
             from pg_constraint where conname = 'restaurant_contacts_response_time_check'`,
          )
        ).rows,
    );
    expect([...row.definition.matchAll(/'([^']+)'::text/g)].map((m) => m[1]).sort()).toEqual(row.codes);
  });
});

describe('default service hours (private.default_service_hours)', () => {
  it('the new service’s hours of the forms are the function’s', async () => {
    const rows = await withDb(
      async (db) =>
        (
          await db.query<{ service: string; from: string; to: string }>(
            `select s.service, to_char(h.from_time, 'HH24:MI') as from, to_char(h.to_time, 'HH24:MI') as to
             from unnest(array['lunch', 'dinner']) s(service), private.default_service_hours(s.service) h`,
          )
        ).rows,
    );
    expect(rows).toEqual([
      { service: 'lunch', ...DEFAULT_LUNCH_HOURS },
      { service: 'dinner', ...DEFAULT_DINNER_HOURS },
    ]);
  });

  it('the hours columns take their defaults from it', async () => {
    const defaults = await withDb(
      async (db) =>
        (
          await db.query<{ column_name: string; column_default: string }>(
            `select column_name, column_default from information_schema.columns
            where table_schema = 'public' and table_name = 'restaurant_hours' and column_name ~ '^(lunch|dinner)_(from|to)_time$'
            order by column_name`,
          )
        ).rows,
    );
    expect(defaults).toEqual(
      ['dinner_from_time', 'dinner_to_time', 'lunch_from_time', 'lunch_to_time'].map((column) => {
        const [service, end] = column.split('_');
        return { column_name: column, column_default: `(private.default_service_hours('${service}'::text)).${end}_time` };
      }),
    );
  });

  it('a service saved without hours gets them', async () => {
    const owner = await newOwner('default-hours');
    const { data: restaurant, error } = await owner.client.from('restaurants').insert({ name: 'Horaires par défaut' }).select('id').single();
    if (error) throw error;
    const saved = await owner.client.rpc('save_restaurant_hours', {
      p_restaurant_id: restaurant.id,
      p_hours: { daysOpen: ['monday'], days: [{ day: 'monday', lunchService: { isOpen: true }, dinnerService: { isOpen: true } }] },
    });
    expect(saved.error).toBeNull();
    const [hours] = await withDb(
      async (db) =>
        (
          await db.query(
            `select to_char(lunch_from_time, 'HH24:MI') as lunch_from, to_char(lunch_to_time, 'HH24:MI') as lunch_to,
                  to_char(dinner_from_time, 'HH24:MI') as dinner_from, to_char(dinner_to_time, 'HH24:MI') as dinner_to
             from public.restaurant_hours where restaurant_id = $1`,
            [restaurant.id],
          )
        ).rows,
    );
    expect(hours).toEqual({ lunch_from: DEFAULT_LUNCH_HOURS.from, lunch_to: DEFAULT_LUNCH_HOURS.to, dinner_from: DEFAULT_DINNER_HOURS.from, dinner_to: DEFAULT_DINNER_HOURS.to });
  });
});
