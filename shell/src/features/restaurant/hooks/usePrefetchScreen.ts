import { prefetchOperationsScreen, reservationCountsQueryOptions } from '@tablee/operations-data';
import { usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { restaurantQueryOptions } from '../api/getRestaurant';

/**
 * Starts, all at once and during the layout's render (TanStack's usePrefetchQuery pattern: only what
 * the cache does not hold yet, so re-renders ask nothing), every request of a restaurant screen:
 * the restaurant check, the sidebar's counts and the screen's own data — the latter with the same
 * fetchers and keys as the operations remote (@tablee/operations-data, bundled by both), which then
 * finds them in flight or answered while its code was loading. A remote redeployed with other keys
 * only makes this a wasted request. Profile tabs are not prefetched: their remote asks as soon as its
 * code runs, and nothing here holds that code back.
 */
export function usePrefetchScreen(restaurantId: string): void {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  usePrefetchQuery(restaurantQueryOptions(restaurantId));
  usePrefetchQuery(reservationCountsQueryOptions(restaurantId));
  prefetchOperationsScreen(queryClient, { pathname, search });
}
