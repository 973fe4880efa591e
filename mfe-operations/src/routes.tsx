/**
 * Exposed as 'mfe_operations/routes'. Mounted by the shell under OPERATIONS_MOUNT (/restaurants/:restaurantId/operational).
 */
import { OPERATIONS_PATHS as PATHS } from '@tablee/operations-data';
import { RestaurantRedirect } from '@tablee/domain';
import { Route, Routes } from 'react-router';
import { ConversationDetailPage } from './features/conversations/components/ConversationDetailPage';
import { ConversationsPage } from './features/conversations/components/ConversationsPage';
import { NewReservationPage } from './features/reservations/components/NewReservationPage';
import { ReservationDetailPage } from './features/reservations/components/ReservationDetailPage';
import { PlanningPage } from './features/planning/components/PlanningPage';
import { ReservationsPage } from './features/reservations/components/ReservationsPage';

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
      {/* Any other address: the list of its section, or the reservations when it names none. */}
      <Route path="conversations/*" element={<RestaurantRedirect page="operational/conversations" />} />
      <Route path="*" element={<RestaurantRedirect page="operational/reservations" />} />
    </Routes>
  );
}
