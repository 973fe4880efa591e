import { LIVE_REFRESH_MS } from '@tablee/operations-data';
import { getSupabase } from '@tablee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface RestaurantSummary {
  id: string;
  name: string;
  address: string;
  /** Requests waiting for an answer, and those of them past the promised response time. */
  pending: number;
  late: number;
}

/** The signed-in owner's restaurants (RLS scopes them; user_id is also filtered explicitly). */
export async function listRestaurants(userId: string): Promise<RestaurantSummary[]> {
  const { data, error } = await getSupabase()
    .from('restaurants')
    // The counts view embedded: one request for the cards and their figures.
    .select('id, name, address, reservation_status_counts(status, count, late)')
    .eq('user_id', userId)
    .order('created_at', { ascending: true });
  if (error) throw error;
  return (data ?? []).map((r) => {
    const pending = (r.reservation_status_counts ?? []).find((c) => c.status === 0);
    return { id: r.id, name: r.name ?? '', address: r.address ?? '', pending: pending?.count ?? 0, late: pending?.late ?? 0 };
  });
}

/** Read again every 30 s and on focus, like the sidebar badge: the cards' figures follow new requests. */
export const restaurantListQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['restaurants', 'list', userId], queryFn: () => listRestaurants(userId), refetchInterval: LIVE_REFRESH_MS });

/** The list of the signed-in owner; waits for the user (the guard has one before this screen shows). */
export const useRestaurantList = (userId: string | undefined) => useQuery({ ...restaurantListQueryOptions(userId ?? ''), enabled: !!userId });
