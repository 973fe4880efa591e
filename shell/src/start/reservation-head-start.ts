/**
 * The light reservation page's first step, a small chunk loaded alone before the page's code: the
 * config, then, with the session supabase-js stored, the reservation asked through postgrest-js
 * (operations-data's readReservation, the full screen's query) before supabase-js, TanStack Query or
 * React have loaded. Without a usable stored session (none, or expired: supabase-js refreshes it), the
 * page asks once supabase-js has read the session (reservation-early.ts).
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@tablee/domain';
import { readReservation, type ReservationDetail } from '@tablee/operations-data/reservation-read';
import { appConfig } from './config';
import { storedSession } from './stored-session';

/** The restaurant and the reservation's number of the address (/restaurants/{id}/operational/reservations/{numero}). */
function reservationOfAddress(pathname: string): { restaurantId: string; numero: string } {
  const [, , restaurantId = '', , , numero = ''] = pathname.split('/');
  return { restaurantId: decodeURIComponent(restaurantId), numero: decodeURIComponent(numero) };
}

/** The reservation this page shows. */
export const reservationAddress = reservationOfAddress(window.location.pathname);

/** What the light page needs of the session: who is signed in (the header), the reservation's read on their rights and its first answer. */
export interface LightSession {
  email: string | undefined;
  read: () => Promise<ReservationDetail | null>;
  firstRead: Promise<ReservationDetail | null>;
}

/** The session as stored, with the reservation asked at once; null when supabase-js must read (or refresh) it first. Rejects when config.json cannot be read. */
export async function lightSession(): Promise<LightSession | null> {
  const config = await appConfig();
  const session = storedSession(config.supabaseUrl);
  if (!session) return null;
  const rest = new PostgrestClient<Database>(`${config.supabaseUrl.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${session.accessToken}` },
  });
  const { restaurantId, numero } = reservationAddress;
  const read = () => readReservation(rest, restaurantId, numero);
  const firstRead = read();
  // Its error is the page's to show (its query's).
  firstRead.catch(() => undefined);
  return { email: session.email, read, firstRead };
}

/** Begun as soon as this module runs, before the page's code is asked. */
export const headStart = lightSession();
