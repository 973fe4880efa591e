/**
 * The restaurant's cancellation policy (CGV), which the cancel dialog of a paid reservation shows beside
 * the choice of what becomes of the acompte, and what the sums paid in advance are (arrhes are repaid
 * double by a restaurant that cancels). Policy null when no CGV was saved; nature arrhes then, as the law presumes.
 */
import { getSupabase, isUuid, type Policy } from '@tablee/domain';
import { DEFAULT_ADVANCE_NATURE, type AdvanceNature } from '@tablee/domain/payments';
import { queryOptions } from '@tanstack/react-query';
import { SCREEN_DATA_FRESH_MS } from './keys';

export interface CancellationTerms {
  policy: Policy | null;
  nature: AdvanceNature;
}

export async function fetchCancellationPolicy(restaurantId: string): Promise<CancellationTerms> {
  const { data, error } = await getSupabase().from('restaurant_cgv').select('cancellation_policy, advance_payment_nature').eq('restaurant_id', restaurantId).maybeSingle();
  if (error) throw error;
  return {
    policy: (data?.cancellation_policy as Policy | undefined) ?? null,
    nature: data?.advance_payment_nature === 'acompte' ? 'acompte' : DEFAULT_ADVANCE_NATURE,
  };
}

export const cancellationPolicyQueryOptions = (restaurantId: string) =>
  queryOptions({
    queryKey: ['restaurants', restaurantId, 'cgv', 'cancellation-policy'],
    queryFn: () => fetchCancellationPolicy(restaurantId),
    enabled: isUuid(restaurantId),
    staleTime: SCREEN_DATA_FRESH_MS,
  });
