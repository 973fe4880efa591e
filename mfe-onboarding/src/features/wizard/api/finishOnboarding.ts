import { getSupabase, type MissingItem } from '@tablee/domain';

/** What the restaurant still lacks for its assistant (public.restaurant_completeness), in step order. */
export async function getMissingItems(restaurantId: string): Promise<MissingItem[]> {
  const { data, error } = await getSupabase().from('restaurant_completeness').select('missing').eq('restaurant_id', restaurantId).maybeSingle();
  if (error) throw error;
  return data?.missing ?? [];
}

/** Terminer: the onboarding is over, so the dashboard opens the restaurant rather than resuming the wizard. */
export async function markOnboardingFinished(restaurantId: string): Promise<void> {
  // 'now' is PostgreSQL's own input for the current time: the database's clock, not the browser's.
  const { error } = await getSupabase().from('restaurants').update({ onboarding_finished_at: 'now' }).eq('id', restaurantId);
  if (error) throw error;
}
