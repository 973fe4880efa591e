import { getSupabase, reservationApiEndpoint, reservationApiError } from '@tablee/shared';

/** The reason a failed answer gives: its JSON `message` when there is one, else the raw body. */
async function answerText(response: Response): Promise<string> {
  const body = await response.text();
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' && message ? message : body;
  } catch {
    return body;
  }
}

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
  const response = await fetch(reservationApiEndpoint(path), {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(reservationApiError(response.status, await answerText(response)));
  const answer = (await response.json()) as T & { success?: boolean; message?: string };
  if (!answer.success) throw new Error(answer.message || 'Erreur inconnue');
  return answer;
}
