/**
 * How the schema is written (supabase/README.md, 'Rules'): reservation statuses are named through
 * private.reservation_statuses, never written as numbers (read in the schema files, where they would be
 * written), and no function runs over 100 lines without saying why (read in the migrated database).
 */
import fs from 'node:fs';
import path from 'node:path';
import { withDb } from '../../local-supabase/test/clients';
import { schemaFiles } from '../../local-supabase/src/declarative-schema';

// A status compared with, or set to, a number: `status = 0`, `x.status <> 2`, `status in (1, 3)`,
// `status = ANY (ARRAY[1, 3])`, `status smallint DEFAULT 0`.
const RAW_STATUS = /\w*status\b[^,\n]{0,20}?(?:=|<>|!=|<=?|>=?|\bin\s*\(|\bdefault)\s*(?:any\s*\(\s*array\s*\[\s*)?\(?\s*'?\d/i;

it('names reservation statuses through their table, never by number', () => {
  const raw = schemaFiles().flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ at: `${path.basename(file)}:${index + 1}`, line }))
      .filter(
        ({ line }) =>
          RAW_STATUS.test(line) &&
          // A stored generated column computed through a table would be computed wrong when a dump is
          // restored before that table's rows: is_accepted keeps its codes (migration 20261123000301).
          !/^\s+is_accepted boolean GENERATED ALWAYS AS \(\(status = ANY \(ARRAY\[1, 3\]\)\)\) STORED/.test(line),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );
  expect(schemaFiles().length).toBeGreaterThan(0);
  expect(raw).toEqual([]);
});

it('recognises a status written as a number', () => {
  for (const line of [
    'where r.status = 0 and',
    'filter (where x.status=0)',
    'status smallint DEFAULT 0 NOT NULL',
    'WHERE (status = 0)',
    'p_target_status in (1, 2)',
    'status = ANY (ARRAY[1, 3])',
  ]) {
    expect(line).toMatch(RAW_STATUS);
  }
  for (const line of [
    "r.status = private.reservation_status('pending')",
    'v_res.status <> v_pending',
    "raise exception 'x' using errcode = '22023'",
    "jsonb_build_object('status', v_res.status, 'n', 1)",
  ]) {
    expect(line).not.toMatch(RAW_STATUS);
  }
});

it('has no function over 100 lines unless its comment says why (Long: …)', async () => {
  const long = await withDb(async (db) =>
    (
      await db.query<{ name: string; lines: number }>(
        `select p.oid::regprocedure::text as name, array_length(string_to_array(pg_get_functiondef(p.oid), E'\\n'), 1) as lines
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname in ('public', 'private') and p.prokind = 'f'
            and coalesce(obj_description(p.oid, 'pg_proc'), '') not like 'Long:%'
          order by 1`,
      )
    ).rows.filter((f) => f.lines > 100),
  );
  expect(long).toEqual([]);
});
