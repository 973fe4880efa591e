import { CONVERSATION_PAGE_PARAM, parseConversationPage, CONVERSATIONS_PAGE_SIZE } from '@tablee/operations-data';
import { PageEmpty, PageError, PageFrame, PageLoading, QueryState } from '@tablee/shared';
import { isUuid } from '@tablee/domain';
import { Spin, Typography } from 'antd';
import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useConversationPage } from '../hooks/useConversationPage';
import { rangeText } from '../pagination';
import { ConversationCard } from './ConversationCard';
import { ConversationPagination } from './ConversationPagination';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <PageFrame title="Conversations" subtitle="Liste des conversations avec vos clients">
      {children}
    </PageFrame>
  );
}

/** Conversation cards, 10 per page, paged in the database; the page is kept in the URL (?page=). */
export function ConversationsPage() {
  const { restaurantId = '' } = useParams();
  if (!restaurantId)
    return (
      <Frame>
        <PageError message="ID du restaurant manquant" />
      </Frame>
    );
  if (!isUuid(restaurantId))
    return (
      <Frame>
        <PageError message="Restaurant ID vide ou invalide" />
      </Frame>
    );
  return <ConversationList restaurantId={restaurantId} />;
}

function ConversationList({ restaurantId }: { restaurantId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parseConversationPage(searchParams);
  const goTo = useCallback(
    (p: number, replace = false) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (p > 1) next.set(CONVERSATION_PAGE_PARAM, String(p));
          else next.delete(CONVERSATION_PAGE_PARAM);
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );
  const resetPage = useCallback(() => goTo(1, true), [goTo]);
  const { query, resetting } = useConversationPage(restaurantId, page, resetPage);
  const loadingLabel = 'Chargement des conversations...';

  return (
    <Frame>
      {resetting ? (
        <PageLoading label={loadingLabel} />
      ) : (
        <QueryState query={query} errorMessage="Erreur lors du chargement des conversations" loadingLabel={loadingLabel}>
          {(data) =>
            data.total === 0 ? (
              <PageEmpty title="Aucune conversation" description="Aucune conversation n'a encore été initiée avec votre restaurant." />
            ) : (
              <>
                <Spin spinning={query.isPlaceholderData}>
                  <ul aria-label="Conversations" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 10 }}>
                    {data.conversations.map((c) => (
                      <li key={c.id}>
                        <ConversationCard conversation={c} />
                      </li>
                    ))}
                  </ul>
                </Spin>
                <Typography.Text data-testid="conversation-range" style={{ textAlign: 'center' }}>
                  {rangeText(page, CONVERSATIONS_PAGE_SIZE, data.total)}
                </Typography.Text>
                <ConversationPagination page={page} totalPages={Math.ceil(data.total / CONVERSATIONS_PAGE_SIZE)} onChange={(p) => goTo(p)} />
              </>
            )
          }
        </QueryState>
      )}
    </Frame>
  );
}
