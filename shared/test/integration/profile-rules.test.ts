/**
 * Rules of the restaurant profile that SQL and TypeScript both need live once in SQL; the kernel's
 * constants mirror them (the screens cannot ask the database for their choices before they render)
 * and must say the same.
 */
import { DEFAULT_RESPONSE_TIME, RESPONSE_TIME_OPTIONS } from '../../src/constants';
import { withDb } from '../../../local-supabase/test/clients';

describe('response times (private.response_times)', () => {
  it('the Informations choices are the table’s codes and labels, in its order', async () => {
    const rows = await withDb(async (db) => (await db.query<{ value: string; label: string }>('select code as value, label from private.response_times order by position')).rows);
    expect(rows).toEqual(RESPONSE_TIME_OPTIONS.map((o) => ({ value: o.value, label: o.label })));
  });

  it('the default response time is the table’s, and the column’s', async () => {
    const [row] = await withDb(async (db) =>
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
    const [row] = await withDb(async (db) =>
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
