import { NotYetAvailable, PageFrame } from '@tablee/shared';

/** Page frame of the reservation list; the list itself is built by a later issue. */
export function ReservationsPage() {
  return (
    <PageFrame title="Réservations" subtitle="Liste des demandes de réservation pour votre établissement">
      <NotYetAvailable />
    </PageFrame>
  );
}
