/**
 * Whether anything changed in a restaurant's reservations, asked often and cheaply: the latest
 * `updated_at` of its rows (set on insert, and by a trigger on every update), one entry of the index
 * (restaurant_id, updated_at desc). When it moves, every query of the restaurant's reservations (list
 * pages, counts of the badge and the title, planning, details) is invalidated, so the screens watching
 * them read again; while it does not, they are not read again (their own refresh, LIVE_REFRESH_MS, is
 * for what changes with time alone: a request becoming late).
 */
import { getSupabase } from '@tablee/domain';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CHANGE_CHECK_MS, reservationKeys } from './keys';

/** The latest change of the restaurant's reservations (an ISO time), null when it has none. */
export async function latestReservationChange(restaurantId: string): Promise<string | null> {
  const { data, error } = await getSupabase()
    .from('restaurant_reservations')
    .select('updated_at')
    .eq('restaurant_id', restaurantId)
    .order('updated_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data?.updated_at ?? null;
}

/** Outside reservationKeys.all: invalidating the reservations does not ask the check again. */
export const reservationChangesKey = (restaurantId: string) => ['restaurants', restaurantId, 'reservation-changes'] as const;

export const reservationChangesQueryOptions = (queryClient: QueryClient, restaurantId: string) =>
  queryOptions({
    queryKey: reservationChangesKey(restaurantId),
    queryFn: async () => {
      const seen = queryClient.getQueryData<string | null>(reservationChangesKey(restaurantId));
      const latest = await latestReservationChange(restaurantId);
      // The first answer is the starting point; a later different one is a change. Nothing readable (a
      // member removed from the team reads no row: their next request says why, useMembership) is not.
      if (seen !== undefined && latest !== null && latest !== seen) void queryClient.invalidateQueries({ queryKey: reservationKeys.all(restaurantId) });
      return latest;
    },
    refetchInterval: CHANGE_CHECK_MS,
    // Also while the tab is in the background: its title, '(3) Tablée', is how an owner sees new requests there.
    refetchIntervalInBackground: true,
    retry: false,
  });

/** Keeps the restaurant's open screens (list, badge, title, planning) up to date while mounted. */
export function useReservationChanges(restaurantId: string): void {
  const queryClient = useQueryClient();
  useQuery({ ...reservationChangesQueryOptions(queryClient, restaurantId), enabled: !!restaurantId });
}
