import type { DecisionAnswer, DecisionBody } from '@tablee/contract';
import { reservationKeys, reservationQueryOptions } from '@tablee/operations-data';
import type { Reservation, ReservationStatus } from '@tablee/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callReservationService } from '../../../lib/reservationService';

const ENDPOINTS: Partial<Record<ReservationStatus, string>> = {
  accepted: 'accept_reservation',
  rejected: 'reject_reservation',
  paid: 'mark_paid',
  cancelled: 'cancel_reservation',
  no_show: 'mark_no_show',
};

/**
 * Why (a refusal, a cancellation): a reason code, the owner's words for 'autre', a date or time to
 * propose; cancelling a paid reservation, the acompte refunded (refund_amount_cents) or kept.
 */
export type DecisionReason = Pick<DecisionBody, 'reason' | 'reason_detail' | 'proposal' | 'deposit' | 'refund_amount_cents'>;

/**
 * Accepts, refuses, marks 'Acompte reçu' or cancels through the reservation service (spec §7,
 * dashboard calls, body without code_manage: the owner's session authorises it; the database keeps to
 * the allowed transitions); the decision queues the customer's e-mail, which the service's sender sends. A target with no endpoint
 * (pending) is refused before any call. The answer's French message says whether the customer will be e-mailed (email_queued:
 * their e-mail is in the outbox).
 */
export async function updateReservationStatus(reservation: Pick<Reservation, 'numeroReservation' | 'restaurantId'>, target: ReservationStatus, why: DecisionReason = {}): Promise<DecisionAnswer> {
  const endpoint = ENDPOINTS[target];
  if (!endpoint) throw new Error(`Statut non supporté par l'API: ${target}`);
  return callReservationService<DecisionAnswer>(`reservations/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ numero_reservation: reservation.numeroReservation, restaurant_id: reservation.restaurantId, ...why }),
  });
}

/**
 * Accept or reject, then: the reservation shows the chosen status at once, and every query of the
 * restaurant's reservations (this one re-read from the database, the list pages, the counts of the
 * sidebar's pending badge and of the filter) is invalidated. After a failure too (a 409: decided in
 * another tab; the service unreachable): the screen shows the status the database has, not the one it
 * had. Pending until the reservations are re-read.
 */
export function useUpdateReservationStatus(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reservation, target, why }: { reservation: Reservation; target: ReservationStatus; why?: DecisionReason }) => updateReservationStatus(reservation, target, why),
    onSuccess: (_answer, { reservation, target }) => {
      queryClient.setQueryData(reservationQueryOptions(restaurantId, reservation.numero).queryKey, (shown) => (shown ? { ...shown, status: target } : shown));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationKeys.all(restaurantId) }),
  });
}
