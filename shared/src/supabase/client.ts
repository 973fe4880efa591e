/**
 * The one Supabase client of the browser (ARCHITECTURE.md). Untyped here: the database's types change
 * with every migration and belong to @tablee/domain, whose getSupabase types this same client.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

let client: SupabaseClient | null = null;
let createdCount = 0;

declare global {
  interface Window {
    /** Checked by the e2e suite: how many Supabase clients and QueryClients the page made (one of each). */
    __TABLEE__?: { supabaseClients?: number; queryClients?: number };
  }
}

export interface SupabaseSettings {
  url: string;
  anonKey: string;
  /** Node only (tests): a WebSocket implementation for the realtime part. */
  realtimeTransport?: unknown;
  /** Where the session persists; defaults to the browser's localStorage. */
  storage?: { getItem(key: string): string | null | Promise<string | null>; setItem(key: string, value: string): void | Promise<void>; removeItem(key: string): void | Promise<void> };
}

/** Creates the client once; later calls return the same client (a second module bootstrapping is harmless). */
export function initSupabase(settings: SupabaseSettings): SupabaseClient {
  if (client) return client;
  client = createClient(settings.url, settings.anonKey, {
    auth: { autoRefreshToken: true, persistSession: true, detectSessionInUrl: false, storage: settings.storage },
    ...(settings.realtimeTransport ? { realtime: { transport: settings.realtimeTransport as never } } : {}),
  });
  createdCount += 1;
  if (typeof window !== 'undefined') {
    window.__TABLEE__ = { ...window.__TABLEE__, supabaseClients: createdCount };
  }
  return client;
}

export function getSupabase(): SupabaseClient {
  if (!client) throw new Error('Client Supabase non initialisé');
  return client;
}

/** Tests only (@tablee/shared/testing): forget the client so the next initSupabase creates a fresh one. */
export function resetSupabaseForTests(): void {
  client = null;
}
