/**
 * What 'Nouvelle réservation' and 'Modifier' offer: the restaurant's days, services and arrival times,
 * menus and options, read in one call of public.assistant_knowledge — the very profile
 * submit_group_request checks a booking against (its ids are those a booking names).
 */
import { getSupabase, type AssistantKnowledge } from '@tablee/domain';
import { queryOptions } from '@tanstack/react-query';
import type { Service } from './constants';
import { isoDate, SERVICE_PARAM_VALUES } from './reservations';
import { reservationKeys, SCREEN_DATA_FRESH_MS } from './keys';

export const bookingProfileQueryOptions = (restaurantId: string) =>
  queryOptions({
    queryKey: [...reservationKeys.all(restaurantId), 'booking-profile'],
    queryFn: async (): Promise<AssistantKnowledge> => {
      const { data, error } = await getSupabase().rpc('assistant_knowledge', { p_restaurant_id: restaurantId });
      if (error) throw error;
      return data;
    },
    staleTime: SCREEN_DATA_FRESH_MS,
  });

/** The address of 'Nouvelle réservation': a date and a service to start from (a planning cell's), both optional. */
export const NEW_RESERVATION_PARAM = { date: 'date', service: 'service' } as const;

export function parseNewReservationParams(search: URLSearchParams): { date?: string; service?: Service } {
  const service = (Object.keys(SERVICE_PARAM_VALUES) as Service[]).find((s) => SERVICE_PARAM_VALUES[s] === search.get(NEW_RESERVATION_PARAM.service));
  return { date: isoDate(search.get(NEW_RESERVATION_PARAM.date)), service };
}

/** '?date=2026-12-12&service=soir': 'Nouvelle réservation' from a planning cell. */
export function newReservationSearch(date: string, service: Service): string {
  return new URLSearchParams({ [NEW_RESERVATION_PARAM.date]: date, [NEW_RESERVATION_PARAM.service]: SERVICE_PARAM_VALUES[service] }).toString();
}
