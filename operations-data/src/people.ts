import { getSupabase } from '@tablee/domain';
import { queryOptions } from '@tanstack/react-query';
import { reservationKeys } from './keys';

/**
 * Who is who in a restaurant's history: the addresses of its team and of whoever decided on
 * its reservations (public.restaurant_people: for its members only), by user id. Under the reservations'
 * key: a decision, which invalidates them, reads them again.
 */
export async function getRestaurantPeople(restaurantId: string): Promise<Map<string, string>> {
  const { data, error } = await getSupabase().rpc('restaurant_people', { p_restaurant_id: restaurantId });
  if (error) throw error;
  return new Map((data ?? []).map((p) => [p.user_id, p.email]));
}

export const restaurantPeopleQueryOptions = (restaurantId: string) =>
  queryOptions({ queryKey: [...reservationKeys.all(restaurantId), 'people'], queryFn: () => getRestaurantPeople(restaurantId), staleTime: 5 * 60_000 });
