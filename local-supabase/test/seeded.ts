import fs from 'node:fs';
import path from 'node:path';
import { client, withDb } from './clients';

/**
 * The seeded demo data is read-only for tests: a test makes its own owner and restaurant, or a copy of
 * a seeded restaurant with `demoCopy`. Both test runs (integration, e2e) seal it after seeding.
 */
export const SEEDED = {
  lyon: '20000000-0000-4000-8000-000000000001',
  bordeaux: '20000000-0000-4000-8000-000000000002',
} as const;

const sqlFile = (name: string) => fs.readFileSync(path.join(__dirname, 'sql', name), 'utf8');

/** Run once by a test run's global setup, after the seed: any later write to the seeded data fails, and demoCopy is available. */
export async function sealSeededData(dbUrl: string): Promise<void> {
  await withDb(async (db) => {
    await db.query(sqlFile('copy-restaurant.sql'));
    await db.query(sqlFile('seal-seeded-data.sql'));
  }, dbUrl);
}

export interface DemoCopy {
  email: string;
  password: string;
  userId: string;
  /** The copies, by the seeded restaurant they copy. */
  restaurants: Record<keyof typeof SEEDED, string>;
}

export interface Stack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
}

/**
 * A new owner (signed up through Auth, as on /signup) with a copy of each seeded restaurant: the same
 * profile, menus, photos (rows and files), conversations and reservations, with new ids, global numbers
 * and link codes (read them from the database). Restaurant numbers (R-0001…) stay as seeded.
 */
export async function demoCopy(stack: Stack, label: string, names: Partial<Record<keyof typeof SEEDED, string>> = {}): Promise<DemoCopy> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.fr`;
  const password = 'secret-123';
  const signUp = await client(stack.anonKey, stack.url).auth.signUp({ email, password });
  if (signUp.error || !signUp.data.user) throw signUp.error ?? new Error('sign-up without a user');
  const userId = signUp.data.user.id;
  const restaurants = {} as Record<keyof typeof SEEDED, string>;
  await withDb(async (db) => {
    for (const [key, source] of Object.entries(SEEDED) as [keyof typeof SEEDED, string][]) {
      const { rows } = await db.query<{ id: string }>('select test_fixtures.copy_restaurant($1, $2, $3) as id', [source, userId, names[key] ?? null]);
      restaurants[key] = rows[0].id;
    }
  }, stack.dbUrl);
  // The photo files, through the Storage API (read publicly, written with the service role): the rows point at them.
  const storage = client(stack.serviceRoleKey, stack.url).storage.from('restaurant-photos');
  for (const [key, source] of Object.entries(SEEDED) as [keyof typeof SEEDED, string][]) {
    const listed = await storage.list(source);
    if (listed.error) throw listed.error;
    for (const file of listed.data) {
      const downloaded = await storage.download(`${source}/${file.name}`);
      if (downloaded.error) throw downloaded.error;
      const uploaded = await storage.upload(`${restaurants[key]}/${file.name}`, downloaded.data, { contentType: downloaded.data.type || 'image/png', upsert: false });
      if (uploaded.error) throw uploaded.error;
    }
  }
  return { email, password, userId, restaurants };
}
