import { getSupabase, type MissingItem } from '@tablee/domain';
import { queryOptions } from '@tanstack/react-query';

/** What the restaurant still lacks for its assistant (public.restaurant_completeness), in step order. */
export async function getMissingItems(restaurantId: string): Promise<MissingItem[]> {
  const { data, error } = await getSupabase().from('restaurant_completeness').select('missing').eq('restaurant_id', restaurantId).maybeSingle();
  if (error) throw error;
  return data?.missing ?? [];
}

/** Read when Terminer is clicked, after the step's last save: never an older answer from the cache. */
export const missingItemsQueryOptions = (restaurantId: string) =>
  queryOptions({ queryKey: ['restaurants', restaurantId, 'completeness'], queryFn: () => getMissingItems(restaurantId), staleTime: 0, retry: false });
