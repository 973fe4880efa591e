/**
 * The light dashboard's first step: the config, the Supabase client and the session, then the
 * cards' data — the same query (restaurantListQueryOptions: listRestaurants) in the kernel's one
 * QueryClient, where DashboardPage finds it — asked as soon as supabase-js is there, while the page's
 * code (react-dom, the router, the cards) is still downloading and running: one round trip less before
 * the cards on a phone network. Asked by index.tsx beside start/dashboard.tsx, which waits for it.
 */
import { queryClient } from '@tablee/shared/light';
import { initSupabase, startSession, tableeStore, userAtom } from '@tablee/shared/supabase';
import { dashboardStatisticsQueryOptions } from '@tablee/operations-data/dashboard-statistics';
import { restaurantListQueryOptions } from '../features/dashboard/api/listRestaurants';
import { appConfig } from './config';

/** Resolves once the stored session has been read (signed in or not); rejects when config.json cannot be read. */
export const sessionRead: Promise<void> = appConfig().then(async (config) => {
  initSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
  await startSession();
  const user = tableeStore.get(userAtom);
  // Only a head start: an error is the page's to show (its query asks again).
  if (!user) return;
  queryClient.prefetchQuery(restaurantListQueryOptions(user.id)).catch(() => undefined);
  // The cards' figures of this month, in the same round trip (one call for every card).
  queryClient.prefetchQuery(dashboardStatisticsQueryOptions(user.id)).catch(() => undefined);
});
