/**
 * @tablee/shared/query — the kernel's one QueryClient and the rule of a query's states, without antd:
 * the light start of /dashboard renders its cards with them, and the full application it hands over to
 * feeds the same client (AppProviders), so the cards it shows come from the same cache. The main entry
 * (@tablee/shared) re-exports it.
 */
export * from './query/query-client';
export * from './query/query-view';
