import { bookingProfileQueryOptions, type ReservationDetail } from '@tablee/operations-data';
import { QueryState } from '@tablee/shared';
import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import dayjs from 'dayjs';
import { useBookingMutations, type BookingRequest, type ModifyAnswer } from '../api/bookings';
import { ReservationForm, type ReservationFormValues } from './ReservationForm';

/** The statuses a reservation may be changed in (public.modify_reservation refuses the others). */
export const MODIFIABLE = ['pending', 'accepted', 'paid'] as const;

/** The form's values of a reservation as it stands. */
export function valuesOf(r: ReservationDetail): ReservationFormValues {
  return {
    date: dayjs(r.reservationDate),
    service: r.service,
    arrival_time: r.arrivalTime || undefined,
    adults: r.numberPeople,
    children: r.children,
    menu_id: r.selectedMenuId,
    options: r.options.flatMap((o) => (o.option_id ? [{ option_id: o.option_id, quantity: o.quantity }] : [])),
    customer: { name: r.customerName, email: r.email, phone: r.phoneNumber },
    dietary_notes: r.dietaryNotes ?? '',
    notes: r.notes ?? '',
  };
}

/**
 * 'Modifier': the reservation's fields in the booking form, saved in one call of
 * public.modify_reservation (through the reservation service). The change is first previewed (nothing stored): nothing changed closes the
 * dialog; the acceptance check's warnings of the reservation as changed are shown and must be
 * confirmed; then it is saved, and `onSaved` says whether the customer will be e-mailed.
 */
export function EditReservationModal({ reservation, open, onClose, onSaved }: { reservation: ReservationDetail; open: boolean; onClose: () => void; onSaved: (answer: ModifyAnswer) => void }) {
  const profile = useQuery({ ...bookingProfileQueryOptions(reservation.restaurantId), enabled: open });
  const { modify } = useBookingMutations(reservation.restaurantId);
  const [modal, modalHolder] = Modal.useModal();

  const save = async (changes: Omit<BookingRequest, 'external_id'>) => {
    const preview = await modify.mutateAsync({ reservationId: reservation.id, changes, preview: true });
    if (!preview.changed) {
      onClose();
      return;
    }
    const { warnings } = preview;
    if (warnings.length > 0) {
      const confirmed = await modal.confirm({
        title: 'Enregistrer malgré le planning ?',
        content: (
          <div>
            {warnings.map((warning) => (
              <p key={warning}>{warning}</p>
            ))}
          </div>
        ),
        okText: 'Enregistrer quand même',
        cancelText: 'Annuler',
      });
      if (!confirmed) return;
    }
    onSaved(await modify.mutateAsync({ reservationId: reservation.id, changes, preview: false }));
  };

  return (
    <>
      {/* Beside the dialog, not in it: the confirmation is a dialog of its own. */}
      {modalHolder}
      <Modal open={open} title={`Modifier la réservation ${reservation.numero}`} footer={null} onCancel={onClose} width={760} destroyOnHidden>
        <QueryState query={profile} errorMessage="Erreur lors du chargement du profil du restaurant" loadingLabel="Chargement...">
          {(knowledge) => (
            <ReservationForm profile={knowledge} initialValues={valuesOf(reservation)} submitLabel="Enregistrer les modifications" busy={modify.isPending} onSubmit={save} onCancel={onClose} />
          )}
        </QueryState>
      </Modal>
    </>
  );
}
