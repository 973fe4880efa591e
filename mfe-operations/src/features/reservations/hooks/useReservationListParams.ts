import { parseReservationFilter, type ReservationStatus } from '@tablee/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** URL parameters of the list, so that the back button and a shared link show the same list. */
const PARAM = { status: 'statut', search: 'recherche', from: 'du', to: 'au', page: 'page' } as const;

export const SEARCH_MAX_LENGTH = 100;

export interface ReservationListParams {
  status: ReservationStatus | 'all';
  search: string;
  dateFrom?: string;
  dateTo?: string;
  page: number;
  /** The URL's dates are in the wrong order: they are not applied, the screen says why. */
  invalidRange: boolean;
}

function isoDate(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : undefined;
}

/** Reads and writes filter, search, date range and page in the query string; anything malformed reads as unset. */
export function useReservationListParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<ReservationListParams>(() => {
    const page = Number(searchParams.get(PARAM.page));
    let dateFrom = isoDate(searchParams.get(PARAM.from));
    let dateTo = isoDate(searchParams.get(PARAM.to));
    const invalidRange = !!dateFrom && !!dateTo && dateFrom > dateTo;
    if (invalidRange) dateFrom = dateTo = undefined;
    return {
      status: parseReservationFilter(searchParams.get(PARAM.status)),
      search: (searchParams.get(PARAM.search) ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
      dateFrom,
      dateTo,
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      invalidRange,
    };
  }, [searchParams]);

  /** Any change of filter, search or dates goes back to page 1. */
  const update = useCallback(
    (change: Partial<Pick<ReservationListParams, 'status' | 'search' | 'dateFrom' | 'dateTo' | 'page'>>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
          if ('status' in change) set(PARAM.status, change.status === 'all' ? undefined : change.status);
          if ('search' in change) set(PARAM.search, change.search?.trim() || undefined);
          if ('dateFrom' in change) set(PARAM.from, change.dateFrom);
          if ('dateTo' in change) set(PARAM.to, change.dateTo);
          set(PARAM.page, change.page && change.page > 1 ? String(change.page) : undefined);
          return next;
        },
        { replace: options.replace },
      );
    },
    [setSearchParams],
  );

  return { params, update };
}
