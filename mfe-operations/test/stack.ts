import path from 'node:path';
import { createRequire } from 'node:module';
import { initSupabase, setAppConfig, startSession } from '@tablee/shared';
import { resetSupabaseForTests, stopSessionForTests } from '@tablee/shared/testing';
import { getSupabase } from '@tablee/domain';

export const BENCH = { email: 'bench@tablee.fr', password: 'tablee-bench', restaurantId: 'b1000000-0000-4000-8000-000000000001' };

/** The app's one Supabase client, fresh, signed in as `email` (the bench owner by default). */
export async function signInAs(email = BENCH.email, password = BENCH.password) {
  stopSessionForTests();
  resetSupabaseForTests();
  localStorage.clear();
  setAppConfig({ supabaseUrl: process.env.TEST_SUPABASE_URL!, supabaseAnonKey: process.env.TEST_SUPABASE_ANON_KEY!, reservationApiUrl: 'http://127.0.0.1:9/api', remotes: {} });
  initSupabase({ url: process.env.TEST_SUPABASE_URL!, anonKey: process.env.TEST_SUPABASE_ANON_KEY! });
  // The same client, typed by the database's types.
  const client = getSupabase();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  await startSession();
  return client;
}

/** A fresh owner with no restaurant, signed in as the app's client. */
export async function signInNewOwner() {
  stopSessionForTests();
  resetSupabaseForTests();
  initSupabase({ url: process.env.TEST_SUPABASE_URL!, anonKey: process.env.TEST_SUPABASE_ANON_KEY! });
  const client = getSupabase();
  const email = `autre-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.fr`;
  const { error } = await client.auth.signUp({ email, password: 'secret-123' });
  if (error) throw error;
  return signInAs(email, 'secret-123');
}

/** The truth, read as superuser straight from PostgreSQL (bypasses RLS). */
export async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const pg = createRequire(path.resolve(__dirname, '../../local-supabase/package.json'))('pg');
  const db: { connect(): Promise<void>; query(t: string, v: unknown[]): Promise<{ rows: unknown[] }>; end(): Promise<void> } = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await db.connect();
  try {
    return (await db.query(text, values)).rows as T[];
  } finally {
    await db.end();
  }
}
