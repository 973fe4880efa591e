/**
 * The reservation status mapping lives once in SQL (private.reservation_statuses, which the status
 * column references) and once in TypeScript (RESERVATION_STATUS_CODES): the two must say the same.
 */
import { CANCELLATION_REASONS, REFUSAL_REASONS, RESERVATION_STATUS_BADGES, RESERVATION_STATUS_CODES } from '../../src/reservation-status';
import { withDb } from '../../../local-supabase/test/clients';

it('the TypeScript status codes are the database lookup table, code for code and name for name', async () => {
  const rows = await withDb(async (db) => (await db.query<{ code: number; name: string }>('select code, name from private.reservation_statuses order by code')).rows);
  expect(rows.length).toBeGreaterThan(0);
  const fromTs = Object.entries(RESERVATION_STATUS_CODES)
    .map(([name, code]) => ({ code, name }))
    .sort((a, b) => a.code - b.code);
  expect(rows).toEqual(fromTs);
});

it('the status column accepts only the codes of the lookup table', async () => {
  const constraint = await withDb(
    async (db) =>
      (
        await db.query<{ definition: string }>(
          `select pg_get_constraintdef(oid) as definition from pg_constraint
          where conrelid = 'public.restaurant_reservations'::regclass and contype = 'f' and conkey = array[
            (select attnum from pg_attribute where attrelid = 'public.restaurant_reservations'::regclass and attname = 'status')]`,
        )
      ).rows,
  );
  expect(constraint).toEqual([{ definition: 'FOREIGN KEY (status) REFERENCES private.reservation_statuses(code)' }]);
});

it("the refusal and cancellation reasons are the database's, code for code", async () => {
  const rows = await withDb(async (db) => (await db.query<{ code: string; for_status: number }>('select code, for_status from private.reservation_reasons')).rows);
  const codes = (status: number) =>
    rows
      .filter((r) => r.for_status === status)
      .map((r) => r.code)
      .sort();
  expect(codes(RESERVATION_STATUS_CODES.rejected)).toEqual(Object.keys(REFUSAL_REASONS).sort());
  expect(codes(RESERVATION_STATUS_CODES.cancelled)).toEqual(Object.keys(CANCELLATION_REASONS).sort());
});

it('the statuses’ French labels of the export (SQL) are the badges’ labels of the app', async () => {
  const rows = await withDb(async (db) => (await db.query<{ name: string; label: string }>('select name, label from private.reservation_statuses')).rows);
  expect(Object.fromEntries(rows.map((r) => [r.name, r.label]))).toEqual(Object.fromEntries(Object.entries(RESERVATION_STATUS_BADGES).map(([name, badge]) => [name, badge.label])));
});
