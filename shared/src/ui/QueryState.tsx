/**
 * The one rendering of a query's states (spec texts): 'Chargement...' while it has no data,
 * 'Erreur de chargement' with 'Réessayer' when it failed, else the data. Data already in the cache
 * is shown at once while it is refreshed in the background; a background refresh that fails keeps
 * that data on screen, with a warning and 'Réessayer', rather than taking it away.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { queryView, STALE_DATA_WARNING } from '@tablee/shared/light';
import { PageError, PageLoading } from './PageStates';

export function QueryState<T>({
  query,
  errorMessage = 'Erreur de chargement',
  loadingLabel,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'isFetching' | 'refetch'>;
  errorMessage?: ReactNode;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}) {
  const { show, staleFailed } = queryView(query);
  const retry = () => void query.refetch();
  if (show === 'data') {
    return (
      <>
        {staleFailed && (
          <Alert
            type="warning"
            showIcon
            title={STALE_DATA_WARNING}
            action={
              <Button size="small" onClick={retry}>
                Réessayer
              </Button>
            }
            style={{ marginBottom: 16 }}
          />
        )}
        {children(query.data as T)}
      </>
    );
  }
  if (show === 'error') return <PageError message={errorMessage} onRetry={retry} />;
  return <PageLoading label={loadingLabel} />;
}
