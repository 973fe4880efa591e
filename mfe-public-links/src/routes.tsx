/** Exposed as 'mfe_public_links/routes'. Mounted by the shell under /reservations, outside the guard. */
import { Route, Routes } from 'react-router';
import { ReservationLinkPage } from './features/reservation-link/components/ReservationLinkPage';

export default function PublicLinksRoutes() {
  return (
    <Routes>
      <Route path=":numero/accept/:codeManage" element={<ReservationLinkPage action="accept" />} />
      <Route path=":numero/reject/:codeManage" element={<ReservationLinkPage action="reject" />} />
      {/* A broken reject link (no code, or more than it) is still a refusal: its own failure title, no call. */}
      <Route path=":numero/reject/*" element={<ReservationLinkPage action="reject" />} />
      <Route path="*" element={<ReservationLinkPage action="accept" />} />
    </Routes>
  );
}
