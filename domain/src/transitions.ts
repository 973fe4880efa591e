/**
 * What public.transition_reservation and transition_reservation_by_id answer (jsonb): how the asked
 * change of status ended, and the reservation as it now is. Kept free of imports: the reservation
 * service (Node) reads it.
 */
export type TransitionOutcome = 'ok' | 'not_found' | 'wrong_code' | 'not_pending' | 'not_allowed' | 'reason_required' | 'reason_invalid' | 'past_date';

export interface TransitionResult {
  outcome: TransitionOutcome;
  status: number | null;
  numero_reservation_restaurateur: string | null;
  reservation_id: string | null;
  /** With 'past_date': the request's date ('YYYY-MM-DD'). */
  reservation_date?: string;
}
