/**
 * The session supabase-js keeps in localStorage, read without supabase-js: the light page of an owner's
 * alert asks its reservation before supabase-js (a fifth of what the page downloads, and seconds of a
 * phone's CPU) has loaded. Read by hand because no library reads another client's stored session: the
 * key is supabase-js's default (`sb-<first label of the project's host>-auth-token`, SupabaseClient's
 * defaultStorageKey) and the value its Session (access_token, expires_at in seconds, user). Anything
 * else (none, another shape, expired or about to be) is no session here: supabase-js reads it and
 * refreshes it as usual, and the page asks then.
 */

/** A token that expires within this much is left to supabase-js to refresh. */
const EXPIRY_MARGIN_S = 60;

export interface StoredSession {
  accessToken: string;
  email: string | undefined;
}

export const sessionStorageKey = (supabaseUrl: string) => `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;

export function storedSession(supabaseUrl: string, nowMs = Date.now()): StoredSession | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(sessionStorageKey(supabaseUrl)) ?? 'null');
    if (!stored || typeof stored !== 'object') return null;
    const { access_token: accessToken, expires_at: expiresAt, user } = stored as { access_token?: unknown; expires_at?: unknown; user?: { email?: unknown } };
    if (typeof accessToken !== 'string' || typeof expiresAt !== 'number' || expiresAt - EXPIRY_MARGIN_S <= nowMs / 1000) return null;
    return { accessToken, email: typeof user?.email === 'string' ? user.email : undefined };
  } catch {
    // Storage refused (private mode) or not JSON: no session here.
    return null;
  }
}
