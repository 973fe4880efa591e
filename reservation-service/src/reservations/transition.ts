import { targetStatusCode, type Action, type Outcome } from './outcomes';
import type { Database } from '@tablee/domain/database-types';
import type { Db } from '../lib/supabase';

export interface TransitionResult {
  outcome: Outcome;
  status: number | null;
  numero_reservation_restaurateur: string | null;
  reservation_id: string | null;
  /** With 'past_date': the request's date ('YYYY-MM-DD'). */
  reservation_date?: string;
}

type Functions = Database['public']['Functions'];

async function call<F extends 'transition_reservation' | 'transition_reservation_by_id'>(db: Db, fn: F, args: Functions[F]['Args']): Promise<TransitionResult> {
  const { data, error } = await db.rpc(fn, args as never);
  if (error) throw new Error(`${fn} failed: ${error.code ?? ''} ${error.message}`);
  // The SQL functions return jsonb, typed Json: its shape is the functions' documented answer.
  return data as unknown as TransitionResult;
}

/** A one-click link: one call of the SQL function, which checks the code and locks the row, so of two simultaneous clicks exactly one gets 'ok'. */
export function transitionReservation(
  db: Db,
  input: { numero: string; code: string; action: Action },
): Promise<TransitionResult> {
  return call(db, 'transition_reservation', {
    p_numero_reservation: input.numero,
    p_code_manage: input.code,
    p_target_status: targetStatusCode(input.action),
  });
}

/** Why, in the owner's words: a reason code, its text for 'autre', another date or time to propose. */
export interface DecisionReason { reason?: string; reason_detail?: string; proposal?: string }

/**
 * The dashboard: a reservation the owner's own read (RLS) has found; same lock, the allowed
 * transitions only, and one history row naming the owner.
 */
export function transitionOwnedReservation(db: Db, input: { id: string; action: Action; ownerId: string } & DecisionReason): Promise<TransitionResult> {
  return call(db, 'transition_reservation_by_id', {
    p_reservation_id: input.id,
    p_target_status: targetStatusCode(input.action),
    p_actor: 'owner',
    p_actor_user_id: input.ownerId,
    p_reason: input.reason,
    p_reason_detail: input.reason_detail,
    p_proposal: input.proposal,
  });
}
