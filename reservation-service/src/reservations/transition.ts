import type { SupabaseClient } from '@supabase/supabase-js';
import { targetStatusCode, type Action, type Outcome } from './outcomes';

export interface TransitionResult {
  outcome: Outcome;
  status: number | null;
  numero_reservation_restaurateur: string | null;
  reservation_id: string | null;
}

async function call(db: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<TransitionResult> {
  const { data, error } = await db.rpc(fn, args);
  if (error) throw new Error(`${fn} failed: ${error.code ?? ''} ${error.message}`);
  return data as TransitionResult;
}

/** A one-click link: one call of the SQL function, which checks the code and locks the row, so of two simultaneous clicks exactly one gets 'ok'. */
export function transitionReservation(
  db: SupabaseClient,
  input: { numero: string; code: string; action: Action },
): Promise<TransitionResult> {
  return call(db, 'transition_reservation', {
    p_numero_reservation: input.numero,
    p_code_manage: input.code,
    p_target_status: targetStatusCode(input.action),
    p_restaurant_id: null,
  });
}

/** The dashboard: a reservation the owner's own read (RLS) has found; same lock and rule. */
export function transitionOwnedReservation(db: SupabaseClient, input: { id: string; action: Action }): Promise<TransitionResult> {
  return call(db, 'transition_reservation_by_id', { p_reservation_id: input.id, p_target_status: targetStatusCode(input.action) });
}
