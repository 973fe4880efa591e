/**
 * @tablee/shared/light — the kernel's part for the antd-free screens (the light start of /dashboard):
 * the one QueryClient, the rule of a query's states (queryView) and the toast. The full application it
 * hands over to feeds the same client (AppProviders), so its cards come from the same cache. One entry
 * rather than one each: every shared entry is listed in the shell's entry chunk, which the link page
 * (at its 120 KB budget) downloads. The main entry (@tablee/shared) re-exports it.
 */
export * from './query/query-client';
export * from './query/query-view';
export { persistToast, Toast, useToast, type ToastMessage, type ToastType } from './ui/toast';
