/**
 * Messages automatiques: the customers' reminders of the restaurant (public.restaurant_reminder_settings,
 * the defaults when never saved). Read by its members, set by its owners (public.save_reminder_settings,
 * which refuses out-of-range days in French).
 */
import { getSupabase } from '@tablee/domain';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@tablee/domain/reminders';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export const reminderSettingsQueryKey = (restaurantId: string) => ['restaurants', restaurantId, 'reminder-settings'] as const;

export const reminderSettingsQueryOptions = (restaurantId: string) =>
  queryOptions({
    queryKey: reminderSettingsQueryKey(restaurantId),
    queryFn: async (): Promise<ReminderSettings> => {
      const { data, error } = await getSupabase()
        .from('restaurant_reminder_settings')
        .select('headcount_enabled, headcount_days, day_before_enabled, deposit_enabled, deposit_days')
        .eq('restaurant_id', restaurantId)
        .maybeSingle();
      if (error) throw error;
      return data ?? { ...DEFAULT_REMINDER_SETTINGS };
    },
  });

/** A refusal on one field (its French message), as the form shows it. */
export class ReminderSettingsRefusal extends Error {
  constructor(
    message: string,
    readonly field: keyof ReminderSettings | null,
  ) {
    super(message);
  }
}

export function useSaveReminderSettings(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReminderSettings): Promise<ReminderSettings> => {
      const { data, error } = await getSupabase().rpc('save_reminder_settings', { p_restaurant_id: restaurantId, p_settings: { ...settings } });
      if (error) {
        const field = error.details === 'headcount_days' || error.details === 'deposit_days' ? error.details : null;
        throw new ReminderSettingsRefusal(error.message, field);
      }
      const { headcount_enabled, headcount_days, day_before_enabled, deposit_enabled, deposit_days } = data;
      return { headcount_enabled, headcount_days, day_before_enabled, deposit_enabled, deposit_days };
    },
    onSuccess: (saved) => queryClient.setQueryData(reminderSettingsQueryKey(restaurantId), saved),
  });
}
