/**
 * The operations screens and the data each one reads, from its address alone. The remote's routes
 * use these paths; the shell uses the table to start a screen's data while the remote's code is still
 * loading (ARCHITECTURE.md: a screen's requests start together). Same code on both sides, so the
 * remote finds the shell's requests in flight or answered under the keys it asks for.
 */
import { isUuid } from '@tablee/domain';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import { conversationPageQueryOptions, conversationQueryOptions, parseConversationPage } from './conversations';
import { bookingProfileQueryOptions } from './booking';
import { restaurantPeopleQueryOptions } from './people';
import { reservationGuestsQueryOptions } from './reservation-guests';
import { reservationCountsQueryOptions } from './reservation-counts';
import { acceptanceCheckQueryOptions, parsePlanningParams, planningQueryOptions, planningRange } from './planning';
import { parseReservationListParams, reservationListQuery, reservationListQueryOptions, reservationQueryOptions } from './reservations';
import { restaurantStatisticsQueryOptions, statisticsQuery } from './statistics';
import { customerDetailQueryOptions, customerHintQueryOptions, customerListQueryOptions, parseCustomerListParams } from './customers';

/** Where the shell mounts the operations remote (the standalone page mounts it at the same address). */
export const OPERATIONS_MOUNT = '/restaurants/:restaurantId/operational';

/** The remote's screens, relative to the mount, as its <Routes> declare them. */
export const OPERATIONS_PATHS = {
  reservations: 'reservations',
  // Before 'reservations/:numero' in rank (a static segment): no reservation number is 'nouvelle' (R-0001…).
  newReservation: 'reservations/nouvelle',
  reservation: 'reservations/:numero',
  conversations: 'conversations',
  conversation: 'conversations/:conversationId',
  planning: 'planning',
  statistics: 'statistics',
  customers: 'clients',
  customer: 'clients/:customerId',
} as const;

type Prefetch = (client: QueryClient, params: Params, search: URLSearchParams) => void;

/**
 * Starts a query unless the cache already holds it (answered, in flight or failed: the screen then
 * shows or refreshes it itself), as TanStack's usePrefetchQuery does — so it may run during a render.
 */
export function prefetchIfAbsent<TData, TKey extends QueryKey>(client: QueryClient, options: FetchQueryOptions<TData, Error, TData, TKey>): void {
  if (!client.getQueryState(options.queryKey)) void client.prefetchQuery(options);
}

/** What each screen reads on its first render (what it reads later, like the sheet links of an accepted reservation, needs that first answer). */
const SCREEN_DATA: Record<keyof typeof OPERATIONS_PATHS, Prefetch> = {
  reservations: (client, { restaurantId = '' }, search) => {
    const query = reservationListQuery(restaurantId, parseReservationListParams(search));
    if (!query) return;
    prefetchIfAbsent(client, reservationCountsQueryOptions(restaurantId));
    prefetchIfAbsent(client, reservationListQueryOptions(query));
  },
  newReservation: (client, { restaurantId = '' }) => {
    if (isUuid(restaurantId)) prefetchIfAbsent(client, bookingProfileQueryOptions(restaurantId));
  },
  reservation: (client, { restaurantId = '', numero = '' }) => {
    if (!restaurantId || !numero) return;
    prefetchIfAbsent(client, reservationQueryOptions(restaurantId, numero));
    if (!isUuid(restaurantId)) return;
    prefetchIfAbsent(client, acceptanceCheckQueryOptions(restaurantId, numero));
    // Who decided, for the history's 'Acceptée par …'.
    prefetchIfAbsent(client, restaurantPeopleQueryOptions(restaurantId));
    // Each guest's choices, filled in by the customer on their page ('Choix des convives').
    prefetchIfAbsent(client, reservationGuestsQueryOptions(restaurantId, numero));
    // What the guest book tells of its customer ('Client fidèle — 4ᵉ réservation'), asked by the reservation's id once it is read.
    void client.ensureQueryData(reservationQueryOptions(restaurantId, numero)).then(
      (reservation) => reservation && prefetchIfAbsent(client, customerHintQueryOptions(restaurantId, reservation.id)),
      () => undefined,
    );
  },
  conversations: (client, { restaurantId = '' }, search) => {
    if (isUuid(restaurantId)) prefetchIfAbsent(client, conversationPageQueryOptions(restaurantId, parseConversationPage(search)));
  },
  conversation: (client, { restaurantId = '', conversationId = '' }) => {
    if (conversationId) prefetchIfAbsent(client, conversationQueryOptions(restaurantId, conversationId));
  },
  planning: (client, { restaurantId = '' }, search) => {
    const { from, to } = planningRange(parsePlanningParams(search));
    if (isUuid(restaurantId)) prefetchIfAbsent(client, planningQueryOptions(restaurantId, from, to));
  },
  statistics: (client, { restaurantId = '' }, search) => {
    const query = statisticsQuery(restaurantId, search);
    if (query) prefetchIfAbsent(client, restaurantStatisticsQueryOptions(query.restaurantId, query.period));
  },
  customers: (client, { restaurantId = '' }, search) => {
    if (isUuid(restaurantId)) prefetchIfAbsent(client, customerListQueryOptions(restaurantId, parseCustomerListParams(search)));
  },
  customer: (client, { restaurantId = '', customerId = '' }) => {
    if (isUuid(restaurantId) && isUuid(customerId)) prefetchIfAbsent(client, customerDetailQueryOptions(restaurantId, customerId));
  },
};

const ROUTES: RouteObject[] = [{ path: OPERATIONS_MOUNT, children: Object.entries(OPERATIONS_PATHS).map(([id, path]) => ({ id, path })) }];

/**
 * Starts the data of the operations screen at `location` (nothing for any other address). Matched
 * by react-router's own matcher, which decodes the address as the remote's <Routes> do. A query the
 * cache already holds is left to the screen.
 */
export function prefetchOperationsScreen(client: QueryClient, location: { pathname: string; search: string }): void {
  const matches = matchRoutes(ROUTES, location.pathname);
  const screen = matches?.[matches.length - 1];
  const id = screen?.route.id as keyof typeof OPERATIONS_PATHS | undefined;
  if (!screen || !id) return;
  SCREEN_DATA[id](client, screen.params, new URLSearchParams(location.search));
}
