import { reservationApiEndpoint, reservationApiError, type Reservation, type ReservationStatus } from '@tablee/shared';

const ENDPOINTS: Partial<Record<ReservationStatus, string>> = {
  accepted: 'accept_reservation',
  rejected: 'reject_reservation',
};

/** The reason a failed answer gives: its JSON `message` when there is one, else the raw body. */
async function answerText(response: Response): Promise<string> {
  const body = await response.text();
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' && message ? message : body;
  } catch {
    return body;
  }
}

/**
 * Accepts or rejects a pending reservation through the reservation service (spec §7, dashboard
 * calls); it checks the management code and sends the customer's e-mail. Any other target is refused
 * before any call.
 */
export async function updateReservationStatus(reservation: Pick<Reservation, 'numeroReservation' | 'codeManage' | 'restaurantId'>, target: ReservationStatus): Promise<void> {
  const endpoint = ENDPOINTS[target];
  if (!endpoint) throw new Error(`Statut non supporté par l'API: ${target}`);
  const response = await fetch(reservationApiEndpoint(`reservations/${endpoint}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ numero_reservation: reservation.numeroReservation, code_manage: reservation.codeManage, restaurant_id: reservation.restaurantId }),
  });
  if (!response.ok) throw new Error(reservationApiError(response.status, await answerText(response)));
  const answer = (await response.json()) as { success?: boolean; message?: string };
  if (!answer.success) throw new Error(answer.message || 'Erreur inconnue');
}
