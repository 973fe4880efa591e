/**
 * A file of its own: the sign-in pages' light start uses LightStates without TanStack Query.
 */
import { queryView, STALE_DATA_WARNING } from '@tablee/shared/query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LightError, LightLoading, LightWarning } from './LightStates';

/**
 * The kernel's QueryState drawn without antd (the same rule, queryView): 'Chargement...' while the
 * query has no data, 'Erreur de chargement' with 'Réessayer' when it failed, else the data — kept on
 * screen with a warning when reading it again failed.
 */
export function LightQueryState<T>({
  query,
  errorMessage = 'Erreur de chargement',
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'isFetching' | 'refetch'>;
  errorMessage?: string;
  children: (data: T) => ReactNode;
}) {
  const { show, staleFailed } = queryView(query);
  const retry = () => void query.refetch();
  if (show === 'data')
    return (
      <>
        {staleFailed && (
          <LightWarning
            action={
              <button type="button" className="tl-btn tl-btn-sm" onClick={retry}>
                Réessayer
              </button>
            }
          >
            {STALE_DATA_WARNING}
          </LightWarning>
        )}
        {children(query.data as T)}
      </>
    );
  if (show === 'error') return <LightError message={errorMessage} onRetry={retry} />;
  return <LightLoading />;
}
