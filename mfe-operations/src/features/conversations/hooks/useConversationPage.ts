import { useEffect, useRef, useState } from 'react';
import { listConversations, PageOutOfRangeError, type ConversationPage } from '../api/listConversations';

export type ConversationPageState =
  | { status: 'loading'; previous?: ConversationPage }
  | { status: 'error' }
  | { status: 'ready'; page: ConversationPage };

/**
 * Loads one page of the list. The page goes back to 1 when the list changes (another restaurant, a
 * different total since the last load) or when the asked page no longer exists.
 */
export function useConversationPage(restaurantId: string, page: number, resetPage: () => void): ConversationPageState {
  const [state, setState] = useState<ConversationPageState>({ status: 'loading' });
  const lastTotal = useRef<{ restaurantId: string; total: number } | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    setState((s) => ({ status: 'loading', previous: s.status === 'ready' ? s.page : s.status === 'loading' ? s.previous : undefined }));
    listConversations(restaurantId, page).then(
      (result) => {
        if (ticket !== latest.current) return;
        const previous = lastTotal.current;
        lastTotal.current = { restaurantId, total: result.total };
        const listChanged = !!previous && (previous.restaurantId !== restaurantId || previous.total !== result.total);
        if (listChanged && page > 1) return resetPage();
        setState({ status: 'ready', page: result });
      },
      (error) => {
        if (ticket !== latest.current) return;
        if (error instanceof PageOutOfRangeError && page > 1) return resetPage();
        setState({ status: 'error' });
      },
    );
  }, [restaurantId, page, resetPage]);

  return state;
}
