import { conversationKeys, reservationKeys } from '@tablee/operations-data';
import { getSupabase } from '@tablee/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Deletes the conversation (its messages go with it: on delete cascade). RLS lets an owner delete only
 * their own; deleting nothing is a failure too, so the screen never claims a deletion that did not happen.
 */
export async function deleteConversation(conversationId: string): Promise<void> {
  const { data, error } = await getSupabase().from('conversations').delete().eq('id', conversationId).select('id');
  if (error) throw error;
  if (!data?.length) throw new Error('Conversation introuvable');
}

/**
 * Deletes, then invalidates the restaurant's conversation pages (their cards and total) and its
 * reservations (a reservation's detail shows its conversation). The deleted one's own entry is left to
 * the caller, which leaves the screen first (removing it under the mounted screen would read it again).
 */
export function useDeleteConversation(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: conversationKeys.lists(restaurantId) }), queryClient.invalidateQueries({ queryKey: reservationKeys.all(restaurantId) })]),
  });
}
