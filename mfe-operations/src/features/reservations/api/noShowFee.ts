import type { NoShowFeeAnswer } from '@tablee/contract';
import { getSupabase, type Reservation } from '@tablee/domain';
import { reservationKeys } from '@tablee/operations-data';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callReservationService } from '../../../lib/reservationService';

/**
 * What may be charged after 'Non présenté' (public.no_show_fee_plan: the CGV's fee on the card imprint);
 * null for a manager, whom the database refuses (owners only take money).
 */
export const noShowFeePlanQueryOptions = (reservation: Pick<Reservation, 'id' | 'restaurantId'>) =>
  queryOptions({
    queryKey: [...reservationKeys.all(reservation.restaurantId), 'no-show-fee', reservation.id],
    queryFn: async () => {
      const { data, error } = await getSupabase().rpc('no_show_fee_plan', { p_reservation_id: reservation.id });
      if (error?.code === '42501') return null;
      if (error) throw error;
      return data;
    },
  });

/** 'Prélever les frais de non-présentation': the reservation service charges the card (or e-mails the customer a link). */
export function useChargeNoShowFee(reservation: Pick<Reservation, 'numeroReservation' | 'restaurantId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callReservationService<NoShowFeeAnswer>('reservations/charge_no_show_fee', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ numero_reservation: reservation.numeroReservation, restaurant_id: reservation.restaurantId }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationKeys.all(reservation.restaurantId) }),
  });
}
