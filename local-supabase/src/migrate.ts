import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import type { StackKeys } from './keys';
import { inTransaction } from './transaction';

const BOOTSTRAP = fileURLToPath(new URL('../sql/bootstrap.sql', import.meta.url));

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

/** Supabase CLI naming: <version>_<name>.sql, applied in version order. */
function migrationFiles(supabaseDir: string): { version: string; name: string; file: string }[] {
  const dir = path.join(supabaseDir, 'migrations');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(f)!;
      return { version, name, file: path.join(dir, f) };
    });
}

/** One migration file (and what records it) applied whole or not at all. */
function applyInTransaction(pool: Pool, sql: string, after?: (q: Pool['query']) => Promise<unknown>): Promise<void> {
  return inTransaction(pool, async (client) => {
    await client.query(sql);
    if (after) await after(client.query.bind(client) as Pool['query']);
  });
}

/**
 * Brings the database to the repository's state: Supabase's own schemas (bootstrap),
 * then each migration not yet recorded, each in its own transaction, then seed.sql once
 * on a database that has never been seeded.
 */
export async function migrate(pool: Pool, supabaseDir: string, keys: StackKeys, seed: boolean): Promise<MigrationReport> {
  await pool.query(fs.readFileSync(BOOTSTRAP, 'utf8'));
  await pool.query(`alter role authenticator with login password '${keys.authenticatorPassword}'`);

  const done = new Set((await pool.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
  const applied: string[] = [];
  for (const migration of migrationFiles(supabaseDir)) {
    if (done.has(migration.version)) continue;
    const sql = fs.readFileSync(migration.file, 'utf8');
    try {
      await applyInTransaction(pool, sql, (query) =>
        query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [migration.version, migration.name, [sql]]),
      );
    } catch (err) {
      throw new Error(`La migration ${path.basename(migration.file)} a échoué : ${(err as Error).message}`);
    }
    applied.push(path.basename(migration.file));
  }

  let seeded = false;
  const seedFile = path.join(supabaseDir, 'seed.sql');
  if (seed && fs.existsSync(seedFile)) {
    const { rowCount } = await pool.query('select 1 from supabase_migrations.seed_files limit 1');
    if (!rowCount) {
      const sql = fs.readFileSync(seedFile, 'utf8');
      await applyInTransaction(pool, sql, (query) =>
        query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', ['supabase/seed.sql', createHash('sha256').update(sql).digest('hex')]),
      );
      seeded = true;
    }
  }
  return { applied, seeded };
}
