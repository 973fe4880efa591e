/**
 * The restaurant's assistant keys (public.restaurant_assistant_keys): listed by their prefix, created
 * by create_assistant_key (the key is in that answer only), revoked by revoke_assistant_key.
 */
import { getSupabase, type NewAssistantKey, type Tables } from '@tablee/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export const assistantKeysQueryKey = (restaurantId: string) => ['restaurants', restaurantId, 'assistant-keys'] as const;

/** What the owner may read of a key: never key_hash (not granted to owners). */
const KEY_COLUMNS = 'id, prefix, created_at, last_used_at, revoked_at';

export type AssistantKey = Pick<Tables<'restaurant_assistant_keys'>, 'id' | 'prefix' | 'created_at' | 'last_used_at' | 'revoked_at'>;

export const assistantKeysQueryOptions = (restaurantId: string) =>
  queryOptions({
    queryKey: assistantKeysQueryKey(restaurantId),
    queryFn: async (): Promise<AssistantKey[]> => {
      const { data, error } = await getSupabase().from('restaurant_assistant_keys').select(KEY_COLUMNS).eq('restaurant_id', restaurantId).order('created_at', { ascending: false });
      if (error) throw error;
      return data;
    },
  });

/** A new key: the answer holds the key itself, to show once; the list is read again. */
export function useCreateAssistantKey(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<NewAssistantKey> => {
      const { data, error } = await getSupabase().rpc('create_assistant_key', { p_restaurant_id: restaurantId });
      if (error) throw error;
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: assistantKeysQueryKey(restaurantId) }),
  });
}

/** Revokes a key at once: the assistant's next request with it is refused. */
export function useRevokeAssistantKey(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (keyId: string) => {
      const { error } = await getSupabase().rpc('revoke_assistant_key', { p_key_id: keyId });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: assistantKeysQueryKey(restaurantId) }),
  });
}
