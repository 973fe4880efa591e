import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launchStack, tempDataDir } from '../../local-supabase/test/launch';

/** One seeded stack with the large dataset (bench@tablee.fr: 10,000 reservations, 2,000 conversations × 30 messages). */
export default async function globalSetup() {
  const stack = await launchStack({ dataDir: tempDataDir('operations') });
  const pg = createRequire(path.resolve(__dirname, '../../local-supabase/package.json'))('pg');
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    await db.query(fs.readFileSync(path.resolve(__dirname, '../../local-supabase/sql/large-dataset.sql'), 'utf8'));
    await db.query('vacuum analyze');
  } finally {
    await db.end();
  }
  process.env.OPS_TEST_URL = stack.url;
  process.env.OPS_TEST_ANON_KEY = stack.anonKey;
  process.env.OPS_TEST_SERVICE_KEY = stack.serviceRoleKey;
  process.env.OPS_TEST_DB_URL = stack.dbUrl;
  (globalThis as { __opsStack?: unknown }).__opsStack = stack;
}
