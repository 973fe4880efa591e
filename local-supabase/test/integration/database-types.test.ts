/**
 * The committed database types (domain/src/database.types.ts, `pnpm gen:types`) are what
 * the generator gives for the migrations: regenerated here against the run's stack, they must be
 * the committed file exactly. A migration committed without its types fails here.
 */
import fs from 'node:fs';
import { env } from '../clients';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../../src/typegen';

it('the committed database types match the migrations (run `pnpm gen:types` after changing them)', async () => {
  const generated = await generateDatabaseTypes(env.databaseUrl);
  expect(generated).toContain('export type Database =');
  const committed = fs.existsSync(DATABASE_TYPES_FILE) ? fs.readFileSync(DATABASE_TYPES_FILE, 'utf8') : '(no committed file)';
  expect(committed).toBe(generated);
});
