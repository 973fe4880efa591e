import type { SupabaseClient } from '@supabase/supabase-js';
import { TARGET_STATUS, type Action, type Outcome } from './outcomes';

export interface TransitionResult {
  outcome: Outcome;
  status: number | null;
  numero_reservation_restaurateur: string | null;
  reservation_id: string | null;
}

/** One call of the SQL function: it locks the row, so of two simultaneous clicks exactly one gets 'ok'. */
export async function transitionReservation(
  db: SupabaseClient,
  input: { numero: string; code: string; action: Action; restaurantId?: string },
): Promise<TransitionResult> {
  const { data, error } = await db.rpc('transition_reservation', {
    p_numero_reservation: input.numero,
    p_code_manage: input.code,
    p_target_status: TARGET_STATUS[input.action],
    p_restaurant_id: input.restaurantId ?? null,
  });
  if (error) throw new Error(`transition_reservation failed: ${error.code ?? ''} ${error.message}`);
  return data as TransitionResult;
}
