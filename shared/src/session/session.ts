/**
 * The session as jotai atoms in the one store (ARCHITECTURE.md): user, session, loading.
 * supabase-js refreshes the tokens itself (autoRefreshToken); every change arrives through
 * onAuthStateChange and lands here, so every module sees the same user.
 */
import type { Session } from '@supabase/supabase-js';
import { userChanged } from '@tablee/shared/core';
import { atom, createStore } from 'jotai';
import { getSupabase } from '../supabase/client';

/** The signed-in owner, as every module sees it. */
export interface User {
  id: string;
  email: string;
}

export const tableeStore = createStore();

export const sessionAtom = atom<Session | null>(null);
export const userAtom = atom<User | null>(null);
/** True until the stored session has been read at start. */
export const authLoadingAtom = atom<boolean>(true);

/** Heard by the query cache (@tablee/shared/core's news of a change of user); kept here too for the modules that import it from this entry. */
export { onUserChange } from '@tablee/shared/core';

/**
 * Whether a session was applied since the start. The first is no change of user: it is the stored
 * session, the one anything cached before it (a light page's head start) was read with.
 */
let applied = false;

function apply(session: Session | null) {
  if (applied && (session?.user.id ?? null) !== (tableeStore.get(userAtom)?.id ?? null)) userChanged();
  applied = true;
  tableeStore.set(sessionAtom, session);
  tableeStore.set(userAtom, session?.user ? { id: session.user.id, email: session.user.email ?? '' } : null);
}

let started = false;
let unsubscribe: (() => void) | null = null;

/** Reads the stored session and follows every later change (sign-in, refresh, sign-out). Idempotent. */
export function startSession(): Promise<void> {
  if (started) return Promise.resolve();
  started = true;
  const client = getSupabase();
  const { data } = client.auth.onAuthStateChange((_event, session) => {
    apply(session);
    tableeStore.set(authLoadingAtom, false);
  });
  unsubscribe = () => data.subscription.unsubscribe();
  return client.auth
    .getSession()
    .then(({ data: { session } }) => apply(session))
    .catch(() => apply(null))
    .finally(() => tableeStore.set(authLoadingAtom, false));
}

/** Tests only (@tablee/shared/testing): the next startSession starts again, signed out. */
export function stopSessionForTests(): void {
  unsubscribe?.();
  unsubscribe = null;
  started = false;
  apply(null);
  applied = false;
  tableeStore.set(authLoadingAtom, true);
}

/**
 * `confirmationSent`: sign-up with Auth's confirmations on; the account waits for the link e-mailed to it.
 * `error`: Auth's error (code, status, message) or what was thrown; the calling page words it in French.
 */
export type AuthResult = { ok: true; confirmationSent?: boolean } | { ok: false; error: unknown };

export async function signIn(email: string, password: string): Promise<AuthResult> {
  try {
    const { data, error } = await getSupabase().auth.signInWithPassword({ email, password });
    if (error) return { ok: false, error };
    apply(data.session);
    return { ok: true };
  } catch (err) {
    return { ok: false, error: err };
  }
}

/**
 * Creates the account without signing in (spec §2, §4). The server confirms automatically and returns
 * a session; it is dropped locally right away (scope 'local' revokes nothing on the server).
 */
export async function signUp(email: string, password: string): Promise<AuthResult> {
  try {
    const client = getSupabase();
    // With confirmations on, the e-mailed link leads to this origin's /confirm-signup.
    const emailRedirectTo = typeof window === 'undefined' ? undefined : `${window.location.origin}/confirm-signup`;
    const { data, error } = await client.auth.signUp({ email, password, options: { emailRedirectTo } });
    if (error) return { ok: false, error };
    if (data.session) await client.auth.signOut({ scope: 'local' });
    // No session and no confirmed address: a confirmation link was sent (or, for an address that has an
    // account, Auth answered as if: the page says the same either way).
    return { ok: true, confirmationSent: !data.session && !data.user?.email_confirmed_at };
  } catch (err) {
    return { ok: false, error: err };
  }
}

export async function signOut(): Promise<void> {
  try {
    await getSupabase().auth.signOut();
  } finally {
    apply(null);
  }
}
