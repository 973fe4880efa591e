import { QueryState } from '@tablee/shared';
import { Typography } from 'antd';
import { Navigate, Outlet, useParams } from 'react-router';
import { useRestaurant } from '../api/getRestaurant';
import { RestaurantSidebar } from './RestaurantSidebar';

/** /restaurants/:restaurantId/* — checks the restaurant is the user's (else /dashboard), then sidebar + tab. */
export function RestaurantLayout() {
  const { restaurantId = '' } = useParams();
  // Keyed by the restaurant: an answer for one left behind lands in its own entry, never on screen.
  const restaurant = useRestaurant(restaurantId);
  return <QueryState query={restaurant}>{(r) => (r ? <Layout restaurantId={restaurantId} name={r.name} /> : <Navigate to="/dashboard" replace />)}</QueryState>;
}

function Layout({ restaurantId, name }: { restaurantId: string; name: string }) {
  return (
    // Side by side while both fit; on a phone the sidebar wraps above the tab (the content's 300 px basis).
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
      <aside style={{ flex: '1 1 220px', maxWidth: '100%', background: '#fff', borderRadius: 8, padding: '4px 8px 12px', border: '1px solid #eee' }}>
        <Typography.Text strong style={{ display: 'block', padding: '12px 12px 0' }}>
          {name || 'Restaurant sans nom'}
        </Typography.Text>
        <RestaurantSidebar restaurantId={restaurantId} />
      </aside>
      <div style={{ flex: '999 1 300px', minWidth: 0, background: '#fff', borderRadius: 8, padding: 24, border: '1px solid #eee' }}>
        <Outlet />
      </div>
    </div>
  );
}
