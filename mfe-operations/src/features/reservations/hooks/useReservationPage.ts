import { useCallback, useEffect, useRef, useState } from 'react';
import { listReservations, PageOutOfRangeError, type ReservationPage, type ReservationQuery } from '../api/listReservations';

export type ReservationPageState =
  | { status: 'loading'; previous?: ReservationPage }
  | { status: 'error' }
  | { status: 'out-of-range' }
  | { status: 'ready'; page: ReservationPage };

/** Loads the page of the query; only the answer to the latest query is kept. */
export function useReservationPage(query: ReservationQuery | null): ReservationPageState {
  const [state, setState] = useState<ReservationPageState>({ status: 'loading' });
  const latest = useRef(0);
  const key = query ? JSON.stringify(query) : '';

  // The query's value, not its identity, decides when to load (a new object each render).
  const load = useCallback(() => {
    if (!key) return;
    const query = JSON.parse(key) as ReservationQuery;
    const ticket = ++latest.current;
    // Keep the rows on screen while the next page loads (the table shows its own spinner).
    setState((s) => ({ status: 'loading', previous: s.status === 'ready' ? s.page : s.status === 'loading' ? s.previous : undefined }));
    listReservations(query).then(
      (page) => ticket === latest.current && setState({ status: 'ready', page }),
      (error) => ticket === latest.current && setState({ status: error instanceof PageOutOfRangeError ? 'out-of-range' : 'error' }),
    );
  }, [key]);

  useEffect(load, [load]);
  return state;
}
