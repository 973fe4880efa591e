/**
 * Reservations per status of one restaurant (view reservation_status_counts): read by the shell's
 * sidebar (pending badge) and by the reservation list's filter, through the one query cache — one
 * request serves both, and a status change invalidates `reservationKeys.all(restaurantId)`, so both read again.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { statusFromCode, type ReservationStatus } from '../domain/reservation-status';
import { getSupabase } from '@tablee/shared/supabase';

export type ReservationCounts = Record<ReservationStatus | 'all', number>;

/** Query keys of a restaurant's reservations: list pages, details and counts share the prefix `all`. */
export const reservationKeys = {
  all: (restaurantId: string) => ['restaurants', restaurantId, 'reservations'] as const,
  counts: (restaurantId: string) => [...reservationKeys.all(restaurantId), 'counts'] as const,
};

const emptyCounts = (): ReservationCounts => ({ all: 0, pending: 0, accepted: 0, rejected: 0, paid: 0, cancelled: 0 });

export async function fetchReservationCounts(restaurantId: string): Promise<ReservationCounts> {
  const { data, error } = await getSupabase().from('reservation_status_counts').select('status, count').eq('restaurant_id', restaurantId);
  if (error) throw error;
  const counts = emptyCounts();
  for (const row of data ?? []) {
    counts[statusFromCode(row.status)] += row.count;
    counts.all += row.count;
  }
  return counts;
}

export const reservationCountsQueryOptions = (restaurantId: string) =>
  queryOptions({ queryKey: reservationKeys.counts(restaurantId), queryFn: () => fetchReservationCounts(restaurantId) });

/** Counts of the restaurant, null while loading or when the read failed (never another restaurant's). */
export function useReservationCounts(restaurantId: string | undefined): ReservationCounts | null {
  return useQuery({ ...reservationCountsQueryOptions(restaurantId ?? ''), enabled: !!restaurantId }).data ?? null;
}
