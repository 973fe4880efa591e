import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, initSupabase } from '@tablee/shared';

/**
 * Opens `path` in a memory router over `routes` (a module's real routes, mounted as the shell or its
 * standalone page mounts them) and records each address the router moves to afterwards: a redirect
 * that resolves under the unknown address appends to it again and again, one that is right moves
 * once. The pages reached talk to a Supabase nobody listens to (no server in unit tests).
 */
/** Moves enough to show a redirect loop (one right redirect moves once). */
const LOOP_EVIDENCE = 10;

export function openAddress(routes: RouteObject[], path: string) {
  initSupabase({ url: 'http://127.0.0.1:9', anonKey: 'no-server-in-unit-tests' });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const addresses: string[] = [];
  let key = router.state.location.key;
  router.subscribe(({ location }) => {
    if (location.key === key) return;
    key = location.key;
    addresses.push(location.pathname);
    // A loop runs inside React's act() and would never hand back: stop the router, the test reads the list.
    if (addresses.length >= LOOP_EVIDENCE) router.dispose();
  });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, addresses, view };
}

/**
 * `from` ends at exactly `to` after one redirect: waits for the first move, then for `landed` (the
 * target page on screen, so that its own effects have run), and checks nothing moved in between.
 */
export async function expectOneRedirect(routes: RouteObject[], from: string, to: string, landed: () => unknown): Promise<void> {
  const { router, addresses, view } = openAddress(routes, from);
  try {
    await waitFor(() => expect(addresses.length).toBeGreaterThan(0));
    expect(addresses).toEqual([to]);
    await waitFor(landed);
    expect(addresses).toEqual([to]);
    expect(router.state.location.pathname).toBe(to);
  } finally {
    // A looping redirect keeps navigating until the router is gone.
    view.unmount();
    router.dispose();
  }
}
