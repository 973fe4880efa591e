import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@tablee/domain/database-types';
import ws from 'ws';
import type { Config } from '../config';

/** The service-role client, typed by the generated types: it calls the assistant's SQL functions only, never a table. */
export type Db = SupabaseClient<Database>;

export function createServiceClient(config: Config): Db {
  return createClient<Database>(config.supabaseUrl, config.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; supabase-js needs one for its realtime part even if unused.
    realtime: { transport: ws as never },
  });
}
