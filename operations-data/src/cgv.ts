/**
 * The restaurant's cancellation policy (CGV), which the cancel dialog of a paid reservation shows beside
 * the choice of what becomes of the acompte. Null when no CGV was saved.
 */
import { getSupabase, isUuid, type Policy } from '@tablee/domain';
import { queryOptions } from '@tanstack/react-query';
import { SCREEN_DATA_FRESH_MS } from './keys';

export async function fetchCancellationPolicy(restaurantId: string): Promise<Policy | null> {
  const { data, error } = await getSupabase().from('restaurant_cgv').select('cancellation_policy').eq('restaurant_id', restaurantId).maybeSingle();
  if (error) throw error;
  return (data?.cancellation_policy as Policy | undefined) ?? null;
}

export const cancellationPolicyQueryOptions = (restaurantId: string) =>
  queryOptions({
    queryKey: ['restaurants', restaurantId, 'cgv', 'cancellation-policy'],
    queryFn: () => fetchCancellationPolicy(restaurantId),
    enabled: isUuid(restaurantId),
    staleTime: SCREEN_DATA_FRESH_MS,
  });
