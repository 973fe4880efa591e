/**
 * The page's one Supabase client, typed by the database's types. The kernel creates it (one client,
 * one session for every module) but does not own the schema, which changes with each migration: it
 * hands the client out untyped, and this typing, bundled in each module, is what queries go through.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase as kernelClient } from '@tablee/shared/supabase';
import type { Database } from './database';

export const getSupabase = (): SupabaseClient<Database> => kernelClient();
