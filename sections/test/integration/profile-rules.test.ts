/**
 * Rules of the restaurant profile that SQL and TypeScript both need live once in SQL; the sections'
 * constants mirror them (the screens cannot ask the database for their choices before they render)
 * and must say the same.
 */
import { DEFAULT_DINNER_HOURS, DEFAULT_LUNCH_HOURS, DEFAULT_RESPONSE_TIME, RESPONSE_TIME_OPTIONS } from '../../src/constants';
import { newOwner, withDb } from '../../../local-supabase/test/clients';
import { isE164 } from '@tablee/domain/phone';
import { isOneLine, ONE_LINE_COLUMNS, TEXT_MAX } from '../../src/field-rules';
import { siretError, vatError } from '../../src/billing/rules';

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

describe('the text fields’ rules (field-rules.ts) are the database’s', () => {
  it('each maximum is its column’s check <table>_<column>_max_<N>, for every bounded column of the profile’s tables', async () => {
    const rows = await withDb(
      async (db) =>
        (
          await db.query<{ table: string; constraint: string }>(
            `select c.conrelid::regclass::text as table, c.conname as constraint from pg_constraint c
              where c.contype = 'c' and c.conrelid::regclass::text = any($1) and c.conname ~ '_max_[0-9]+$'`,
            [
              Object.keys(TEXT_MAX)
                .map((t) => `public.${t}`)
                .concat(Object.keys(TEXT_MAX)),
            ],
          )
        ).rows,
    );
    const fromDatabase: Record<string, Record<string, number>> = {};
    for (const { table, constraint } of rows) {
      const name = table.replace(/^public\./, '');
      const [, column, max] = /^(.*)_max_(\d+)$/.exec(constraint.slice(name.length + 1))!;
      (fromDatabase[name] ??= {})[column] = Number(max);
    }
    expect(fromDatabase).toEqual(TEXT_MAX);
  });

  it('the one-line columns are those with a <table>_<column>_one_line check', async () => {
    const rows = await withDb(
      async (db) =>
        (
          await db.query<{ column: string }>(
            `select c.conrelid::regclass::text || '.' || regexp_replace(c.conname, '^' || c.conrelid::regclass::text || '_(.*)_one_line$', '\\1') as column from pg_constraint c where c.contype = 'c' and c.conname ~ '_one_line$'`,
          )
        ).rows,
    );
    expect(rows.map((r) => r.column.replace(/^public\./, '')).sort()).toEqual([...ONE_LINE_COLUMNS].sort());
  });

  const texts = ['Chez Paul', 'Chez\nPaul', 'Chez\r\nPaul', 'Chez\tPaul', 'Chez\u2028Paul', 'Chez\u0085Paul', 'Crêperie « Ty Breizh » — 100 % bio'];
  it.each(texts)('isOneLine(%j) is private.is_one_line’s answer', async (text) => {
    const [row] = await withDb(async (db) => (await db.query<{ one: boolean }>('select private.is_one_line($1) as one', [text])).rows);
    expect(isOneLine(text)).toBe(row.one);
  });

  const sirets = ['73282932000074', '73282932000075', '85234567700011', '35600000000001', '35600000000002', '7328293200007', 'abcdefghijklmn'];
  it.each(sirets)('siretError(%j) is private.siret_refusal’s answer', async (siret) => {
    const [row] = await withDb(async (db) => (await db.query<{ refusal: string | null }>('select private.siret_refusal($1) as refusal', [siret])).rows);
    expect(siretError(siret)).toBe(row.refusal);
  });

  const vats: [string, string][] = [
    ['FR44732829320', '73282932000074'],
    ['FR45732829320', '73282932000074'],
    ['FR44732829320', '85234567700011'],
    ['FR44732829320', '73282932000075'],
    ['FRAB732829320', '73282932000074'],
    ['FRIO732829320', ''],
    ['FR123', ''],
    ['DE123456789', ''],
    ['FR61852345677', ''],
    ['FR07123456789', ''],
  ];
  it.each(vats)('vatError(%j, SIRET %j) is private.vat_refusal’s answer', async (vat, siret) => {
    const [row] = await withDb(async (db) => (await db.query<{ refusal: string | null }>('select private.vat_refusal($1, $2) as refusal', [vat, siret])).rows);
    expect(vatError(vat, siret)).toBe(row.refusal);
  });

  it('a phone the forms store is one private.is_e164 takes, and the other way round', async () => {
    const phones = ['+33612345678', '+442079460958', '0612345678', '+0612345678', '+3361234', '12', ''];
    const rows = await withDb(
      async (db) => (await db.query<{ phone: string; ok: boolean }>('select p as phone, coalesce(private.is_e164(p), false) as ok from unnest($1::text[]) p', [phones])).rows,
    );
    expect(rows.map((r) => [r.phone, r.ok])).toEqual(phones.map((p) => [p, isE164(p)]));
  });
});
