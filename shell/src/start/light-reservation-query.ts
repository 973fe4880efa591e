import { reservationKeys, SCREEN_DATA_FRESH_MS } from '@tablee/operations-data/keys';
import type { ReservationDetail } from '@tablee/operations-data/reservation-read';
import { queryOptions } from '@tanstack/react-query';
import { reservationAddress } from './reservation-head-start';

/** The light page's query of its reservation: the full screen's key and freshness (reservationQueryOptions), so that screen finds the answer in the cache. */
export const lightReservationQuery = (read: () => Promise<ReservationDetail | null>) =>
  queryOptions({ queryKey: reservationKeys.detail(reservationAddress.restaurantId, reservationAddress.numero), queryFn: read, staleTime: SCREEN_DATA_FRESH_MS });

export type LightReservationQuery = ReturnType<typeof lightReservationQuery>;
