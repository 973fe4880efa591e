import type { PostgrestSingleResponse } from '@supabase/supabase-js';
import { acceptanceWarnings, type AcceptanceCheck } from '@tablee/domain/acceptance';
import type { Json } from '@tablee/domain/database-types';
import type { DepositOutcome, TransitionResult } from '@tablee/domain/transitions';
import { targetStatusCode, type Action } from './outcomes';
import { databaseFailure } from '../lib/errors';
import type { Db } from '../lib/supabase';

/** What a transition function answered; a failed call (not a refusal: those are outcomes) throws. */
function answer(fn: string, { data, error, status }: PostgrestSingleResponse<TransitionResult>): TransitionResult {
  if (error) throw databaseFailure(fn, { error, status });
  return data;
}

/** A one-click link: one call of the SQL function, which checks the code and locks the row, so of two simultaneous clicks exactly one gets 'ok'. */
export async function transitionReservation(db: Db, input: { numero: string; code: string; action: Action }): Promise<TransitionResult> {
  return answer(
    'transition_reservation',
    await db.rpc('transition_reservation', {
      p_numero_reservation: input.numero,
      p_code_manage: input.code,
      p_target_status: targetStatusCode(input.action),
    }),
  );
}

/** Undoes a decision of the one-click link while its window is open (public.undo_link_decision: code checked, row locked, nothing sent). */
export async function undoLinkDecision(db: Db, input: { numero: string; code: string }): Promise<TransitionResult> {
  return answer('undo_link_decision', await db.rpc('undo_link_decision', { p_numero_reservation: input.numero, p_code_manage: input.code }));
}

/**
 * The one-click 'Accepter': accepted only when public.reservation_acceptance_check gives no warning
 * (acceptanceWarnings, the app's own list: over capacity, closed, outside the hours, and whatever it
 * comes to say). accept_reservation_by_link answers the check first ('plan_check'); the acceptance is
 * asked with the check decided on, and made only if the check read under the day's locks is still
 * that one (else its new value is decided on again). With a warning: 'plan_warnings', nothing changed.
 */
export async function acceptByLink(db: Db, input: { numero: string; code: string }): Promise<TransitionResult> {
  let expected: Json | undefined;
  let result: TransitionResult | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    result = answer('accept_reservation_by_link', await db.rpc('accept_reservation_by_link', { p_numero_reservation: input.numero, p_code_manage: input.code, p_expected_check: expected }));
    if (result.outcome !== 'plan_check') return result;
    const check = (result.check ?? null) as AcceptanceCheck | null;
    const warnings = check ? acceptanceWarnings(check) : [];
    if (warnings.length > 0) return { ...result, outcome: 'plan_warnings', warnings };
    expected = { check: (result.check ?? null) as Json };
  }
  return result!;
}

/**
 * Why, in the owner's words: a reason code, its text for 'autre', another date or time to propose; a
 * cancelled paid reservation's acompte, refunded (refund_amount_cents) or kept. `amount_cents`: what the
 * database recorded (refunded, or kept), for the e-mail.
 */
export interface DecisionReason {
  reason?: string;
  reason_detail?: string;
  proposal?: string;
  deposit?: DepositOutcome;
  refund_amount_cents?: number;
  amount_cents?: number | null;
  /** Who decided, as the history recorded it (reservation_events.actor), read back by the sender: 'customer' for a cancellation the customer made on their page. */
  actor?: string;
}

/**
 * The dashboard: a reservation the member's own read (RLS) has found; same lock, the allowed
 * transitions only, and one history row naming the owner.
 */
export async function transitionOwnedReservation(db: Db, input: { id: string; action: Action; ownerId: string } & DecisionReason): Promise<TransitionResult> {
  return answer(
    'transition_reservation_by_id',
    await db.rpc('transition_reservation_by_id', {
      p_reservation_id: input.id,
      p_target_status: targetStatusCode(input.action),
      p_actor: 'owner',
      p_actor_user_id: input.ownerId,
      p_reason: input.reason,
      p_reason_detail: input.reason_detail,
      p_proposal: input.proposal,
      p_deposit: input.deposit,
      p_amount_cents: input.refund_amount_cents,
    }),
  );
}
