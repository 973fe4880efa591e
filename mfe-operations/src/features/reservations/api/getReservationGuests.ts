import { reservationGuestsQueryOptions } from '@tablee/operations-data';
import { useQuery } from '@tanstack/react-query';

// The fetcher and its options are in @tablee/operations-data: the shell starts them with the reservation, from the address.
export const useReservationGuests = (restaurantId: string, numero: string) => useQuery(reservationGuestsQueryOptions(restaurantId, numero));
