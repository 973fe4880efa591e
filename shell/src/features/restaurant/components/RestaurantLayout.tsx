import { PageError, PageLoading } from '@tablee/shared';
import { Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { getRestaurant } from '../api/getRestaurant';
import { RestaurantSidebar } from './RestaurantSidebar';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'missing' } | { state: 'ready'; name: string };

/** /restaurants/:restaurantId/* — checks the restaurant is the user's (else /dashboard), then sidebar + tab. */
export function RestaurantLayout() {
  const { restaurantId = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchRestaurant = useCallback(() => {
    setLoad({ state: 'loading' });
    getRestaurant(restaurantId)
      .then((r) => setLoad(r ? { state: 'ready', name: r.name } : { state: 'missing' }))
      .catch(() => setLoad({ state: 'error' }));
  }, [restaurantId]);
  useEffect(fetchRestaurant, [fetchRestaurant]);

  if (load.state === 'loading') return <PageLoading />;
  if (load.state === 'missing') return <Navigate to="/dashboard" replace />;
  if (load.state === 'error') return <PageError message="Erreur de chargement" onRetry={fetchRestaurant} />;
  return (
    // Side by side while both fit; on a phone the sidebar wraps above the tab (the content's 300 px basis).
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
      <aside style={{ flex: '1 1 220px', maxWidth: '100%', background: '#fff', borderRadius: 8, padding: '4px 8px 12px', border: '1px solid #eee' }}>
        <Typography.Text strong style={{ display: 'block', padding: '12px 12px 0' }}>
          {load.name || 'Restaurant sans nom'}
        </Typography.Text>
        <RestaurantSidebar restaurantId={restaurantId} />
      </aside>
      <div style={{ flex: '999 1 300px', minWidth: 0, background: '#fff', borderRadius: 8, padding: 24, border: '1px solid #eee' }}>
        <Outlet />
      </div>
    </div>
  );
}
