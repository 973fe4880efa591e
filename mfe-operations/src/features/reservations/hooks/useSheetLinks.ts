import type { ReservationStatus } from '@tablee/shared';
import { useEffect, useState } from 'react';
import { getSheetLinks, type SheetLinks } from '../api/getSheetLinks';

export type SheetLinksState = { state: 'none' } | { state: 'loading' } | { state: 'ready'; links: SheetLinks } | { state: 'error'; message: string };

const hasSheets = (status: ReservationStatus | undefined) => status === 'accepted' || status === 'paid';

/**
 * The sheet links of the reservation shown, asked of the service once it is accepted or paid; asked
 * ahead of the click so that the button opens the tab at once (a tab opened after an await is blocked
 * by some browsers).
 */
export function useSheetLinks(numeroReservation: string | undefined, status: ReservationStatus | undefined): SheetLinksState {
  const wanted = !!numeroReservation && hasSheets(status);
  const [result, setResult] = useState<{ key: string; value: SheetLinksState } | null>(null);
  const key = wanted ? `${numeroReservation}/${status}` : '';

  useEffect(() => {
    if (!key) return;
    let live = true;
    getSheetLinks(numeroReservation!).then(
      (links) => live && setResult({ key, value: { state: 'ready', links } }),
      (error: unknown) => live && setResult({ key, value: { state: 'error', message: error instanceof Error && error.message ? error.message : 'Erreur inconnue' } }),
    );
    return () => {
      live = false;
    };
  }, [key, numeroReservation]);

  if (!wanted) return { state: 'none' };
  return result?.key === key ? result.value : { state: 'loading' };
}
