import { CONVERSATIONS_PAGE_SIZE, conversationSummaryFromRow, getSupabase, type Conversation, type ConversationSummaryRow } from '@tablee/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { conversationKeys } from './keys';

export interface ConversationPage {
  conversations: Conversation[];
  total: number;
}

/** The page asked for lies beyond the last one (PostgREST answers 416 with PGRST103). */
export class PageOutOfRangeError extends Error {}

/**
 * One page of cards, most recently updated first, from the view conversation_summaries (count and
 * last message computed for the page's rows only) with the exact total: one request.
 */
export async function listConversations(restaurantId: string, page: number): Promise<ConversationPage> {
  const from = (page - 1) * CONVERSATIONS_PAGE_SIZE;
  const { data, count, error } = await getSupabase()
    .from('conversation_summaries')
    .select('*', { count: 'exact' })
    .eq('restaurant_id', restaurantId)
    .order('updated_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + CONVERSATIONS_PAGE_SIZE - 1);
  if (error?.code === 'PGRST103') throw new PageOutOfRangeError(error.message);
  if (error) throw error;
  // PostgREST answers 416 only past the total; a page starting exactly at it comes back empty.
  if (page > 1 && !data?.length && (count ?? 0) > 0) throw new PageOutOfRangeError('page vide');
  return { conversations: (data as ConversationSummaryRow[]).map(conversationSummaryFromRow), total: count ?? 0 };
}

/**
 * Keyed by restaurant and page: an answer to a page left behind lands in its own entry and never
 * replaces the one shown; the cards of the previous page stay on screen while the next one loads.
 */
export const conversationPageQueryOptions = (restaurantId: string, page: number) =>
  queryOptions({
    queryKey: [...conversationKeys.lists(restaurantId), page],
    queryFn: () => listConversations(restaurantId, page),
    placeholderData: keepPreviousData,
    retry: (failures, error) => !(error instanceof PageOutOfRangeError) && failures < 1,
  });
