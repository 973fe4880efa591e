/**
 * The shell's prefetch and this remote's screens agree (@tablee/operations-data, bundled by both):
 * once the shell has started a screen's data from its address alone, the screen mounting afterwards
 * shows that answer and asks the database for nothing more — same keys, same URL parsers. On the
 * bench owner's restaurant (large dataset), through the kernel's one QueryClient.
 */
import { prefetchOperationsScreen } from '@tablee/operations-data';
import { queryClient } from '@tablee/shared';
import { screen, waitFor } from '@testing-library/react';
import { renderOperationsAt } from '../render';
import { BENCH, signInAs, sql } from '../stack';

const operational = `/restaurants/${BENCH.restaurantId}/operational`;

/** The tables the app asked PostgREST about, in order. */
const asked: string[] = [];
const originalFetch = globalThis.fetch;

beforeAll(async () => {
  await signInAs();
  globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname.startsWith('/rest/v1/')) asked.push(url.pathname.slice('/rest/v1/'.length));
    return originalFetch(input, init);
  };
});

afterAll(() => {
  globalThis.fetch = originalFetch;
});

beforeEach(() => {
  queryClient.clear();
  asked.length = 0;
});

/** The keys of the queries that have been asked (a screen may also hold disabled ones, e.g. the sheets of a pending reservation). */
const keys = () =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.dataUpdateCount + q.state.errorUpdateCount > 0 || q.state.fetchStatus !== 'idle')
    .map((q) => JSON.stringify(q.queryKey))
    .sort();

const pendingNumero = async () =>
  (
    await sql<{ n: string }>('select numero_reservation_restaurateur as n from restaurant_reservations where restaurant_id = $1 and status = 0 order by created_at desc limit 1', [
      BENCH.restaurantId,
    ])
  )[0].n;
const latestConversation = async () => (await sql<{ id: string }>('select id from conversations where restaurant_id = $1 order by updated_at desc limit 1', [BENCH.restaurantId]))[0].id;

const SCREENS: [string, () => Promise<{ path: string; shown: () => unknown }>, string[]][] = [
  [
    'the reservation list, filtered and searched',
    async () => ({ path: `${operational}/reservations?statut=pending&recherche=mar&page=2`, shown: () => expect(screen.getByTestId('reservation-count')).toHaveTextContent('En attente') }),
    // A searched list is the search function's answer.
    ['reservation_status_counts', 'rpc/search_reservations'],
  ],
  [
    'a reservation',
    async () => {
      const numero = await pendingNumero();
      return {
        path: `${operational}/reservations/${encodeURIComponent(numero)}`,
        shown: () => expect(screen.getByRole('heading', { name: new RegExp(`Réservation ${numero}`) })).toBeInTheDocument(),
      };
    },
    // The reservation, what accepting it would do to the plan, who is who in its history and its guests' choices (asked together),
    // then what the guest book tells of its customer (by the reservation's id).
    ['reservation_guests', 'restaurant_reservations', 'rpc/reservation_acceptance_check', 'rpc/reservation_customer_hint', 'rpc/restaurant_people'],
  ],
  [
    'the conversation list, page 2',
    async () => ({ path: `${operational}/conversations?page=2`, shown: () => expect(screen.getByTestId('conversation-range')).toHaveTextContent(/^Affichage de 11 à 20 sur/) }),
    ['conversation_summaries'],
  ],
  [
    'a conversation',
    async () => ({ path: `${operational}/conversations/${await latestConversation()}`, shown: () => expect(screen.getByText(/message\(s\)$/)).toBeInTheDocument() }),
    ['conversations'],
  ],
];

test.each(SCREENS)('%s: the screen shows the prefetched answer and asks nothing more', async (_label, address, tables) => {
  const { path, shown } = await address();
  const url = new URL(path, 'http://tablee.test');
  prefetchOperationsScreen(queryClient, { pathname: url.pathname, search: url.search });
  // Answered before the screen mounts, as when the data beats the remote's code.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  const prefetched = keys();
  expect(asked.sort()).toEqual(tables);

  renderOperationsAt(path);
  await waitFor(shown);
  expect(queryClient.isFetching()).toBe(0);
  expect(asked.sort()).toEqual(tables);
  expect(keys()).toEqual(prefetched);
});
