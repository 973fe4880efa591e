import { getSupabase, RESERVATION_COLUMNS, reservationFromRow, reservationKeys, type Reservation, type ReservationRow } from '@tablee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * One reservation of the restaurant by its restaurant-facing number, with its conversation's messages
 * (oldest first) in the same request. Null when it does not exist, belongs to another owner (RLS), or
 * the restaurant id is not a UUID.
 */
export async function getReservation(restaurantId: string, numero: string): Promise<Reservation | null> {
  const { data, error } = await getSupabase()
    .from('restaurant_reservations')
    .select(`${RESERVATION_COLUMNS}, conversations(id, restaurant_id, created_at, updated_at, messages(id, role, content, created_at))`)
    .eq('restaurant_id', restaurantId)
    .eq('numero_reservation_restaurateur', numero)
    .order('created_at', { referencedTable: 'conversations.messages', ascending: true })
    .maybeSingle();
  if (error?.code === '22P02') return null;
  if (error) throw error;
  return data ? reservationFromRow(data as unknown as ReservationRow) : null;
}

/** Keyed by the restaurant-facing number, as in the address. */
export const reservationQueryOptions = (restaurantId: string, numero: string) =>
  queryOptions({ queryKey: [...reservationKeys.all(restaurantId), 'detail', numero], queryFn: () => getReservation(restaurantId, numero) });

export const useReservation = (restaurantId: string, numero: string) => useQuery({ ...reservationQueryOptions(restaurantId, numero), enabled: !!restaurantId && !!numero });
