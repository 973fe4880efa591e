/**
 * The light reservation page's first step: the config, the Supabase client and the session, then the
 * reservation — the same query (reservationQueryOptions) in the kernel's one QueryClient, where the
 * page and, after it, the full application's reservation screen find it — asked as soon as supabase-js
 * is there, while the page's code is still downloading (as start/dashboard-early.ts does for the cards).
 */
import { reservationQueryOptions } from '@tablee/operations-data/reservations';
import { queryClient } from '@tablee/shared/light';
import { initSupabase, startSession, tableeStore, userAtom } from '@tablee/shared/supabase';
import { appConfig } from './config';

/** The restaurant and the reservation's number of the address (/restaurants/{id}/operational/reservations/{numero}). */
function reservationOfAddress(pathname: string): { restaurantId: string; numero: string } {
  const [, , restaurantId = '', , , numero = ''] = pathname.split('/');
  return { restaurantId: decodeURIComponent(restaurantId), numero: decodeURIComponent(numero) };
}

/** The reservation this page shows. */
export const reservationAddress = reservationOfAddress(window.location.pathname);

/** Resolves once the stored session has been read (signed in or not); rejects when config.json cannot be read. */
export const sessionRead: Promise<void> = appConfig().then(async (config) => {
  initSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
  await startSession();
  const { restaurantId, numero } = reservationAddress;
  // Only a head start: an error is the page's to show (its query asks again).
  if (tableeStore.get(userAtom)) queryClient.prefetchQuery(reservationQueryOptions(restaurantId, numero)).catch(() => undefined);
});
