/**
 * The jsonb answers of the functions the reservation service and the screens call, which the type
 * generator reads as `Json`: set over the generated types in database.ts (MergeDeep).
 */
import type { AcceptanceCheck } from './acceptance';
import type { DepositTerms } from './deposit';
import type { ReservationStatus } from './reservation-status';

/** public.submit_group_request and public.submit_owner_reservation: the request stored (or replayed, or only previewed). */
export interface SubmittedRequestAnswer {
  /** The same external_id again: the reservation already stored. */
  replayed: boolean;
  /** submit_owner_reservation with p_preview: checked, nothing stored. */
  preview?: boolean;
  reservation: {
    id: string;
    numero: string;
    numero_restaurateur: string;
    code_reservation: string;
    status: ReservationStatus;
    respond_by: string;
    total_amount: number;
  };
  acceptance: AcceptanceCheck | null;
  /** The restaurant's billing terms, from which the reservation service computes the acompte. */
  deposit_terms: DepositTerms | null;
}

/** public.modify_reservation: what changed (or would), and the acceptance check of the reservation as changed. */
export interface ModifyReservationAnswer {
  preview: boolean;
  changed: boolean;
  summary: string | null;
  acceptance: AcceptanceCheck | null;
  /** The customer of an accepted or paid reservation is e-mailed the new details. */
  customer_notified?: boolean;
  numero_restaurateur?: string;
  total_amount?: number;
}

/** public.issue_invitation_token: the invitation to e-mail; null when it was answered meanwhile. */
export interface InvitationToSend {
  email: string;
  role: string;
  expires_at: string;
  restaurant_name: string;
  invited_by: string | null;
}
