import { PageError, PageLoading } from '@tablee/shared';
import { isUuid } from '@tablee/domain';
import { Skeleton, Typography } from 'antd';
import { Navigate, Outlet, useParams } from 'react-router';
import { useRestaurant } from '../api/getRestaurant';
import { usePrefetchScreen } from '../hooks/usePrefetchScreen';
import { RestaurantSidebar } from './RestaurantSidebar';

/**
 * /restaurants/:restaurantId/* — sidebar + tab, and the check that the restaurant is the user's (else
 * /dashboard). Nothing waits for that check: the tab's remote loads and asks for its data, the badge
 * for its counts and the screen's data start, all at once; an answer that the restaurant is not theirs
 * then leaves for the dashboard (RLS has hidden its rows from every other request meanwhile).
 */
export function RestaurantLayout() {
  const { restaurantId = '' } = useParams();
  // Not an id at all: nothing to ask.
  if (!isUuid(restaurantId)) return <Navigate to="/dashboard" replace />;
  return <CheckedLayout restaurantId={restaurantId} />;
}

function CheckedLayout({ restaurantId }: { restaurantId: string }) {
  usePrefetchScreen();
  // Keyed by the restaurant: an answer for one left behind lands in its own entry, never on screen.
  const restaurant = useRestaurant(restaurantId);
  if (restaurant.data === null) return <Navigate to="/dashboard" replace />;
  if (restaurant.data === undefined && restaurant.isError) {
    return restaurant.isFetching ? <PageLoading /> : <PageError message="Erreur de chargement" onRetry={() => void restaurant.refetch()} />;
  }
  return (
    // Side by side while both fit; on a phone the sidebar wraps above the tab (the content's 300 px basis).
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
      <aside style={{ flex: '1 1 220px', maxWidth: '100%', background: '#fff', borderRadius: 8, padding: '4px 8px 12px', border: '1px solid #eee' }}>
        {restaurant.data ? (
          <Typography.Text strong style={{ display: 'block', padding: '12px 12px 0' }}>
            {restaurant.data.name || 'Restaurant sans nom'}
          </Typography.Text>
        ) : (
          <Skeleton title={false} paragraph={{ rows: 1, width: 140 }} active style={{ padding: '12px 12px 0' }} />
        )}
        <RestaurantSidebar restaurantId={restaurantId} />
      </aside>
      <div style={{ flex: '999 1 300px', minWidth: 0, background: '#fff', borderRadius: 8, padding: 24, border: '1px solid #eee' }}>
        <Outlet />
      </div>
    </div>
  );
}
