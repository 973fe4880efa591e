/**
 * Reservations per status of one restaurant (view reservation_status_counts): read by the shell's
 * sidebar (pending badge) and by the reservation list's filter, through the one query cache — one
 * request serves both, and a status change invalidates `reservationKeys.all(restaurantId)`, so both read again.
 */
import { getSupabase, statusFromCode, type ReservationStatus } from '@tablee/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIVE_REFRESH_MS, reservationKeys, SCREEN_DATA_FRESH_MS } from './keys';

/** Per status, all of them, and `late`: the pending requests past the restaurant's promised response time. */
export type ReservationCounts = Record<ReservationStatus | 'all' | 'late', number>;

const emptyCounts = (): ReservationCounts => ({ all: 0, late: 0, pending: 0, accepted: 0, rejected: 0, paid: 0, cancelled: 0, no_show: 0 });

export async function fetchReservationCounts(restaurantId: string): Promise<ReservationCounts> {
  const { data, error } = await getSupabase().from('reservation_status_counts').select('status, count, late').eq('restaurant_id', restaurantId);
  if (error) throw error;
  const counts = emptyCounts();
  for (const row of data ?? []) {
    counts[statusFromCode(row.status)] += row.count;
    counts.all += row.count;
    counts.late += row.late ?? 0;
  }
  return counts;
}

/** Fresh a moment: the list's filter, mounting after the sidebar's badge has its answer, uses it instead of asking again. */
export const reservationCountsQueryOptions = (restaurantId: string) =>
  queryOptions({
    queryKey: reservationKeys.counts(restaurantId),
    queryFn: () => fetchReservationCounts(restaurantId),
    staleTime: SCREEN_DATA_FRESH_MS,
    refetchInterval: LIVE_REFRESH_MS,
    // Also while the tab is in the background: its title, '(3) Tablée', is how an owner sees new requests there.
    refetchIntervalInBackground: true,
  });

/** Counts of the restaurant, null while loading or when the read failed (never another restaurant's). */
export function useReservationCounts(restaurantId: string | undefined): ReservationCounts | null {
  return useQuery({ ...reservationCountsQueryOptions(restaurantId ?? ''), enabled: !!restaurantId }).data ?? null;
}
