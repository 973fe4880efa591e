import type { UseQueryResult } from '@tanstack/react-query';

/** Shown above data kept on screen when reading it again failed. */
export const STALE_DATA_WARNING = 'La mise à jour a échoué : les données affichées peuvent ne plus être à jour.';

/**
 * What a query's screen shows (spec texts): its data as soon as it has some, even while it is read
 * again, with `staleFailed` when that background read failed; 'error' when it failed with nothing to
 * show; else 'loading'. After 'Réessayer' the query stays in error until an answer comes: it shows
 * the loading state (or the data) meanwhile. The one rule of QueryState and of the light screens.
 */
export function queryView(query: Pick<UseQueryResult<unknown>, 'data' | 'isError' | 'isFetching'>): { show: 'data' | 'error' | 'loading'; staleFailed: boolean } {
  const failed = query.isError && !query.isFetching;
  if (query.data !== undefined) return { show: 'data', staleFailed: failed };
  return { show: failed ? 'error' : 'loading', staleFailed: false };
}
