import { DUE_ORDER_PARAM, parseReservationListParams, RESERVATION_LIST_PARAM as PARAM, SERVICE_PARAM_VALUES, type ReservationListParams } from '@tablee/operations-data';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Reads and writes filter, search, date range and page in the query string, so that the back button
 * and a shared link show the same list. Read by the parser of @tablee/operations-data, the one the
 * shell uses to start the list's request from the address.
 */
export function useReservationListParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo(() => parseReservationListParams(searchParams), [searchParams]);

  /** Any change of filter, search or dates goes back to page 1. */
  const update = useCallback(
    (
      change: Partial<Pick<ReservationListParams, 'status' | 'search' | 'dateFrom' | 'dateTo' | 'service' | 'order' | 'page' | 'receivedFrom' | 'receivedTo' | 'statuses' | 'source'>>,
      options: { replace?: boolean } = {},
    ) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
          if ('status' in change) set(PARAM.status, change.status === 'all' ? undefined : change.status);
          if ('search' in change) set(PARAM.search, change.search?.trim() || undefined);
          if ('dateFrom' in change) set(PARAM.from, change.dateFrom);
          if ('dateTo' in change) set(PARAM.to, change.dateTo);
          if ('order' in change) set(PARAM.order, change.order === 'due' ? DUE_ORDER_PARAM : undefined);
          // 'À traiter' is a list of pending requests: another status leaves that order.
          if ('status' in change && change.status !== 'pending') next.delete(PARAM.order);
          if ('service' in change) set(PARAM.service, change.service && SERVICE_PARAM_VALUES[change.service]);
          // The statistics' filters (a figure's link): removed one by one from the list.
          if ('receivedFrom' in change) set(PARAM.receivedFrom, change.receivedFrom);
          if ('receivedTo' in change) set(PARAM.receivedTo, change.receivedTo);
          if ('statuses' in change) set(PARAM.statuses, change.statuses?.join(','));
          if ('source' in change) set(PARAM.source, change.source);
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
