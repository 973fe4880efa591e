/**
 * The restaurant's WhatsApp Business number (Meta's phone_number_id): the assistant answers the
 * customers who write to it (assistant/, /api/whatsapp/webhook). Read by its members, set by its owners
 * (public.set_whatsapp_number, which refuses anything else in French).
 */
import { getSupabase } from '@tablee/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export const whatsappNumberQueryKey = (restaurantId: string) => ['restaurants', restaurantId, 'whatsapp-number'] as const;

export const whatsappNumberQueryOptions = (restaurantId: string) =>
  queryOptions({
    queryKey: whatsappNumberQueryKey(restaurantId),
    queryFn: async (): Promise<string> => {
      const { data, error } = await getSupabase().from('restaurant_whatsapp_numbers').select('phone_number_id').eq('restaurant_id', restaurantId).maybeSingle();
      if (error) throw error;
      return data?.phone_number_id ?? '';
    },
  });

export function useSetWhatsappNumber(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (phoneNumberId: string): Promise<string> => {
      const { error } = await getSupabase().rpc('set_whatsapp_number', { p_restaurant_id: restaurantId, p_phone_number_id: phoneNumberId.trim() });
      // The database's French message (a wrong id, a number already another restaurant's).
      if (error) throw new Error(error.message);
      return phoneNumberId.trim();
    },
    onSuccess: (saved) => queryClient.setQueryData(whatsappNumberQueryKey(restaurantId), saved),
  });
}
