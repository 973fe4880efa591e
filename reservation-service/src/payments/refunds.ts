import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Db } from '../lib/supabase';
import { databaseFailure } from '../lib/errors';

/**
 * Makes at Stripe the refunds a cancellation planned (public.take_pending_refunds: each taken for a
 * minute by one instance), on the account the payment was made on. The row's id is the idempotency
 * key (a retry after a lost answer never refunds twice) and rides in the refund's metadata, so that
 * charge.refunded arriving before the answer is recorded finds the row. Stripe's refusal (more than what is left, a
 * disputed charge, an account disconnected) is final and said in the history; an error of the network or
 * of Stripe's servers leaves the refund to the next round (the reminder job's, every minute), twenty times at most.
 */
export async function makePendingRefunds(db: Db, stripe: Stripe, log: FastifyBaseLogger, reservationId?: string): Promise<number> {
  const { data, error, status } = await db.rpc('take_pending_refunds', reservationId ? { p_reservation_id: reservationId } : {});
  if (error) throw databaseFailure('take_pending_refunds', { error, status });
  const refunds = data ?? [];
  for (const refund of refunds) {
    let outcome: { p_refund_id: string | null; p_status: string; p_error?: string };
    try {
      const made = await stripe.refunds.create(
        { payment_intent: refund.payment_intent, amount: refund.amount_cents, metadata: { reservation_id: refund.reservation_id, tablee_refund_id: refund.id } },
        { stripeAccount: refund.account_id, idempotencyKey: `refund-${refund.id}` },
      );
      outcome = { p_refund_id: made.id, p_status: made.status ?? 'pending' };
    } catch (e) {
      // Stripe's refusal, or an account that no longer lets Tablée act on it (disconnected): trying again changes nothing.
      const final = e instanceof Stripe.errors.StripeInvalidRequestError || e instanceof Stripe.errors.StripeCardError || e instanceof Stripe.errors.StripePermissionError;
      log.warn({ refund: refund.id, error: (e as Error).message, final }, 'refund not made');
      outcome = { p_refund_id: null, p_status: final ? 'failed' : 'pending', p_error: (e as Error).message.slice(0, 1000) };
    }
    const recorded = await db.rpc('refund_made', { p_id: refund.id, ...outcome } as never);
    if (recorded.error) throw databaseFailure('refund_made', { error: recorded.error, status: recorded.status });
  }
  return refunds.length;
}
