import { reservationListQueryOptions, type ReservationQuery } from '@tablee/operations-data';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * The page of the query; the rows of the previous one stay on screen while it loads (the table shows
 * its own spinner). The fetcher and its options are in @tablee/operations-data (the shell prefetches them).
 */
export function useReservationPage(query: ReservationQuery | null) {
  const options = reservationListQueryOptions(query ?? { restaurantId: '', status: 'all', search: '', page: 1 });
  return useQuery({ ...options, enabled: !!query, placeholderData: keepPreviousData });
}
