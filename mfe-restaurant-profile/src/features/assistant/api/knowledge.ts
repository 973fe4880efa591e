/**
 * The assistant's knowledge (public.assistant_knowledge, version 2, documented in the README): what
 * the chatbot reads of the restaurant, read here in the same single call so that 'Votre assistant'
 * shows exactly what the assistant will say.
 */
import { getSupabase } from '@tablee/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { maxLengthOf } from '@tablee/sections/field-rules';

export const knowledgeQueryKey = (restaurantId: string) => ['restaurants', restaurantId, 'assistant'] as const;

export const knowledgeQueryOptions = (restaurantId: string) =>
  queryOptions({
    queryKey: knowledgeQueryKey(restaurantId),
    queryFn: async () => {
      const { data, error } = await getSupabase().rpc('assistant_knowledge', { p_restaurant_id: restaurantId });
      if (error) throw error;
      return data;
    },
  });

/** The column's check restaurants_first_message_max_<N> (mirrored in @tablee/sections' TEXT_MAX). */
export const FIRST_MESSAGE_MAX_LENGTH = maxLengthOf('restaurants', 'first_message');

/** Stores the owner's first message; the knowledge is then read again (its default flag changes too). */
export function useSaveFirstMessage(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (firstMessage: string) => {
      const { data, error } = await getSupabase().from('restaurants').update({ first_message: firstMessage.trim() }).eq('id', restaurantId).select('id');
      if (error) throw error;
      if (!data?.length) throw new Error('Restaurant non trouvé ou accès non autorisé');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeQueryKey(restaurantId) }),
  });
}
