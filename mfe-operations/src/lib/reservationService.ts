import { RESERVATION_SERVICE_UNREACHABLE, reservationApiEndpoint, reservationApiError } from '@tablee/shared';
import { getSupabase } from '@tablee/domain';

/**
 * A call of the reservation service as the signed-in owner: it checks their access token and, in the
 * database, that the reservation is theirs (the browser never holds a reservation's code_manage).
 * Resolves with the answer when it says success, rejects with the French message otherwise.
 */
export async function callReservationService<T extends object>(path: string, init: RequestInit = {}): Promise<T> {
  // supabase-js refreshes an expired access token here.
  const { data } = await getSupabase().auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error('Utilisateur non connecté');
  let response: Response;
  try {
    response = await fetch(reservationApiEndpoint(path), {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
    });
  } catch {
    // The browser's own words ('Failed to fetch', 'NetworkError…') say nothing to an owner.
    throw new Error(RESERVATION_SERVICE_UNREACHABLE);
  }
  if (!response.ok) throw new Error(reservationApiError(response.status, await response.text()));
  const answer = (await response.json()) as T & { success?: boolean; message?: string };
  if (!answer.success) throw new Error(answer.message || 'Erreur inconnue');
  return answer;
}
