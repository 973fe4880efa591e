/**
 * The one rendering of a query's states (spec texts): 'Chargement...' while it has no data,
 * 'Erreur de chargement' with 'Réessayer' when it failed, else the data. Data already in the cache
 * is shown at once while it is refreshed in the background.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
  // After 'Réessayer' the query stays in error until an answer comes: show the loading state meanwhile.
  if (query.isError && !query.isFetching) return <PageError message={errorMessage} onRetry={() => void query.refetch()} />;
  if (query.data !== undefined) return <>{children(query.data)}</>;
  return <PageLoading label={loadingLabel} />;
}
