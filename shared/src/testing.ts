/**
 * @tablee/shared/testing — the kernel's hooks for tests: a fresh Supabase client, a stopped session.
 * Never imported by production code (eslint), and not part of the surface the modules share at run time.
 */
export { resetSupabaseForTests } from './supabase/client';
export { stopSessionForTests } from './session/session';
