import { getSupabase } from '@tablee/shared';

/**
 * Deletes the conversation (its messages go with it: on delete cascade). RLS lets an owner delete only
 * their own; deleting nothing is a failure too, so the screen never claims a deletion that did not happen.
 */
export async function deleteConversation(conversationId: string): Promise<void> {
  const { data, error } = await getSupabase().from('conversations').delete().eq('id', conversationId).select('id');
  if (error) throw error;
  if (!data?.length) throw new Error('Conversation introuvable');
}
