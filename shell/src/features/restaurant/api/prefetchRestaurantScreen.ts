import { prefetchIfAbsent, prefetchOperationsScreen, reservationCountsQueryOptions } from '@tablee/operations-data';
import { isUuid, myRoleQuery } from '@tablee/domain';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { restaurantQueryOptions } from './getRestaurant';

/**
 * Starts every request of the restaurant screen at `location`, all at once, from the address alone:
 * the restaurant check, the member's role (the sidebar's and the guard's, which would otherwise wait
 * for the layout to commit), the sidebar's counts and the screen's own data — the latter with the same
 * fetchers and keys as the operations remote (@tablee/operations-data, bundled by both), which then
 * finds them in flight or answered while its code was loading (a remote redeployed with other keys
 * only makes this a wasted request). Only what the cache does not hold yet (TanStack's
 * usePrefetchQuery rule), so it may run on every render, or from the shell's start before the first
 * render. Profile tabs are not prefetched: their remote asks as soon as its code runs, and nothing
 * holds that code back.
 */
export function prefetchRestaurantScreen(queryClient: QueryClient, location: { pathname: string; search: string }): void {
  const restaurantId = matchPath('/restaurants/:restaurantId/*', location.pathname)?.params.restaurantId;
  if (!isUuid(restaurantId)) return;
  prefetchIfAbsent(queryClient, restaurantQueryOptions(restaurantId));
  prefetchIfAbsent(queryClient, myRoleQuery(restaurantId));
  prefetchIfAbsent(queryClient, reservationCountsQueryOptions(restaurantId));
  prefetchOperationsScreen(queryClient, location);
}
