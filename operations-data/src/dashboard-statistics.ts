/**
 * The dashboard's cards' figures: public.dashboard_statistics answers every restaurant of
 * the caller in one call, for this Paris month (the 1st to today). Apart from statistics.ts so that the
 * light dashboard bundles neither dayjs nor the screen's code.
 */
import { getSupabase, type DashboardStatistics } from '@tablee/domain';
import { queryOptions } from '@tanstack/react-query';
import { SCREEN_DATA_FRESH_MS, SUMMARY_REFRESH_MS } from './keys';

export async function getDashboardStatistics(): Promise<DashboardStatistics> {
  const { data, error } = await getSupabase().rpc('dashboard_statistics');
  if (error) throw error;
  return data ?? [];
}

/**
 * Keyed under the user's restaurant list, so that what refreshes the list (a deletion) refreshes them;
 * read again with the cards (SUMMARY_REFRESH_MS). Not retried: a card without them still shows the rest.
 * Fresh for SCREEN_DATA_FRESH_MS: the early prefetch (shell/start/dashboard-early.ts) may answer before
 * the cards mount, and a stale answer would be asked again at once (a second call).
 */
export const dashboardStatisticsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['restaurants', 'list', userId, 'statistics'] as const,
    queryFn: getDashboardStatistics,
    refetchInterval: SUMMARY_REFRESH_MS,
    staleTime: SCREEN_DATA_FRESH_MS,
    retry: false,
  });
