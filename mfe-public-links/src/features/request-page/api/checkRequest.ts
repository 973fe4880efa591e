import { reservationApiEndpoint } from '@tablee/shared/core';
// Types only: the contract's zod schemas stay out of this light page's bundle.
import type { RequestCheck } from '@tablee/contract';

/** What the restaurant's rules say of the booking as chosen so far: SQL's total and deposit, and its first refusal. */
export type CheckOutcome = { kind: 'checked'; booking: string; answer: RequestCheck } | { kind: 'failed'; booking: string };

/**
 * POST {reservation API}/restaurants/{id}/requests/check without a key (public.check_group_request):
 * the total and the deposit are SQL's, as the submission will store them. `booking` is the body as
 * sent, so that the page shows an answer only for what is still chosen. Never rejects.
 */
export async function checkRequest({ restaurantId, booking }: { restaurantId: string; booking: string }): Promise<CheckOutcome> {
  try {
    const response = await fetch(reservationApiEndpoint(`restaurants/${encodeURIComponent(restaurantId)}/requests/check`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: booking,
    });
    if (!response.ok) return { kind: 'failed', booking };
    const answer: RequestCheck = await response.json();
    return { kind: 'checked', booking, answer };
  } catch {
    return { kind: 'failed', booking };
  }
}
