/**
 * How the schema is written, read from the migrated database: reservation statuses are named through
 * private.reservation_statuses, never written as numbers.
 */
import { env } from '../clients';
import { dumpSchema } from '../../src/schema-dump';

// A status compared with, or set to, a number: `status = 0`, `x.status <> 2`, `status in (1, 3)`,
// `status = ANY (ARRAY[1, 3])`, `status smallint DEFAULT 0`.
const RAW_STATUS = /\w*status\b[^,\n]{0,20}?(?:=|<>|!=|<=?|>=?|\bin\s*\(|\bdefault)\s*(?:any\s*\(\s*array\s*\[\s*)?\(?\s*'?\d/i;

it('names reservation statuses through their table, never by number', async () => {
  const lines = (await dumpSchema(env.databaseUrl)).split('\n');
  const raw = lines.filter(
    (line) =>
      RAW_STATUS.test(line) &&
      // A stored generated column computed through a table would be computed wrong when a dump is
      // restored before that table's rows: is_accepted keeps its codes (migration 20261123000301).
      !/^\s+is_accepted boolean GENERATED ALWAYS AS \(\(status = ANY \(ARRAY\[1, 3\]\)\)\) STORED/.test(line),
  );
  expect(raw).toEqual([]);
});

it('recognises a status written as a number', () => {
  for (const line of ['where r.status = 0 and', 'filter (where x.status=0)', 'status smallint DEFAULT 0 NOT NULL', 'WHERE (status = 0)', 'p_target_status in (1, 2)', 'status = ANY (ARRAY[1, 3])']) {
    expect(line).toMatch(RAW_STATUS);
  }
  for (const line of ["r.status = private.reservation_status('pending')", 'v_res.status <> v_pending', "raise exception 'x' using errcode = '22023'", "jsonb_build_object('status', v_res.status, 'n', 1)"]) {
    expect(line).not.toMatch(RAW_STATUS);
  }
});
