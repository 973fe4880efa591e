import { conversationFromRow, getSupabase, type Conversation, type ConversationRow } from '@tablee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationKeys } from './keys';

/**
 * One conversation of the restaurant with all its messages, oldest first, in one request. Null when
 * it does not exist, is another owner's (RLS), or an id is not a UUID (spec §8: 'Conversation introuvable').
 */
export async function getConversation(restaurantId: string, conversationId: string): Promise<Conversation | null> {
  const { data, error } = await getSupabase()
    .from('conversations')
    .select('id, restaurant_id, created_at, updated_at, messages(id, role, content, created_at)')
    .eq('id', conversationId)
    .eq('restaurant_id', restaurantId)
    .order('created_at', { referencedTable: 'messages', ascending: true })
    .maybeSingle();
  if (error?.code === '22P02' || error?.code === 'PGRST116') return null;
  if (error) throw error;
  return data ? conversationFromRow(data as ConversationRow) : null;
}

export const conversationQueryOptions = (restaurantId: string, conversationId: string) =>
  queryOptions({ queryKey: conversationKeys.detail(restaurantId, conversationId), queryFn: () => getConversation(restaurantId, conversationId) });

export const useConversation = (restaurantId: string, conversationId: string) => useQuery({ ...conversationQueryOptions(restaurantId, conversationId), enabled: !!conversationId });
