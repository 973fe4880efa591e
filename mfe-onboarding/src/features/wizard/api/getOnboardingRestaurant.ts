import { getSupabase } from '@tablee/domain';
import { queryOptions } from '@tanstack/react-query';

/** The restaurant being onboarded, or null when unknown or not the user's (RLS hides it). */
export async function getOnboardingRestaurant(id: string): Promise<{ id: string; name: string } | null> {
  const { data, error } = await getSupabase().from('restaurants').select('id, name').eq('id', id).maybeSingle();
  // An id that is not a UUID is an unknown restaurant, not a failure.
  if (error && error.code === '22P02') return null;
  if (error) throw error;
  return data;
}

export const onboardingRestaurantQueryOptions = (id: string) => queryOptions({ queryKey: ['restaurants', id, 'onboarding'], queryFn: () => getOnboardingRestaurant(id) });
