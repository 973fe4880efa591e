import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import ws from 'ws';
import { Client } from 'pg';

export const env = {
  get url() {
    return required('TEST_SUPABASE_URL');
  },
  get anonKey() {
    return required('TEST_SUPABASE_ANON_KEY');
  },
  get serviceRoleKey() {
    return required('TEST_SUPABASE_SERVICE_ROLE_KEY');
  },
  get databaseUrl() {
    return required('TEST_DATABASE_URL');
  },
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through jest so global-setup starts local-supabase`);
  return value;
}

/** The unmodified supabase-js, as the app and the reservation service create it (Node 20 needs a WebSocket for realtime). */
export function client(key = env.anonKey, url = env.url, headers: Record<string, string> = {}): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: { headers },
  });
}

export const anon = () => client();
export const service = () => client(env.serviceRoleKey);

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@test.tablee.fr`;
}

/** Signs up a fresh owner and returns a client signed in as them. */
export async function newOwner(label = 'owner'): Promise<{ client: SupabaseClient; userId: string; email: string; password: string }> {
  const email = uniqueEmail(label);
  const password = 'motdepasse-solide';
  const c = client();
  const { data, error } = await c.auth.signUp({ email, password });
  if (error || !data.user) throw error ?? new Error('no user');
  const signedIn = await c.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return { client: c, userId: data.user.id, email, password };
}

/** A direct superuser connection, for what no API client may do (checks byte-for-byte, unconfirmed users). */
export async function withDb<T>(work: (db: Client) => Promise<T>, url = env.databaseUrl): Promise<T> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}
