/**
 * The committed database types (domain/src/database.types.ts, `pnpm gen:types`) are what
 * the generator gives for the migrations: regenerated here against the run's stack, they must be
 * the committed file exactly. So is the schema snapshot (supabase/schema.sql). A migration committed
 * without its types or its snapshot fails here.
 */
import fs from 'node:fs';
import { env } from '../clients';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../../src/typegen';
import { SCHEMA_FILE, dumpSchema } from '../../src/schema-dump';

it('the committed database types match the migrations (run `pnpm gen:types` after changing them)', async () => {
  const generated = await generateDatabaseTypes(env.databaseUrl);
  expect(generated).toContain('export type Database =');
  const committed = fs.existsSync(DATABASE_TYPES_FILE) ? fs.readFileSync(DATABASE_TYPES_FILE, 'utf8') : '(no committed file)';
  expect(committed).toBe(generated);
});

it('the committed schema snapshot matches the migrations (run `pnpm gen:types` after changing them)', async () => {
  // The run's stack is sealed for tests (seeded.ts): its guard's triggers are not the migrations'.
  const dumped = await dumpSchema(env.databaseUrl, { notOurs: ['test_guard'] });
  expect(dumped).toContain('CREATE TABLE public.restaurants (');
  const committed = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : '(no committed file)';
  expect(committed).toBe(dumped);
});
