/**
 * The one rendering of a query's states (spec texts): 'Chargement...' while it has no data,
 * 'Erreur de chargement' with 'Réessayer' when it failed, else the data. Data already in the cache
 * is shown at once while it is refreshed in the background; a background refresh that fails keeps
 * that data on screen, with a warning and 'Réessayer', rather than taking it away.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { PageError, PageLoading } from './PageStates';

const STALE_DATA_WARNING = 'La mise à jour a échoué : les données affichées peuvent ne plus être à jour.';

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
  // After 'Réessayer' the query stays in error until an answer comes: show the loading state (or the data) meanwhile.
  const failed = query.isError && !query.isFetching;
  const retry = () => void query.refetch();
  if (query.data !== undefined) {
    return (
      <>
        {failed && (
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
        {children(query.data)}
      </>
    );
  }
  if (failed) return <PageError message={errorMessage} onRetry={retry} />;
  return <PageLoading label={loadingLabel} />;
}
