import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

// Loaded by jest (CommonJS) and by the bench through tsx (ES module, where __dirname does not exist; it runs from its package).
const sqlFile = () => path.resolve(typeof __dirname === 'string' ? __dirname : path.join(process.cwd(), '../local-supabase/test'), '../sql/large-dataset.sql');

/** Loads the benchmark dataset (bench@tablee.fr, 10,000 reservations, 2,000 conversations × 30 messages) into a running stack. */
export async function loadLargeDataset(dbUrl: string): Promise<void> {
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(fs.readFileSync(sqlFile(), 'utf8'));
    await db.query('vacuum analyze');
  } finally {
    await db.end();
  }
}
