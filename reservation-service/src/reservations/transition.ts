import type { PostgrestSingleResponse } from '@supabase/supabase-js';
import type { DepositOutcome, TransitionResult } from '@tablee/domain/transitions';
import { targetStatusCode, type Action } from './outcomes';
import type { Db } from '../lib/supabase';

/** What a transition function answered; a failed call (not a refusal: those are outcomes) throws. */
function answer(fn: string, { data, error }: PostgrestSingleResponse<TransitionResult>): TransitionResult {
  if (error) throw new Error(`${fn} failed: ${error.code ?? ''} ${error.message}`);
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

/**
 * Why, in the owner's words: a reason code, its text for 'autre', another date or time to propose; a
 * cancelled paid reservation's acompte, refunded (refund_amount) or kept. `amount`: what the database
 * recorded (refunded, or kept), for the e-mail.
 */
export interface DecisionReason {
  reason?: string;
  reason_detail?: string;
  proposal?: string;
  deposit?: DepositOutcome;
  refund_amount?: number;
  amount?: number | null;
}

/**
 * The dashboard: a reservation the owner's own read (RLS) has found; same lock, the allowed
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
      p_amount: input.refund_amount,
    }),
  );
}
