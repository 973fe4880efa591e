import type { ReservationDetails } from './details';

export type Decision = 'accept' | 'reject';
type Linked = Pick<ReservationDetails, 'numero_reservation' | 'code_manage'>;

/**
 * A one-click link's path after `${appUrl}/reservations/`: '{numero}/accept/{code_manage}'. The
 * WhatsApp template's URL buttons carry only this part (their base URL is registered with the template).
 */
export function decisionLinkSuffix(r: Linked, decision: Decision): string {
  return `${encodeURIComponent(r.numero_reservation)}/${decision}/${r.code_manage}`;
}

/** The one-click link of a request (the app's link page, no sign-in: the code_manage is the key). */
export function decisionLink(appUrl: string, r: Linked, decision: Decision): string {
  return `${appUrl}/reservations/${decisionLinkSuffix(r, decision)}`;
}

/** The request's path in the app (mfe-operations' reservation screen, 'reservations/:numero', takes the restaurant's number R-0042). */
export function reservationAppPath(r: Pick<ReservationDetails, 'restaurant_id' | 'numero_reservation_restaurateur'>): string {
  return `/restaurants/${r.restaurant_id}/operational/reservations/${encodeURIComponent(r.numero_reservation_restaurateur)}`;
}

/** The request in the app, at its address. */
export function reservationAppLink(appUrl: string, r: Pick<ReservationDetails, 'restaurant_id' | 'numero_reservation_restaurateur'>): string {
  return `${appUrl}${reservationAppPath(r)}`;
}

/** A conversation in the app (mfe-operations' conversation screen), where a member answers the customer. */
export function conversationAppLink(appUrl: string, restaurantId: string, conversationId: string): string {
  return `${appUrl}/restaurants/${encodeURIComponent(restaurantId)}/operational/conversations/${encodeURIComponent(conversationId)}`;
}
