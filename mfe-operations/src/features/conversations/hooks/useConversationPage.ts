import { conversationPageQueryOptions, PageOutOfRangeError } from '@tablee/operations-data';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * One page of the list. The page goes back to 1 when the list changes (another restaurant, a
 * different total since the last answer) or when the asked page no longer exists (`resetting`: the
 * screen shows the loading state meanwhile, not the error).
 */
export function useConversationPage(restaurantId: string, page: number, resetPage: () => void) {
  const query = useQuery(conversationPageQueryOptions(restaurantId, page));
  const lastTotal = useRef<{ restaurantId: string; total: number } | null>(null);
  // The answer for this very page (not the previous page's cards kept on screen meanwhile).
  const answer = query.isPlaceholderData ? undefined : query.data;
  const outOfRange = query.error instanceof PageOutOfRangeError;

  useEffect(() => {
    if (!answer) return;
    const previous = lastTotal.current;
    lastTotal.current = { restaurantId, total: answer.total };
    const listChanged = !!previous && (previous.restaurantId !== restaurantId || previous.total !== answer.total);
    if (listChanged && page > 1) resetPage();
  }, [answer, restaurantId, page, resetPage]);

  useEffect(() => {
    if (outOfRange && page > 1) resetPage();
  }, [outOfRange, page, resetPage]);

  return { query, resetting: outOfRange && page > 1 };
}
