/**
 * The screen table: what the shell starts from an address alone, read as the remote reads it (its
 * routes, its URL parsers). Keys only: the answers come from a Supabase nobody listens to.
 */
import { initSupabase } from '@tablee/shared';
import { QueryClient } from '@tanstack/react-query';
import { prefetchOperationsScreen } from '../../src';

const R = '5b0c7a52-5f43-4f1e-9a55-1d1c6f0f2a10';
const C = 'c6000000-0000-4000-8000-000000000001';

let client: QueryClient;
beforeAll(() => initSupabase({ url: 'http://127.0.0.1:9', anonKey: 'no-server-in-unit-tests' }));
beforeEach(() => (client = new QueryClient()));
afterEach(async () => {
  await client.cancelQueries();
  client.clear();
});

/** The keys the address starts (queries are created at once, before any answer). */
function started(address: string): unknown[] {
  const url = new URL(address, 'http://tablee.test');
  prefetchOperationsScreen(client, { pathname: url.pathname, search: url.search });
  return client
    .getQueryCache()
    .getAll()
    .map((q) => q.queryKey);
}

const reservations = ['restaurants', R, 'reservations'];

test('the reservation list: the counts and the page of the URL’s filter, search, dates and page', () => {
  expect(started(`/restaurants/${R}/operational/reservations?statut=pending&recherche=%20mar%20&du=2026-01-01&au=2026-12-31&page=3`)).toEqual([
    [...reservations, 'counts'],
    [...reservations, 'list', { status: 'pending', search: 'mar', dateFrom: '2026-01-01', dateTo: '2026-12-31', page: 3 }],
  ]);
});

test('the reservation list: what is malformed reads as unset, as on the screen', () => {
  expect(started(`/restaurants/${R}/operational/reservations?statut=nimporte&du=2026-12-31&au=2026-01-01&page=-2`)[1]).toEqual([
    ...reservations,
    'list',
    { status: 'all', search: '', dateFrom: undefined, dateTo: undefined, page: 1 },
  ]);
});

test('a reservation, by its number decoded as the remote’s routes decode it', () => {
  expect(started(`/restaurants/${R}/operational/reservations/R%20%C3%A90001`)).toEqual([
    [...reservations, 'detail', 'R é0001'],
    [...reservations, 'acceptance-check', 'R é0001'],
    [...reservations, 'people'],
    [...reservations, 'guests', 'R é0001'],
  ]);
});

test('the conversation list at the URL’s page, and a conversation', () => {
  expect(started(`/restaurants/${R}/operational/conversations?page=2`)).toEqual([['restaurants', R, 'conversations', 'list', 2]]);
  client.clear();
  expect(started(`/restaurants/${R}/operational/conversations?page=deux`)).toEqual([['restaurants', R, 'conversations', 'list', 1]]);
  client.clear();
  expect(started(`/restaurants/${R}/operational/conversations/${C}`)).toEqual([['restaurants', R, 'conversations', 'detail', C]]);
});

test.each([
  `/restaurants/${R}/information`,
  `/restaurants/${R}/operational`,
  `/restaurants/${R}/operational/foo`,
  `/restaurants/${R}/operational/reservations/R-1/x`,
  `/restaurants/pas-un-uuid/operational/reservations`,
  `/restaurants/pas-un-uuid/operational/conversations`,
  '/dashboard',
])('%s starts nothing (the remote redirects or shows an error without asking)', (address) => {
  expect(started(address)).toEqual([]);
});

test('what the cache already holds is left to the screen (it shows it and refreshes it itself)', () => {
  const key = ['restaurants', R, 'conversations', 'list', 1];
  // Stale already: a plain prefetchQuery would ask again.
  client.setQueryData(key, { conversations: [], total: 0 }, { updatedAt: Date.now() - 60_000 });
  started(`/restaurants/${R}/operational/conversations`);
  expect(client.getQueryState(key)?.fetchStatus).toBe('idle');
});

test('the list filtered on a service (the planning’s links): ?service=midi|soir; anything else is every service', () => {
  expect(started(`/restaurants/${R}/operational/reservations?du=2026-11-24&au=2026-11-24&service=soir`)[1]).toEqual([
    ...reservations,
    'list',
    { status: 'all', search: '', dateFrom: '2026-11-24', dateTo: '2026-11-24', service: 'dinner', page: 1 },
  ]);
  client.clear();
  const [, , , list] = started(`/restaurants/${R}/operational/reservations?service=brunch`)[1] as unknown[];
  expect((list as { service?: string }).service).toBeUndefined();
});

test('the planning: the week or the month of the URL’s date, Monday to Sunday', () => {
  expect(started(`/restaurants/${R}/operational/planning?date=2026-11-26`)).toEqual([[...reservations, 'planning', '2026-11-23', '2026-11-29']]);
  client.clear();
  expect(started(`/restaurants/${R}/operational/planning?vue=mois&date=2026-03-15`)).toEqual([[...reservations, 'planning', '2026-02-23', '2026-04-05']]);
});

test('the guest book at the URL’s search, sort and page, and a customer', () => {
  expect(started(`/restaurants/${R}/operational/clients?q=%20dupont%20&tri=visites&page=2`)).toEqual([['restaurants', R, 'customers', 'list', 'dupont', 'visits', 2]]);
  client.clear();
  expect(started(`/restaurants/${R}/operational/clients`)).toEqual([['restaurants', R, 'customers', 'list', '', 'last_visit', 1]]);
  client.clear();
  expect(started(`/restaurants/${R}/operational/clients/${C}`)).toEqual([['restaurants', R, 'customers', 'detail', C]]);
  client.clear();
  expect(started(`/restaurants/${R}/operational/clients/pas-un-uuid`)).toEqual([]);
});
