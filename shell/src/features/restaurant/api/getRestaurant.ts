import { getSupabase } from '@tablee/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The restaurant of the sidebar, or null when it does not exist or is not the user's (RLS hides a
 * foreign restaurant; an id that is not a UUID is unknown too).
 */
export async function getRestaurant(id: string): Promise<{ id: string; name: string } | null> {
  const { data, error } = await getSupabase().from('restaurants').select('id, name').eq('id', id).maybeSingle();
  if (error && error.code === '22P02') return null;
  if (error) throw error;
  return data ? { id: data.id, name: data.name ?? '' } : null;
}

/** An owner's restaurant stays theirs: the check is asked once, then served from the cache for this long (every tab, and back from the dashboard). */
const RESTAURANT_CHECK_FRESH_MS = 5 * 60_000;

/** Under ['restaurants', id]: invalidating a restaurant's key (after a save of its name) refreshes the sidebar too. */
export const restaurantQueryOptions = (id: string) => queryOptions({ queryKey: ['restaurants', id, 'summary'], queryFn: () => getRestaurant(id), staleTime: RESTAURANT_CHECK_FRESH_MS });

export const useRestaurant = (id: string) => useQuery(restaurantQueryOptions(id));
