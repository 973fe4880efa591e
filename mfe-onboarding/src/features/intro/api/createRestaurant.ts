import { getSupabase } from '@tablee/domain';
import { useMutation } from '@tanstack/react-query';

/**
 * Creates the restaurant the onboarding fills step by step: start_restaurant_onboarding stores it
 * (owner = auth.uid()) with the onboarding's defaults, unfinished until Terminer.
 */
export async function createRestaurant(): Promise<string> {
  const { data, error } = await getSupabase().rpc('start_restaurant_onboarding');
  if (error) throw error;
  return data;
}

export const useCreateRestaurant = () => useMutation({ mutationFn: createRestaurant });
