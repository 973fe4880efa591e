import { bookingProfileQueryOptions, parseNewReservationParams } from '@tablee/operations-data';
import { PageError, PageFrame, QueryState } from '@tablee/shared';
import { isUuid, restaurantPath } from '@tablee/domain';
import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useBookingMutations, type BookingRequest } from '../api/bookings';
import { newBookingValues, ReservationForm } from './ReservationForm';

/** A new id for the form: sent twice (a double click, a retry), it is the same booking. */
const newExternalId = () => `telephone-${globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`}`;

/**
 * 'Nouvelle réservation': a booking the owner takes (by phone), from the list or a planning cell (its
 * date and service in the address). It goes through the one way in (submit_group_request, source
 * phone). With 'Confirmer directement' the acceptance check's warnings are shown first and must be
 * confirmed; then the new reservation's page opens.
 */
export function NewReservationPage() {
  const { restaurantId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [externalId] = useState(newExternalId);
  const [initialValues] = useState(() => newBookingValues(parseNewReservationParams(search)));
  const profile = useQuery({ ...bookingProfileQueryOptions(restaurantId), enabled: isUuid(restaurantId) });
  const { submit } = useBookingMutations(restaurantId);
  const [modal, modalHolder] = Modal.useModal();
  const list = restaurantPath(restaurantId, 'operational/reservations');
  const back = { to: list, label: '← Retour aux réservations' };

  if (!isUuid(restaurantId))
    return (
      <PageFrame title="Nouvelle réservation" back={back}>
        <PageError message="Restaurant ID vide ou invalide" />
      </PageFrame>
    );

  const save = async (booking: Omit<BookingRequest, 'external_id'>, accept: boolean) => {
    const request = { ...booking, external_id: externalId };
    if (accept) {
      // What accepting means for the plan, asked of the database without storing anything.
      const preview = await submit.mutateAsync({ request, accept: true, preview: true });
      if (preview.warnings.length > 0) {
        const confirmed = await modal.confirm({
          title: 'Accepter malgré le planning ?',
          content: (
            <div>
              {preview.warnings.map((warning) => (
                <p key={warning}>{warning}</p>
              ))}
            </div>
          ),
          okText: 'Accepter quand même',
          cancelText: 'Annuler',
        });
        if (!confirmed) return;
      }
    }
    const answer = await submit.mutateAsync({ request, accept, preview: false });
    navigate(`${list}/${encodeURIComponent(answer.reservation.numero_restaurateur)}`, {
      state: { created: accept ? 'Réservation enregistrée et acceptée.' : 'Réservation enregistrée.' },
    });
  };

  return (
    <PageFrame title="Nouvelle réservation" subtitle="Une réservation prise par téléphone ou au comptoir : elle suit les règles de votre profil." back={back}>
      {modalHolder}
      <QueryState query={profile} errorMessage="Erreur lors du chargement du profil du restaurant" loadingLabel="Chargement...">
        {(knowledge) => (
          <ReservationForm
            profile={knowledge}
            initialValues={initialValues}
            submitLabel="Enregistrer la réservation"
            withAccept
            busy={submit.isPending}
            onSubmit={save}
            onCancel={() => navigate(list)}
          />
        )}
      </QueryState>
    </PageFrame>
  );
}
