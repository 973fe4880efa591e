import { RESERVATION_SERVICE_UNREACHABLE, reservationApiEndpoint } from '@tablee/shared/core';
// Types only: the contract's zod schemas stay out of this light page's bundle.
import type { RateLimitedAnswer, RefusalAnswer, SubmittedRequest } from '@tablee/contract';
import type { Deposit } from '@tablee/domain/deposit';
import type { requestBody } from '../lib/form-rules';

/** What the reservation service answered the page. */
export type SendOutcome =
  /** codeReservation: the customer's one reference (on every e-mail they get); respondBy: when the restaurant promised to answer, within its opening hours. */
  | { kind: 'sent'; codeReservation: string; respondBy: string | null; deposit: Deposit | null; pageUrl: string | null }
  /** 422 and the like: `field` is the contract's field at fault (or null), `message` French. */
  | { kind: 'refused'; field: string | null; message: string }
  /** The page was switched off meanwhile (401: without a key, only an open page takes requests). */
  | { kind: 'closed' }
  | { kind: 'failed'; message: string };

/** The request's answer, a refusal, or GoTrue's 429; any of them partly (a proxy in between may answer something else). */
type Answer = Partial<SubmittedRequest> & Partial<RefusalAnswer> & Partial<Pick<RateLimitedAnswer, 'msg'>>;

/** POST {reservation API}/restaurants/{id}/requests without a key: the public path (source 'web'). Never rejects. */
export async function sendRequest({ restaurantId, body }: { restaurantId: string; body: ReturnType<typeof requestBody> }): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(reservationApiEndpoint(`restaurants/${encodeURIComponent(restaurantId)}/requests`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'failed', message: RESERVATION_SERVICE_UNREACHABLE };
  }
  let answer: Answer = {};
  try {
    answer = await response.json();
  } catch {
    // Not JSON: the French fallback below.
  }
  if (response.ok && answer.reservation?.code_reservation) {
    return {
      kind: 'sent',
      codeReservation: answer.reservation.code_reservation,
      respondBy: answer.reservation.respond_by ?? null,
      deposit: answer.reservation.deposit ?? null,
      // The customer's own page: where the request stands, and what they may change.
      pageUrl: answer.customer_page_url ?? null,
    };
  }
  if (response.status === 401) return { kind: 'closed' };
  const message = answer.message ?? answer.msg;
  if (response.status < 500 && message) return { kind: 'refused', field: answer.field ?? null, message };
  // The service's database restarting (503 api_unavailable): its French "try again", the form kept as typed.
  if (response.status === 503) return { kind: 'failed', message: message ?? 'Le service est momentanément indisponible ; réessayez dans un instant.' };
  return { kind: 'failed', message: 'Une erreur est survenue. Veuillez réessayer plus tard.' };
}
