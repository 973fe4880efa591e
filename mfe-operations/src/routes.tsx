/**
 * Exposed as 'mfe_operations/routes'. Mounted by the shell under /restaurants/:restaurantId/operational.
 */
import { RestaurantRedirect } from '@tablee/shared';
import { Route, Routes } from 'react-router';
import { ConversationDetailPage } from './features/conversations/components/ConversationDetailPage';
import { ConversationsPage } from './features/conversations/components/ConversationsPage';
import { ReservationDetailPage } from './features/reservations/components/ReservationDetailPage';
import { ReservationsPage } from './features/reservations/components/ReservationsPage';

export default function OperationsRoutes() {
  return (
    <Routes>
      <Route path="reservations" element={<ReservationsPage />} />
      <Route path="reservations/:reservationId" element={<ReservationDetailPage />} />
      <Route path="conversations" element={<ConversationsPage />} />
      <Route path="conversations/:conversationId" element={<ConversationDetailPage />} />
      {/* Any other address: the list of its section, or the reservations when it names none. */}
      <Route path="conversations/*" element={<RestaurantRedirect page="operational/conversations" />} />
      <Route path="*" element={<RestaurantRedirect page="operational/reservations" />} />
    </Routes>
  );
}
