import { hasSheets, type ReservationStatus } from '@tablee/domain';
import { useQuery } from '@tanstack/react-query';
import { sheetLinksQueryOptions, type SheetLinks } from '../api/getSheetLinks';

export type SheetLinksState = { state: 'none' } | { state: 'loading' } | { state: 'ready'; links: SheetLinks } | { state: 'error'; message: string };

/**
 * The sheet links of the reservation shown, asked of the service once it is accepted or paid; asked
 * ahead of the click so that the button opens the tab at once (a tab opened after an await is blocked
 * by some browsers).
 */
export function useSheetLinks(restaurantId: string, numeroReservation: string | undefined, status: ReservationStatus | undefined): SheetLinksState {
  const wanted = !!numeroReservation && !!status && hasSheets(status);
  const query = useQuery({ ...sheetLinksQueryOptions(restaurantId, numeroReservation ?? '', status ?? 'accepted'), enabled: wanted });
  if (!wanted) return { state: 'none' };
  if (query.isSuccess) return { state: 'ready', links: query.data };
  if (query.isError) return { state: 'error', message: query.error.message || 'Erreur inconnue' };
  return { state: 'loading' };
}
