import { BRAND_COLOURS } from '@tablee/shared';
import { useReservationCounts } from '@tablee/operations-data';
import { myRoleQuery, OPERATIONAL_TABS, OWNER_ONLY_PAGES, RESTAURANT_TABS, restaurantPath } from '@tablee/domain';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { NavLink } from 'react-router';

const APP_TITLE = 'Tablée';

const sectionTitle = { fontSize: 12, fontWeight: 700, textTransform: 'uppercase' as const, letterSpacing: 0.5, color: '#595959', margin: '16px 12px 8px' };

function Item({ to, label, badge }: { to: string; label: string; badge?: ReactNode }) {
  return (
    // The badge sits beside the link, so the link's name stays the tab's label.
    <li style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <NavLink
        to={to}
        style={({ isActive }) => ({
          display: 'block',
          flex: 1,
          padding: '8px 12px',
          borderRadius: 6,
          color: isActive ? BRAND_COLOURS.title : '#262626',
          background: isActive ? '#fbe9e1' : 'transparent',
          fontWeight: isActive ? 600 : 400,
        })}
      >
        {label}
      </NavLink>
      {badge}
    </li>
  );
}

/**
 * Number of pending requests beside 'Réservations' (nothing while loading or when there are none),
 * and in the browser tab's title, '(3) Tablée', so that a tab in the background shows new requests
 * (the counts are read again as soon as the restaurant's reservations change: CHANGE_CHECK_MS).
 */
function PendingBadge({ restaurantId }: { restaurantId: string }) {
  const counts = useReservationCounts(restaurantId);
  const pending = counts?.pending ?? 0;
  const late = counts?.late ?? 0;
  useEffect(() => {
    document.title = pending > 0 ? `(${pending}) ${APP_TITLE}` : APP_TITLE;
    return () => {
      document.title = APP_TITLE;
    };
  }, [pending]);
  if (pending === 0) return null;
  const label = `${pending} réservation${pending > 1 ? 's' : ''} en attente${late ? `, dont ${late} en retard` : ''}`;
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      <Badge count={pending} overflowCount={999} title={label} aria-label={label} data-testid="pending-badge" style={{ background: BRAND_COLOURS.primary }} />
      {late > 0 && <Badge count={`${late} en retard`} title={label} aria-hidden data-testid="late-badge" style={{ background: '#a8071a' }} />}
    </span>
  );
}

/** 'Gestion du restaurant' (its tabs, Facturation and Équipe for owners only) and 'Gestion opérationnelle' (spec §2); NavLink marks the active item (aria-current). */
export function RestaurantSidebar({ restaurantId }: { restaurantId: string }) {
  // Facturation and Équipe are the owners': hidden once the role says otherwise. Shown while it
  // is asked, so that an owner's sidebar does not move (a manager opening them reads a refusal).
  const role = useQuery(myRoleQuery(restaurantId));
  const ownerTabs = role.data === undefined || role.data === 'owner';
  const tabs = RESTAURANT_TABS.filter((tab) => ownerTabs || !(OWNER_ONLY_PAGES as readonly string[]).includes(tab.path));
  return (
    <nav aria-label="Menu du restaurant" style={{ width: 240, flexShrink: 0 }}>
      <h2 style={sectionTitle}>Gestion du restaurant</h2>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {tabs.map((tab) => (
          <Item key={tab.path} to={restaurantPath(restaurantId, tab.path)} label={tab.label} />
        ))}
      </ul>
      <h2 style={sectionTitle}>Gestion opérationnelle</h2>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {OPERATIONAL_TABS.map((tab) => (
          <Item
            key={tab.path}
            to={restaurantPath(restaurantId, tab.path)}
            label={tab.label}
            badge={tab.path === 'operational/reservations' ? <PendingBadge restaurantId={restaurantId} /> : undefined}
          />
        ))}
      </ul>
    </nav>
  );
}
