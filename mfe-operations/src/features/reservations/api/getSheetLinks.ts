import type { SheetLinksAnswer } from '@tablee/contract';
import { reservationKeys } from '@tablee/operations-data';
import type { ReservationStatus } from '@tablee/domain';
import { queryOptions } from '@tanstack/react-query';
import type { Sheet } from '../format';
import { callReservationService } from '../../../lib/reservationService';

export type SheetLinks = Record<Sheet, string>;

/** The kitchen and dining-room PDF links of an accepted or paid reservation, handed out by the service to its owner. */
export async function getSheetLinks(numeroReservation: string): Promise<SheetLinks> {
  // The call resolves on success only: the answer with the links.
  const answer = await callReservationService<Extract<SheetLinksAnswer, { success: true }>>(`reservations/${encodeURIComponent(numeroReservation)}/sheets`);
  return { 'feuille-cuisine': answer.feuille_cuisine_url, 'feuille-salle': answer.feuille_salle_url };
}

/** Per reservation and status: a status change (accepted → paid) asks again. */
export const sheetLinksQueryOptions = (restaurantId: string, numeroReservation: string, status: ReservationStatus) =>
  queryOptions({ queryKey: [...reservationKeys.all(restaurantId), 'sheets', numeroReservation, status], queryFn: () => getSheetLinks(numeroReservation) });
