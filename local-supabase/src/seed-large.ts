import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { readConfig } from './config';

/**
 * `pnpm --filter @tablee/local-supabase seed:large`: loads the benchmark dataset (bench@tablee.fr,
 * 10,000 reservations, 2,000 conversations × 30 messages) into the running local database.
 */
async function main() {
  const config = readConfig();
  const password = () => fs.readFileSync(path.join(config.dataDir, 'db-password'), 'utf8').trim();
  const url = config.databaseUrl ?? `postgres://postgres:${encodeURIComponent(password())}@127.0.0.1:${config.dbPort}/postgres`;
  const db = new pg.Client({ connectionString: url });
  // A lost connection also fails the query under way, which main() reports in French: not an unhandled 'error' event.
  db.on('error', () => undefined);
  await db.connect().catch((err: Error) => {
    throw new Error(`la base n'est pas joignable (${err.message}) : lancez d'abord « pnpm start »`);
  });
  const started = Date.now();
  await db.query(fs.readFileSync(fileURLToPath(new URL('../sql/large-dataset.sql', import.meta.url)), 'utf8'));
  await db.query('vacuum analyze');
  await db.end();
  console.log(`Jeu de données volumineux chargé en ${((Date.now() - started) / 1000).toFixed(1)} s : bench@tablee.fr / tablee-bench`);
}

main().catch((err) => {
  console.error(`seed:large : ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
