import { getSupabase, type Conversation } from '@tablee/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CONVERSATIONS_PAGE_SIZE } from './constants';
import { CONVERSATION_REFRESH_MS, conversationKeys, PageOutOfRangeError, SCREEN_DATA_FRESH_MS } from './keys';
import { conversationFromRow, conversationSummaryFromRow } from './mappers';
import { CONVERSATION_COLUMNS, CONVERSATION_REQUEST_COLUMNS } from './rows';

export interface ConversationPage {
  conversations: Conversation[];
  total: number;
}

/**
 * One page of cards, most recently updated first, from the view conversation_summaries (count and
 * last message computed for the page's rows only) with the exact total: one request.
 */
export async function listConversations(restaurantId: string, page: number): Promise<ConversationPage> {
  const from = (page - 1) * CONVERSATIONS_PAGE_SIZE;
  const { data, count, error } = await getSupabase()
    .from('conversation_summaries')
    .select(`*, ${CONVERSATION_REQUEST_COLUMNS}`, { count: 'exact' })
    .eq('restaurant_id', restaurantId)
    .order('updated_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + CONVERSATIONS_PAGE_SIZE - 1);
  if (error?.code === 'PGRST103') throw new PageOutOfRangeError(error.message);
  if (error) throw error;
  // PostgREST answers 416 only past the total; a page starting exactly at it comes back empty.
  if (page > 1 && !data?.length && (count ?? 0) > 0) throw new PageOutOfRangeError('page vide');
  return { conversations: data.map(conversationSummaryFromRow), total: count ?? 0 };
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
    staleTime: SCREEN_DATA_FRESH_MS,
    refetchInterval: CONVERSATION_REFRESH_MS,
  });

/** The list's page in the URL (?page=); anything else than a page number reads as 1. */
export const CONVERSATION_PAGE_PARAM = 'page';

export function parseConversationPage(searchParams: URLSearchParams): number {
  const asked = Number(searchParams.get(CONVERSATION_PAGE_PARAM));
  return Number.isInteger(asked) && asked >= 1 ? asked : 1;
}

/**
 * One conversation of the restaurant with all its messages, oldest first, in one request. Null when
 * it does not exist, is another owner's (RLS), or an id is not a UUID (spec §8: 'Conversation introuvable').
 */
export async function getConversation(restaurantId: string, conversationId: string): Promise<Conversation | null> {
  const { data, error } = await getSupabase()
    .from('conversations')
    .select(CONVERSATION_COLUMNS)
    .eq('id', conversationId)
    .eq('restaurant_id', restaurantId)
    .order('created_at', { referencedTable: 'messages', ascending: true })
    .maybeSingle();
  if (error?.code === '22P02' || error?.code === 'PGRST116') return null;
  if (error) throw error;
  return data ? conversationFromRow(data) : null;
}

export const conversationQueryOptions = (restaurantId: string, conversationId: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(restaurantId, conversationId),
    queryFn: () => getConversation(restaurantId, conversationId),
    staleTime: SCREEN_DATA_FRESH_MS,
    refetchInterval: CONVERSATION_REFRESH_MS,
  });
