/**
 * Exposed as 'mfe_operations/routes'. Mounted by the shell under OPERATIONS_MOUNT (/restaurants/:restaurantId/operational).
 */
import { OPERATIONS_PATHS as PATHS } from '@tablee/operations-data';
import { RestaurantRedirect } from '@tablee/domain';
import { PageLoading } from '@tablee/shared';
import { useEffect, useState, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { ConversationDetailPage } from './features/conversations/components/ConversationDetailPage';
import { ConversationsPage } from './features/conversations/components/ConversationsPage';
import { CustomerDetailPage } from './features/customers/components/CustomerDetailPage';
import { CustomersPage } from './features/customers/components/CustomersPage';
import { NewReservationPage } from './features/reservations/components/NewReservationPage';
import { ReservationDetailPage } from './features/reservations/components/ReservationDetailPage';
import { PlanningPage } from './features/planning/components/PlanningPage';
import { ReservationsPage } from './features/reservations/components/ReservationsPage';

/**
 * 'Statistiques' in its own chunk, with its chart library (uPlot): no other screen downloads them.
 * Rendered from state once loaded rather than through React.lazy and Suspense, as the shell's page
 * chunks are (shell/src/app/page-chunk.tsx: React holds content replacing a Suspense fallback 300 ms).
 */
let statisticsChunk: Promise<ComponentType> | undefined;
const loadStatistics = () =>
  (statisticsChunk ??= import('./features/statistics/components/StatisticsPage').then(
    (module) => module.default,
    (error: unknown) => {
      statisticsChunk = undefined;
      throw error;
    },
  ));

function StatisticsRoute() {
  const [loaded, setLoaded] = useState<{ Page: ComponentType } | { error: unknown }>();
  useEffect(() => {
    let current = true;
    loadStatistics().then(
      (Page) => current && setLoaded({ Page }),
      (error: unknown) => current && setLoaded({ error: error ?? new Error('Page indisponible') }),
    );
    return () => {
      current = false;
    };
  }, []);
  // A chunk that cannot be loaded goes to the remote's error boundary ('Réessayer'), and is asked again next time.
  if (loaded && 'error' in loaded) throw loaded.error;
  if (!loaded) return <PageLoading label="Chargement des statistiques..." />;
  return <loaded.Page />;
}

export default function OperationsRoutes() {
  return (
    <Routes>
      {/* The screens' paths are those the shell reads to start their data before this code has loaded. */}
      <Route path={PATHS.reservations} element={<ReservationsPage />} />
      <Route path={PATHS.newReservation} element={<NewReservationPage />} />
      <Route path={PATHS.reservation} element={<ReservationDetailPage />} />
      <Route path={PATHS.conversations} element={<ConversationsPage />} />
      <Route path={PATHS.conversation} element={<ConversationDetailPage />} />
      <Route path={PATHS.planning} element={<PlanningPage />} />
      <Route path={PATHS.statistics} element={<StatisticsRoute />} />
      <Route path={PATHS.customers} element={<CustomersPage />} />
      <Route path={PATHS.customer} element={<CustomerDetailPage />} />
      {/* Any other address: the list of its section, or the reservations when it names none. */}
      <Route path="conversations/*" element={<RestaurantRedirect page="operational/conversations" />} />
      <Route path="*" element={<RestaurantRedirect page="operational/reservations" />} />
    </Routes>
  );
}
