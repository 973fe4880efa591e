/**
 * supabase-js for the light reservation page: loaded after the page is shown (the full application
 * needs it), or first when the stored session must be read or refreshed before the reservation can
 * be asked (reservation-head-start.ts), and for 'Se déconnecter'.
 */
import { initSupabase, signOut, startSession } from '@tablee/shared/supabase';
import { appConfig } from './config';

/** Resolves once supabase-js has read the stored session (refreshed when it had expired); rejects when config.json cannot be read. */
export const sessionRead: Promise<void> = appConfig().then(async (config) => {
  initSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
  await startSession();
});

/** 'Se déconnecter' on the light page. */
export const signOutOfPage = () => sessionRead.then(() => signOut());
