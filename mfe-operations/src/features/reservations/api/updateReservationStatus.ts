import type { Reservation, ReservationStatus } from '@tablee/shared';
import { callReservationService } from './reservationService';

const ENDPOINTS: Partial<Record<ReservationStatus, string>> = {
  accepted: 'accept_reservation',
  rejected: 'reject_reservation',
};

/**
 * Accepts or rejects a pending reservation through the reservation service (spec §7, dashboard
 * calls, body without code_manage: the owner's session authorises it); the service sends the
 * customer's e-mail. Any other target is refused before any call.
 */
export async function updateReservationStatus(reservation: Pick<Reservation, 'numeroReservation' | 'restaurantId'>, target: ReservationStatus): Promise<void> {
  const endpoint = ENDPOINTS[target];
  if (!endpoint) throw new Error(`Statut non supporté par l'API: ${target}`);
  await callReservationService(`reservations/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ numero_reservation: reservation.numeroReservation, restaurant_id: reservation.restaurantId }),
  });
}
