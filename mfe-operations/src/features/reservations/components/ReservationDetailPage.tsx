import { NotYetAvailable, PageError, PageFrame } from '@tablee/shared';
import { useParams } from 'react-router';


/** Page frame of one reservation (back link and title); the detail is built by a later issue. */
export function ReservationDetailPage() {
  const { restaurantId, reservationId } = useParams();
  const back = { to: `/restaurants/${restaurantId}/operational/reservations`, label: '← Retour aux réservations' };
  if (!reservationId) {
    return (
      <PageFrame title="Erreur" back={back}>
        <PageError message="ID de réservation manquant" />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={`Réservation ${reservationId}`} back={back}>
      <NotYetAvailable />
    </PageFrame>
  );
}
