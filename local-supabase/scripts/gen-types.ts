/**
 * `pnpm gen:types`: regenerates domain/src/database.types.ts from the migrations — a
 * throw-away local-supabase (migrations only, no seed), postgres-meta's TypeScript generator against
 * it, the file written as the Supabase CLI would write it. Commit it with the migration.
 */
import fs from 'node:fs';
import { launchStack, tempDataDir } from '../test/launch';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../src/typegen';

const dataDir = tempDataDir('gen-types');
try {
  const stack = await launchStack({ dataDir, env: { LOCAL_SUPABASE_SEED: 'false' } });
  try {
    fs.writeFileSync(DATABASE_TYPES_FILE, await generateDatabaseTypes(stack.dbUrl));
    console.log(`Types écrits dans ${DATABASE_TYPES_FILE}`);
  } finally {
    await stack.stop();
  }
} catch (error) {
  console.error(`gen:types : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
