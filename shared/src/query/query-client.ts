/**
 * The kernel's one QueryClient (ARCHITECTURE.md, 'Front-end data and forms'): @tablee/shared is a
 * federation singleton, so the shell and every remote read and write this one cache.
 */
import { QueryClient } from '@tanstack/react-query';
import { onUserChange } from '@tablee/shared/core';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // One more try hides a dropped connection; the error and its 'Réessayer' come right after.
      retry: 1,
      // A back-office screen is reloaded when it is shown again (mount), not each time the tab gets focus:
      // a refetch on focus would reload the reservation list under the owner's eyes while nothing changed.
      refetchOnWindowFocus: false,
    },
  },
});

// The cache holds one user's data: another user (or none) starts from an empty cache. Heard through
// the kernel's core, not the session's entry: a light page has this cache before supabase-js.
onUserChange(() => queryClient.clear());

if (typeof window !== 'undefined') {
  // A second copy of this module would add one.
  window.__TABLEE__ = { ...window.__TABLEE__, queryClients: (window.__TABLEE__?.queryClients ?? 0) + 1 };
}
