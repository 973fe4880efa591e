/**
 * supabase/schemas/ declares what supabase/migrations build: both are built here, once, in throw-away
 * databases of the run's PostgreSQL, and compared. A schema file changed without its migration (or a
 * migration written by hand without its schema file) fails here with the statements that are missing:
 * `pnpm db:diff <name>` writes them.
 */
import { env } from '../clients';
import { applySql, buildSchemaDatabases, diffSchemas, rowDifferences, type SchemaDatabases } from '../../src/declarative-schema';
import { dumpSchema } from '../../src/schema-dump';

let databases: SchemaDatabases;
let dumps: { fromMigrations: string; fromSchemas: string };
let rows: string[];
let diff: string;

beforeAll(async () => {
  databases = await buildSchemaDatabases(env.databaseUrl);
  // Read before the diff, which runs migra's statements on the migrations' database.
  const [fromMigrations, fromSchemas] = await Promise.all([dumpSchema(databases.fromMigrations), dumpSchema(databases.fromSchemas)]);
  dumps = { fromMigrations, fromSchemas };
  rows = await rowDifferences(databases.fromMigrations, databases.fromSchemas);
  diff = await diffSchemas(databases.fromMigrations, databases.fromSchemas);
}, 120_000);

afterAll(() => databases?.drop());

it('the migrations build what supabase/schemas/ declares (else `pnpm db:diff <name>` writes what is missing)', () => {
  expect(dumps.fromSchemas).toContain('CREATE TABLE public.restaurant_reservations (');
  expect(diff).toBe('');
});

it('the lists the schema owns and the storage buckets have the same rows both ways', () => {
  expect(rows).toEqual([]);
});

it('PostgreSQL describes both databases alike (what the differ does not compare: the order of columns, column grants, triggers on auth.users)', () => {
  expect(dumps.fromSchemas).toBe(dumps.fromMigrations);
});

describe('pnpm db:diff', () => {
  it('writes a new function, its privileges and a changed comment, and nothing is left once they are run', async () => {
    // The comparison above is done: the database of the schema files gets an engineer's edit (a comment
    // changed, a function added), as it would from the edited files.
    await applySql(
      databases.fromSchemas,
      `comment on function private.restaurant_number(integer) is 'Un commentaire changé.';
       create function public.reservation_total(p_restaurant_id uuid) returns integer language sql stable set search_path = '' as $$
         select count(*)::int from public.restaurant_reservations r where r.restaurant_id = p_restaurant_id
       $$;
       comment on function public.reservation_total(uuid) is 'How many reservations a restaurant has.';
       revoke all on function public.reservation_total(uuid) from public, anon;`,
    );
    const sql = await diffSchemas(databases.fromMigrations, databases.fromSchemas);
    expect(sql).toContain('CREATE OR REPLACE FUNCTION public.reservation_total(p_restaurant_id uuid)');
    // Creating it grants EXECUTE to everyone (Supabase's default privileges): the file's revoke follows.
    expect(sql).toContain('revoke execute on function public.reservation_total(uuid) from anon, public;');
    expect(sql).toContain("comment on function private.restaurant_number(integer) is 'Un commentaire changé.';");
    expect(sql).toContain("comment on function public.reservation_total(uuid) is 'How many reservations a restaurant has.';");
    // diffSchemas has run migra's part on the migrations' database; the rest of the migration closes the gap.
    await applySql(databases.fromMigrations, sql.slice(sql.indexOf('revoke execute')));
    expect(await diffSchemas(databases.fromMigrations, databases.fromSchemas)).toBe('');
  });
});
