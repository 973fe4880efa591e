import {
  getSupabase,
  isUuid,
  parseReservationFilter,
  RESERVATION_SOURCES,
  RESERVATION_STATUS_CODES,
  statusToCode,
  type Reservation,
  type ReservationSource,
  type ReservationStatus,
} from '@tablee/domain';
import { queryOptions } from '@tanstack/react-query';
import type { Service } from './constants';
import { LIVE_REFRESH_MS, PageOutOfRangeError, reservationKeys, SCREEN_DATA_FRESH_MS } from './keys';
import { reservationFromRow } from './mappers';
import { receivedBounds } from './received';
import { readReservation, reservationDetailQuery, type ReservationDetail } from './reservation-read';
import { RESERVATION_COLUMNS } from './rows';

export * from './reservation-read';

export const RESERVATIONS_PAGE_SIZE = 20;

export interface ReservationQuery {
  restaurantId: string;
  status: ReservationStatus | 'all';
  /** Part of the customer's name, a reservation number, the e-mail or the phone; any case, any accent. */
  search: string;
  /** Reservation dates, 'YYYY-MM-DD', both included. */
  dateFrom?: string;
  dateTo?: string;
  /** Lunch or dinner (restaurant_reservations.service: the arrival time, before 16:00 or not). */
  service?: Service;
  /** 'due': the pending requests, the earliest answer deadline first ('À traiter': late ones on top). */
  order?: 'due';
  /** Paris days the request was received, 'YYYY-MM-DD', both included (the statistics' figures link here). */
  receivedFrom?: string;
  receivedTo?: string;
  /** Any of these statuses (with `status`, both apply). */
  statuses?: ReservationStatus[];
  /** Where the request came from. */
  source?: ReservationSource;
  /** 1-based. */
  page: number;
}

export interface ReservationPage {
  reservations: Reservation[];
  total: number;
}

/**
 * One page of the list, newest first, searched, filtered and counted in the database (one request:
 * rows and exact count). A search goes through public.search_reservations (every word typed, in the
 * name, numbers, customer's code, e-mail or phone, case and accents ignored: one SQL rule, read through
 * the trigram index), to which PostgREST adds the filters, order and page as to its answer;
 * without one the table is read directly, in the order of its index (3× faster at 10,000 rows, `pnpm
 * bench`). Indexes: (restaurant_id, status, created_at desc), (restaurant_id, reservation_date).
 */
export async function listReservations(query: ReservationQuery): Promise<ReservationPage> {
  const from = (query.page - 1) * RESERVATIONS_PAGE_SIZE;
  const supabase = getSupabase();
  // The source ('Téléphone') from the table; search_reservations does not return it (yet): its rows go without.
  let request = query.search
    ? supabase.rpc('search_reservations', { p_restaurant_id: query.restaurantId, p_search: query.search }, { count: 'exact' }).select(RESERVATION_COLUMNS)
    : supabase.from('restaurant_reservations').select(RESERVATION_COLUMNS, { count: 'exact' }).eq('restaurant_id', query.restaurantId);
  if (query.status !== 'all') request = request.eq('status', statusToCode(query.status));
  if (query.dateFrom) request = request.gte('reservation_date', query.dateFrom);
  if (query.dateTo) request = request.lte('reservation_date', query.dateTo);
  if (query.service) request = request.eq('service', query.service);
  // Received on these Paris days: the statistics' own bounds (received.ts).
  const received = receivedBounds(query.receivedFrom, query.receivedTo);
  if (received.gte) request = request.gte('created_at', received.gte);
  if (received.lt) request = request.lt('created_at', received.lt);
  if (query.statuses?.length) request = request.in('status', query.statuses.map(statusToCode));
  if (query.source) request = request.eq('source', query.source);
  request = query.order === 'due' ? request.order('respond_by', { ascending: true }) : request.order('created_at', { ascending: false });
  const { data, count, error } = await request.order('id', { ascending: false }).range(from, from + RESERVATIONS_PAGE_SIZE - 1);
  if (error?.code === 'PGRST103') throw new PageOutOfRangeError(error.message);
  if (error) throw error;
  // PostgREST answers 416 only past the total; a page starting exactly at it comes back empty.
  if (query.page > 1 && !data?.length && (count ?? 0) > 0) throw new PageOutOfRangeError('page vide');
  return { reservations: data.map(reservationFromRow), total: count ?? 0 };
}

/**
 * The list as filtered (every page), as a CSV file for French spreadsheets, written whole by the
 * database (public.export_reservations_csv: BOM, ';', French headers, dd/mm/yyyy, decimal commas).
 */
export async function exportReservationsCsv(query: Omit<ReservationQuery, 'page'>): Promise<string> {
  const { data, error } = await getSupabase().rpc('export_reservations_csv', {
    p_restaurant_id: query.restaurantId,
    p_search: query.search,
    ...(query.status !== 'all' ? { p_status: statusToCode(query.status) } : {}),
    ...(query.dateFrom ? { p_from: query.dateFrom } : {}),
    ...(query.dateTo ? { p_to: query.dateTo } : {}),
    ...(query.service ? { p_service: query.service } : {}),
    p_due_first: query.order === 'due',
    // A statistic's link: the same days of reception, statuses and source as the list reads.
    ...(query.receivedFrom ? { p_received_from: query.receivedFrom } : {}),
    ...(query.receivedTo ? { p_received_to: query.receivedTo } : {}),
    ...(query.statuses?.length ? { p_statuses: query.statuses.map(statusToCode) } : {}),
    ...(query.source ? { p_source: query.source } : {}),
  });
  if (error) throw error;
  return data;
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
    staleTime: SCREEN_DATA_FRESH_MS,
    refetchInterval: LIVE_REFRESH_MS,
  });

/** The reservation's read on the page's supabase-js client (readReservation). */
export const getReservation = (restaurantId: string, numero: string): Promise<ReservationDetail | null> => readReservation(getSupabase(), restaurantId, numero);

/** Keyed by the restaurant-facing number, as in the address. */
export const reservationQueryOptions = (restaurantId: string, numero: string) => reservationDetailQuery(restaurantId, numero, () => getReservation(restaurantId, numero));

/** URL parameters of the list, so that the back button and a shared link show the same list. */
export const RESERVATION_LIST_PARAM = {
  status: 'statut',
  search: 'recherche',
  from: 'du',
  to: 'au',
  service: 'service',
  order: 'ordre',
  page: 'page',
  receivedFrom: 'recuDu',
  receivedTo: 'recuAu',
  statuses: 'statuts',
  source: 'origine',
} as const;

/** '?statuts=rejected,cancelled,no_show': the known statuses of a comma list, in their codes' order, each once. */
export function parseStatusList(value: string | null): ReservationStatus[] | undefined {
  const asked = new Set((value ?? '').split(',').map((s) => s.trim()));
  const statuses = (Object.keys(RESERVATION_STATUS_CODES) as ReservationStatus[]).filter((status) => asked.has(status));
  return statuses.length ? statuses : undefined;
}

const sourceFromParam = (value: string | null): ReservationSource | undefined => (RESERVATION_SOURCES as readonly string[]).find((source) => source === value) as ReservationSource | undefined;

/** '?statut=pending&ordre=a-traiter': the 'À traiter' list. */
export const DUE_ORDER_PARAM = 'a-traiter';

/** The service in the address, in French ('?service=midi'). */
export const SERVICE_PARAM_VALUES: Record<Service, string> = { lunch: 'midi', dinner: 'soir' };
const serviceFromParam = (value: string | null): Service | undefined => (Object.keys(SERVICE_PARAM_VALUES) as Service[]).find((service) => SERVICE_PARAM_VALUES[service] === value);

export const SEARCH_MAX_LENGTH = 100;

export interface ReservationListParams {
  status: ReservationStatus | 'all';
  search: string;
  dateFrom?: string;
  dateTo?: string;
  service?: Service;
  order?: 'due';
  receivedFrom?: string;
  receivedTo?: string;
  statuses?: ReservationStatus[];
  source?: ReservationSource;
  page: number;
  /** The URL's dates are in the wrong order: they are not applied, the screen says why. */
  invalidRange: boolean;
}

/** A real calendar day 'YYYY-MM-DD' of an address, or undefined (the list's dates, the planning's date). */
export function isoDate(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : undefined;
}

/** Filter, search, date range and page of the list's query string; anything malformed reads as unset. */
export function parseReservationListParams(searchParams: URLSearchParams): ReservationListParams {
  const page = Number(searchParams.get(RESERVATION_LIST_PARAM.page));
  let dateFrom = isoDate(searchParams.get(RESERVATION_LIST_PARAM.from));
  let dateTo = isoDate(searchParams.get(RESERVATION_LIST_PARAM.to));
  let receivedFrom = isoDate(searchParams.get(RESERVATION_LIST_PARAM.receivedFrom));
  let receivedTo = isoDate(searchParams.get(RESERVATION_LIST_PARAM.receivedTo));
  const invalidDates = !!dateFrom && !!dateTo && dateFrom > dateTo;
  if (invalidDates) dateFrom = dateTo = undefined;
  const invalidReceived = !!receivedFrom && !!receivedTo && receivedFrom > receivedTo;
  if (invalidReceived) receivedFrom = receivedTo = undefined;
  return {
    status: parseReservationFilter(searchParams.get(RESERVATION_LIST_PARAM.status)),
    search: (searchParams.get(RESERVATION_LIST_PARAM.search) ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    dateFrom,
    dateTo,
    service: serviceFromParam(searchParams.get(RESERVATION_LIST_PARAM.service)),
    order: searchParams.get(RESERVATION_LIST_PARAM.order) === DUE_ORDER_PARAM ? 'due' : undefined,
    receivedFrom,
    receivedTo,
    statuses: parseStatusList(searchParams.get(RESERVATION_LIST_PARAM.statuses)),
    source: sourceFromParam(searchParams.get(RESERVATION_LIST_PARAM.source)),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    invalidRange: invalidDates || invalidReceived,
  };
}

/** The list's query for the URL's parameters; null when the restaurant id cannot be one (nothing is asked). */
export function reservationListQuery(restaurantId: string, params: ReservationListParams): ReservationQuery | null {
  if (!isUuid(restaurantId)) return null;
  return {
    restaurantId,
    status: params.status,
    search: params.search,
    dateFrom: params.dateFrom,
    dateTo: params.dateTo,
    service: params.service,
    order: params.order,
    // Only what is set: the key of a list without them stays the one it always was (the shell's prefetch).
    ...(params.receivedFrom ? { receivedFrom: params.receivedFrom } : {}),
    ...(params.receivedTo ? { receivedTo: params.receivedTo } : {}),
    ...(params.statuses ? { statuses: params.statuses } : {}),
    ...(params.source ? { source: params.source } : {}),
    page: params.page,
  };
}
