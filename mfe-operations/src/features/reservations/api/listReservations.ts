import { getSupabase, RESERVATION_COLUMNS, reservationFromRow, reservationKeys, statusToCode, type Reservation, type ReservationRow, type ReservationStatus } from '@tablee/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export const RESERVATIONS_PAGE_SIZE = 20;

export interface ReservationQuery {
  restaurantId: string;
  status: ReservationStatus | 'all';
  /** Part of the customer's name, any case. */
  search: string;
  /** Reservation dates, 'YYYY-MM-DD', both included. */
  dateFrom?: string;
  dateTo?: string;
  /** 1-based. */
  page: number;
}

export interface ReservationPage {
  reservations: Reservation[];
  total: number;
}

/** The page asked for lies beyond the last one (PostgREST answers 416 with PGRST103). */
export class PageOutOfRangeError extends Error {}

/** LIKE wildcards typed by the owner are searched literally; PostgREST also reads '*' as '%'. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '')}%`;
}

/**
 * One page of the list, newest first, filtered and counted in the database (one request: rows and
 * exact count). Indexes: (restaurant_id, status, created_at desc), (restaurant_id, reservation_date),
 * trigram on customer_name.
 */
export async function listReservations(query: ReservationQuery): Promise<ReservationPage> {
  const from = (query.page - 1) * RESERVATIONS_PAGE_SIZE;
  let request = getSupabase().from('restaurant_reservations').select(RESERVATION_COLUMNS, { count: 'exact' }).eq('restaurant_id', query.restaurantId);
  if (query.status !== 'all') request = request.eq('status', statusToCode(query.status));
  if (query.search) request = request.ilike('customer_name', likePattern(query.search));
  if (query.dateFrom) request = request.gte('reservation_date', query.dateFrom);
  if (query.dateTo) request = request.lte('reservation_date', query.dateTo);
  const { data, count, error } = await request
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + RESERVATIONS_PAGE_SIZE - 1);
  if (error?.code === 'PGRST103') throw new PageOutOfRangeError(error.message);
  if (error) throw error;
  // PostgREST answers 416 only past the total; a page starting exactly at it comes back empty.
  if (query.page > 1 && !data?.length && (count ?? 0) > 0) throw new PageOutOfRangeError('page vide');
  return { reservations: (data as unknown as ReservationRow[]).map(reservationFromRow), total: count ?? 0 };
}

/**
 * Keyed by every parameter: an answer to an older filter or page lands in its own entry and never
 * replaces the list shown. A page out of range is not retried (the screen goes back to page 1).
 */
export const reservationListQueryOptions = ({ restaurantId, ...params }: ReservationQuery) =>
  queryOptions({
    queryKey: [...reservationKeys.all(restaurantId), 'list', params],
    queryFn: () => listReservations({ restaurantId, ...params }),
    retry: (failures, error) => !(error instanceof PageOutOfRangeError) && failures < 1,
  });

/** The page of the query; the rows of the previous one stay on screen while it loads (the table shows its own spinner). */
export function useReservationPage(query: ReservationQuery | null) {
  const options = reservationListQueryOptions(query ?? { restaurantId: '', status: 'all', search: '', page: 1 });
  return useQuery({ ...options, enabled: !!query, placeholderData: keepPreviousData });
}
