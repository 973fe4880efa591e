import { getSupabase } from '@tablee/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearOnboardingProgress } from '../../../lib/onboardingProgress';

/** Terminer: the onboarding is over, so the dashboard opens the restaurant rather than resuming the wizard. */
export async function markOnboardingFinished(restaurantId: string): Promise<void> {
  // 'now' is PostgreSQL's own input for the current time: the database's clock, not the browser's.
  const { error } = await getSupabase().from('restaurants').update({ onboarding_finished_at: 'now' }).eq('id', restaurantId);
  if (error) throw error;
}

/** Finishes, forgets this browser's onboarding restaurant, and reads the dashboard's list again (its cards change with it). */
export function useFinishOnboarding(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markOnboardingFinished(restaurantId),
    onSuccess: () => {
      clearOnboardingProgress();
      void queryClient.invalidateQueries({ queryKey: ['restaurants', 'list'] });
    },
  });
}
