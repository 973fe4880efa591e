import { PageError, PageLoading } from '@tablee/shared';
import { isUuid, OPERATIONAL_TABS, RESTAURANT_TABS } from '@tablee/domain';
import { useReservationChanges } from '@tablee/operations-data';
import { Button, Drawer, Skeleton, Typography } from 'antd';
import { userAtom } from '@tablee/shared/supabase';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { usePhoneWidth } from '../../../hooks/usePhoneWidth';
import { useRestaurant } from '../api/getRestaurant';
import { useMembership } from '../hooks/useMembership';
import { lostRestaurantState, rememberRestaurant } from '../lib/seenRestaurants';
import { usePrefetchScreen } from '../hooks/usePrefetchScreen';
import { RestaurantSidebar } from './RestaurantSidebar';

/**
 * /restaurants/:restaurantId/* — sidebar + tab (on a phone, a compact bar and a drawer), and the check
 * that the restaurant is the user's (else /dashboard). Nothing waits for that check: the tab's remote loads and asks for its data, the badge
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
  // A member removed meanwhile leaves for the dashboard at their next refused request.
  useMembership(restaurantId);
  // Whatever tab is open, the list, the badge and the title follow new requests within seconds.
  useReservationChanges(restaurantId);
  // Keyed by the restaurant: an answer for one left behind lands in its own entry, never on screen.
  const restaurant = useRestaurant(restaurantId);
  const phone = usePhoneWidth();
  const userId = useAtomValue(userAtom)?.id;
  const found = restaurant.data;
  // Remembered once opened: whenever it is no longer theirs (a reload, another visit), the dashboard names it.
  useEffect(() => {
    if (userId && found) rememberRestaurant(userId, restaurantId, found.name);
  }, [userId, restaurantId, found]);
  // Not theirs: one they had opened here is said lost (removed from its team); another, unknown.
  if (found === null) return <Navigate to="/dashboard" replace state={lostRestaurantState(userId, restaurantId)} />;
  if (restaurant.data === undefined && restaurant.isError) {
    return restaurant.isFetching ? <PageLoading /> : <PageError message="Erreur de chargement" onRetry={() => void restaurant.refetch()} />;
  }
  const name = restaurant.data ? (
    <Typography.Text strong style={{ display: 'block', padding: phone ? 0 : '12px 12px 0' }}>
      {restaurant.data.name || 'Restaurant sans nom'}
    </Typography.Text>
  ) : (
    <Skeleton title={false} paragraph={{ rows: 1, width: 140 }} active style={{ padding: phone ? 0 : '12px 12px 0' }} />
  );
  return (
    // The tab stays the second child whatever the width: turning a tablet across 768 px keeps what it holds.
    <div style={{ display: 'flex', flexDirection: phone ? 'column' : 'row', gap: phone ? 8 : 24, alignItems: phone ? 'stretch' : 'flex-start' }}>
      {phone ? (
        <PhoneBar restaurantId={restaurantId} name={name} />
      ) : (
        <aside style={{ flex: '0 0 auto', background: '#fff', borderRadius: 8, padding: '4px 8px 12px', border: '1px solid #eee' }}>
          {name}
          <RestaurantSidebar restaurantId={restaurantId} />
        </aside>
      )}
      <div style={{ flex: '1 1 300px', minWidth: 0, background: '#fff', borderRadius: 8, padding: phone ? 12 : 24, border: '1px solid #eee' }}>
        <Outlet />
      </div>
    </div>
  );
}

/** The tab the address is on ('Réservations' for a reservation's detail too). */
function currentSection(pathname: string, restaurantId: string): string | undefined {
  const base = `/restaurants/${encodeURIComponent(restaurantId)}/`;
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  return [...OPERATIONAL_TABS, ...RESTAURANT_TABS].find((tab) => rest === tab.path || rest.startsWith(`${tab.path}/`))?.label;
}

/**
 * On a phone the twelve links would push every page below the first screen: a compact bar names the
 * restaurant's current section, and its 'Menu' button opens them in a drawer, closed again once a
 * link is followed. The drawer is rendered hidden from the start, so that the pending badge keeps the
 * browser tab's title up to date.
 */
function PhoneBar({ restaurantId, name }: { restaurantId: string; name: ReactNode }) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const section = currentSection(pathname, restaurantId);
  return (
    <>
      <nav aria-label="Rubriques du restaurant" style={{ display: 'flex', alignItems: 'center', gap: 12, background: '#fff', borderRadius: 8, padding: '4px 8px', border: '1px solid #eee' }}>
        <Button onClick={() => setOpenOn(pathname)} aria-expanded={open} aria-controls="restaurant-menu">
          <span aria-hidden>☰</span> Menu
        </Button>
        <Typography.Text strong ellipsis>
          {section ?? ''}
        </Typography.Text>
      </nav>
      <Drawer id="restaurant-menu" placement="left" open={open} onClose={() => setOpenOn(null)} title={name} forceRender size={300} styles={{ body: { padding: '0 8px 12px' } }}>
        <RestaurantSidebar restaurantId={restaurantId} />
      </Drawer>
    </>
  );
}
