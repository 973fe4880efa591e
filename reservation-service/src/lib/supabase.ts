import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { Config } from '../config';

/** The service-role client: it bypasses RLS, so it never leaves this process. */
export function createServiceClient(config: Config): SupabaseClient {
  return createClient(config.supabaseUrl, config.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; supabase-js needs one for its realtime part even if unused.
    realtime: { transport: ws as never },
  });
}
