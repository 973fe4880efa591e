import { getSupabase } from '@tablee/shared';

/** Creates the empty restaurant the onboarding fills step by step (owner = auth.uid() by default). */
export async function createRestaurant(): Promise<string> {
  const { data, error } = await getSupabase().from('restaurants').insert({}).select('id').single();
  if (error) throw error;
  return data.id as string;
}
