/**
 * @tablee/shared/supabase — the Supabase client and the session (jotai atoms in the one store, sign-in,
 * sign-up, sign-out, their French messages), without antd and without TanStack Query: the sign-in
 * and sign-up pages render with this and the core only. The main entry (@tablee/shared) re-exports it.
 */
export * from './supabase/client';
export * from './session/session';
export * from './session/errors';
export * from './session/password';
