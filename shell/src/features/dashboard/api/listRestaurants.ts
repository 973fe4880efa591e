import { getSupabase } from '@tablee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface RestaurantSummary {
  id: string;
  name: string;
  address: string;
}

/** The signed-in owner's restaurants (RLS scopes them; user_id is also filtered explicitly). */
export async function listRestaurants(userId: string): Promise<RestaurantSummary[]> {
  const { data, error } = await getSupabase()
    .from('restaurants')
    .select('id, name, address')
    .eq('user_id', userId)
    .order('created_at', { ascending: true });
  if (error) throw error;
  return (data ?? []).map((r) => ({ id: r.id, name: r.name ?? '', address: r.address ?? '' }));
}

export const restaurantListQueryOptions = (userId: string) => queryOptions({ queryKey: ['restaurants', 'list', userId], queryFn: () => listRestaurants(userId) });

/** The list of the signed-in owner; waits for the user (the guard has one before this screen shows). */
export const useRestaurantList = (userId: string | undefined) => useQuery({ ...restaurantListQueryOptions(userId ?? ''), enabled: !!userId });
