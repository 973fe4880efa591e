/**
 * supabase/schemas/ declares what supabase/migrations build: both are built here, once, in throw-away
 * databases of the run's PostgreSQL, and compared. A schema file changed without its migration (or a
 * migration written by hand without its schema file) fails here with the statements that are missing:
 * `pnpm db:diff <name>` writes them.
 */
import { env } from '../clients';
import { buildSchemaDatabases, diffSchemas, rowDifferences, type SchemaDatabases } from '../../src/declarative-schema';
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

it('PostgreSQL describes both databases alike (what the differ might not compare: column grants, triggers on auth.users)', () => {
  expect(dumps.fromSchemas).toBe(dumps.fromMigrations);
});
