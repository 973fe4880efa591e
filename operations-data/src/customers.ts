/**
 * 'Clients', the restaurant's guest book (supabase/schemas/90_guest_book.sql): the list (one call of
 * public.restaurant_customers_list per page, searched and sorted in the database), a customer's detail
 * (public.customer_detail), the hint on a reservation (public.reservation_customer_hint), and for owners
 * the entries due for anonymisation and the retention setting. The answers' shapes are @tablee/domain's
 * guest-book.ts (amounts in cents).
 */
import { getSupabase, isUuid, type CustomerDetail, type CustomerDue, type CustomerHint, type CustomerListRow, type CustomerSort } from '@tablee/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SCREEN_DATA_FRESH_MS } from './keys';

/** Rows of one page of the list (server side: total_count says how many pages). */
export const CUSTOMERS_PAGE_SIZE = 50;
/** Longest search sent (a name, an e-mail, a phone or a company). */
export const CUSTOMER_SEARCH_MAX_LENGTH = 100;
/** The owner's tags: at most 10, of at most 30 characters each (the SQL's check, 23514). */
export const CUSTOMER_TAGS_MAX = 10;
export const CUSTOMER_TAG_MAX_LENGTH = 30;
export const CUSTOMER_TAG_SUGGESTIONS = ['Entreprise', 'Habitué'] as const;
/** restaurants.customer_retention_months: 1 to 36 months, 36 by default (the CNIL's three years). */
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 36;

/** '?q=dupont&tri=visites&page=2'. */
export const CUSTOMER_LIST_PARAM = { search: 'q', sort: 'tri', page: 'page' } as const;
export const CUSTOMER_SORT_PARAM_VALUES: Record<CustomerSort, string> = { last_visit: 'derniere-visite', visits: 'visites', spend: 'depenses' };
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = { last_visit: 'Dernière visite', visits: 'Nombre de visites', spend: 'Dépenses' };

export interface CustomerListParams {
  search: string;
  sort: CustomerSort;
  page: number;
}

/** The list of the address: its search (trimmed, cut), its sort (last visit by default), its page (1 by default). */
export function parseCustomerListParams(search: URLSearchParams): CustomerListParams {
  const text = (search.get(CUSTOMER_LIST_PARAM.search) ?? '').trim().slice(0, CUSTOMER_SEARCH_MAX_LENGTH);
  const asked = search.get(CUSTOMER_LIST_PARAM.sort);
  const sort = (Object.keys(CUSTOMER_SORT_PARAM_VALUES) as CustomerSort[]).find((s) => CUSTOMER_SORT_PARAM_VALUES[s] === asked) ?? 'last_visit';
  const page = Number(search.get(CUSTOMER_LIST_PARAM.page));
  return { search: text, sort, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export const customerKeys = {
  /** Everything of the guest book: a change (notes, merge, erasure) invalidates it whole. */
  all: (restaurantId: string) => ['restaurants', restaurantId, 'customers'] as const,
  list: (restaurantId: string, params: CustomerListParams) => [...customerKeys.all(restaurantId), 'list', params.search, params.sort, params.page] as const,
  detail: (restaurantId: string, customerId: string) => [...customerKeys.all(restaurantId), 'detail', customerId] as const,
  due: (restaurantId: string) => [...customerKeys.all(restaurantId), 'due'] as const,
  retention: (restaurantId: string) => [...customerKeys.all(restaurantId), 'retention'] as const,
  /** Under the reservations: a decision on the reservation refreshes its hint. */
  hint: (restaurantId: string, reservationId: string) => ['restaurants', restaurantId, 'reservations', 'customer-hint', reservationId] as const,
};

export interface CustomerPage {
  rows: CustomerListRow[];
  total: number;
}

export async function listCustomers(restaurantId: string, params: CustomerListParams): Promise<CustomerPage> {
  const { data, error } = await getSupabase().rpc('restaurant_customers_list', {
    p_restaurant_id: restaurantId,
    p_search: params.search,
    p_sort: params.sort,
    p_limit: CUSTOMERS_PAGE_SIZE,
    p_offset: (params.page - 1) * CUSTOMERS_PAGE_SIZE,
  });
  if (error) throw error;
  const rows = (data ?? []) as CustomerListRow[];
  return { rows, total: rows.length ? Number(rows[0].total_count) : 0 };
}

export const customerListQueryOptions = (restaurantId: string, params: CustomerListParams) =>
  queryOptions({
    queryKey: customerKeys.list(restaurantId, params),
    queryFn: () => listCustomers(restaurantId, params),
    staleTime: SCREEN_DATA_FRESH_MS,
    // The page shown stays while the next one (another search, sort or page) loads.
    placeholderData: keepPreviousData,
  });

/** A customer with their reservations and conversations; null when the restaurant holds no such entry. */
export async function getCustomerDetail(restaurantId: string, customerId: string): Promise<CustomerDetail | null> {
  if (!isUuid(customerId)) return null;
  const { data, error } = await getSupabase().rpc('customer_detail', { p_restaurant_id: restaurantId, p_customer_id: customerId });
  if (error) {
    // Unknown, erased or another restaurant's: the SQL says so as 'no data found'.
    if (error.code === 'P0002' || error.code === '22P02') return null;
    throw error;
  }
  return (data as CustomerDetail | null) ?? null;
}

export const customerDetailQueryOptions = (restaurantId: string, customerId: string) =>
  queryOptions({ queryKey: customerKeys.detail(restaurantId, customerId), queryFn: () => getCustomerDetail(restaurantId, customerId), staleTime: SCREEN_DATA_FRESH_MS });

export async function getCustomerHint(reservationId: string): Promise<CustomerHint | null> {
  const { data, error } = await getSupabase().rpc('reservation_customer_hint', { p_reservation_id: reservationId });
  if (error) throw error;
  return (data as CustomerHint | null) ?? null;
}

/** Not retried: the reservation is shown without it. */
export const customerHintQueryOptions = (restaurantId: string, reservationId: string) =>
  queryOptions({ queryKey: customerKeys.hint(restaurantId, reservationId), queryFn: () => getCustomerHint(reservationId), staleTime: SCREEN_DATA_FRESH_MS, retry: false });

/** Owners only (42501 for a manager): the entries the daily job will anonymise in the next 30 days. */
export async function getCustomersDue(restaurantId: string): Promise<CustomerDue[]> {
  const { data, error } = await getSupabase().rpc('customers_due_for_anonymisation', { p_restaurant_id: restaurantId, p_within_days: 30 });
  if (error) throw error;
  return (data ?? []) as CustomerDue[];
}

export const customersDueQueryOptions = (restaurantId: string) =>
  queryOptions({ queryKey: customerKeys.due(restaurantId), queryFn: () => getCustomersDue(restaurantId), staleTime: SCREEN_DATA_FRESH_MS });

/** The restaurant's name (the export's title) and how long its customers' data is kept. */
export interface RestaurantPrivacy {
  name: string;
  retentionMonths: number;
}

export async function getRestaurantPrivacy(restaurantId: string): Promise<RestaurantPrivacy> {
  const { data, error } = await getSupabase().from('restaurants').select('name, customer_retention_months').eq('id', restaurantId).single();
  if (error) throw error;
  return { name: data.name, retentionMonths: data.customer_retention_months };
}

export const restaurantPrivacyQueryOptions = (restaurantId: string) =>
  queryOptions({ queryKey: customerKeys.retention(restaurantId), queryFn: () => getRestaurantPrivacy(restaurantId), staleTime: SCREEN_DATA_FRESH_MS });

/** A customer's page, from the list or a reservation. */
export const customerPathOf = (restaurantId: string, customerId: string) => `/restaurants/${encodeURIComponent(restaurantId)}/operational/clients/${encodeURIComponent(customerId)}`;
export const customersPathOf = (restaurantId: string) => `/restaurants/${encodeURIComponent(restaurantId)}/operational/clients`;
