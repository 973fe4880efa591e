import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@tablee/domain/database-types';
import ws from 'ws';
import type { Config } from '../config';

/** A Supabase client typed by the generated database types (`pnpm gen:types`). */
export type Db = SupabaseClient<Database>;

const settings = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket; supabase-js needs one for its realtime part even if unused.
  realtime: { transport: ws as never },
};

/** The service-role client: it bypasses RLS, so it never leaves this process. */
export function createServiceClient(config: Config): Db {
  return createClient<Database>(config.supabaseUrl, config.serviceRoleKey, settings);
}

/**
 * A client that acts as the signed-in owner: PostgREST takes the role and auth.uid() from their
 * access token, so Row Level Security decides what it reaches (the API key only passes the gateway).
 */
export function createCallerClient(config: Config, accessToken: string): Db {
  return createClient<Database>(config.supabaseUrl, config.serviceRoleKey, { ...settings, accessToken: async () => accessToken });
}
