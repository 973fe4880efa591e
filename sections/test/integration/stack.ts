/**
 * The run's local-supabase for the section tests, with the one client of @tablee/shared pointed at it
 * (the unmodified supabase-js, as in the browser) and owners to sign in as.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import ws from 'ws';
import { initSupabase } from '@tablee/shared';
import { resetSupabaseForTests } from '@tablee/shared/testing';
import { getSupabase } from '@tablee/domain';
import { env } from '../../../local-supabase/test/clients';

export interface Owner {
  email: string;
  password: string;
  userId: string;
}

export interface SectionStack {
  /** Service-role client: reads what the owner's API calls stored, bypassing RLS. */
  admin: SupabaseClient;
  newOwner(label: string): Promise<Owner>;
  /** Signs the one shared client in as this owner. */
  signInAs(owner: Owner): Promise<void>;
  /** A restaurant of the signed-in owner. */
  newRestaurant(name: string): Promise<string>;
  /** Runs SQL as the database superuser (what no API client may do). */
  sql(text: string, params?: unknown[]): Promise<unknown[]>;
  /** Signs the shared client out (the stack is the run's: it stays up). */
  stop(): Promise<void>;
}

const memoryStorage = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
};

export function connectSectionStack(): SectionStack {
  resetSupabaseForTests();
  initSupabase({ url: env.url, anonKey: env.anonKey, realtimeTransport: ws, storage: memoryStorage() });
  const admin = createClient(env.url, env.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false, storageKey: 'tablee-test-admin' }, realtime: { transport: ws as never } });
  // pg is local-supabase's dependency; tests reach the database through it.
  const { Client } = createRequire(path.resolve(__dirname, '../../../local-supabase/package.json'))('pg');

  return {
    admin,
    async newOwner(ownerLabel) {
      const email = `${ownerLabel}-${randomUUID().slice(0, 8)}@test.tablee.fr`;
      const password = 'motdepasse-solide';
      const { data, error } = await getSupabase().auth.signUp({ email, password });
      if (error || !data.user) throw error ?? new Error('no user');
      return { email, password, userId: data.user.id };
    },
    async signInAs(owner) {
      await getSupabase().auth.signOut();
      const { error } = await getSupabase().auth.signInWithPassword({ email: owner.email, password: owner.password });
      if (error) throw error;
    },
    async newRestaurant(name) {
      const { data, error } = await getSupabase().from('restaurants').insert({ name }).select('id').single();
      if (error) throw error;
      return data.id as string;
    },
    async sql(text, params = []) {
      const db = new Client({ connectionString: env.databaseUrl });
      await db.connect();
      try {
        return (await db.query(text, params)).rows;
      } finally {
        await db.end();
      }
    },
    async stop() {
      await getSupabase()
        .auth.signOut()
        .catch(() => undefined);
      await getSupabase().auth.stopAutoRefresh();
    },
  };
}
