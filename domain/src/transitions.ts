/**
 * What public.transition_reservation and transition_reservation_by_id answer (jsonb): how the asked
 * change of status ended, and the reservation as it now is. Kept free of imports: the reservation
 * service (Node) reads it.
 */
export type TransitionOutcome =
  | 'ok'
  | 'not_found'
  | 'wrong_code'
  | 'not_pending'
  | 'not_allowed'
  | 'reason_required'
  | 'reason_invalid'
  | 'past_date'
  | 'too_early'
  | 'deposit_required'
  | 'deposit_invalid'
  | 'amount_invalid'
  /** public.accept_reservation_by_link: the plan (`check`) to decide on; nothing changed. */
  | 'plan_check'
  /** The one-click acceptance refused: the plan calls for the owner's confirmation (`warnings`), in the app. */
  | 'plan_warnings'
  /** public.undo_link_decision: past the undo window, or the customer's e-mail already taken by the sender. */
  | 'too_late'
  /** public.undo_link_decision: the reservation's last change is not a decision of its link. */
  | 'not_undoable';

/** Cancelling a paid reservation: what becomes of the money received. */
export type DepositOutcome = 'refunded' | 'kept';

export interface TransitionResult {
  outcome: TransitionOutcome;
  status: number | null;
  numero_reservation_restaurateur: string | null;
  reservation_id: string | null;
  /** With 'past_date' and 'too_early': the reservation's date ('YYYY-MM-DD'). */
  reservation_date?: string;
  /** With 'too_early': the arrival time ('HH:MM'), or null. */
  arrival_time?: string | null;
  /** With 'amount_invalid': what was received (cents), the most that may be refunded. */
  amount_received_cents?: number;
  /** With 'ok': a cancelled paid reservation's acompte, refunded or kept, and its amount (or what was received, to paid). */
  deposit?: DepositOutcome | null;
  amount_cents?: number | null;
  /** With 'ok': the customer's e-mail of the decision was queued in the outbox (they have one valid address; a no-show tells no one). */
  email_queued?: boolean;
  /** With 'ok' from a one-click link: until when the decision can be undone from the link (ISO time), its e-mail held until then. */
  undo_until?: string | null;
  /** From accept_reservation_by_link once the code is right: where the reservation is in the app. */
  restaurant_id?: string;
  /** With 'plan_check': public.reservation_acceptance_check's row (null when it has none). */
  check?: Record<string, unknown> | null;
  /** With 'plan_warnings': why, in French (acceptanceWarnings). */
  warnings?: string[];
}
