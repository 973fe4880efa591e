/**
 * @tablee/shared/supabase — the Supabase client and the session (jotai atoms in the one store, sign-in,
 * sign-up, sign-out; the pages that call them word their errors), without antd and without TanStack Query: the sign-in
 * and sign-up pages render with this and the core only. The main entry (@tablee/shared) re-exports it.
 */
export { getSupabase, initSupabase, type SupabaseSettings } from './supabase/client';
export { authLoadingAtom, onUserChange, sessionAtom, signIn, signOut, signUp, startSession, tableeStore, userAtom, type AuthResult, type User } from './session/session';
