/**
 * Light start of /dashboard: the config, the Supabase client and the session, the header and
 * the restaurant cards — the same AppFrame and DashboardPage as the full application's, on the kernel's
 * one QueryClient — without antd (budget: ≤ 300 KB of gzip JavaScript + CSS until the cards show).
 * Once the cards show, the full application and the restaurant area are loaded in the background; when
 * the address leaves /dashboard (a card, 'Ajouter un restaurant', the header's links, sign-out), the
 * full application takes over in the same page, with the same session and the same query cache, and
 * renders that address. No session: the full application at once (it sends to /signin, as before).
 */
import { queryClient } from '@tablee/shared/light';
import { authLoadingAtom, sessionAtom, tableeStore } from '@tablee/shared/supabase';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { AppFrame } from '../features/layout/components/AppFrame';
import { sessionRead } from './dashboard-early';
import { OpenApplication, loadApplication, openApplication } from './handover';
import { ConfigError, LightLoading } from './LightStates';
import { root } from './root';

/** The cards are on screen: the next click finds the application and the restaurant area loaded. */
const loadAhead = () =>
  void loadApplication().then(
    (app) => app.prepareFromDashboard(),
    () => undefined,
  );

const router = createBrowserRouter([
  {
    element: (
      <AppFrame>
        <Outlet />
      </AppFrame>
    ),
    children: [
      { path: '/dashboard', element: <DashboardPage onShown={loadAhead} /> },
      { path: '*', element: <OpenApplication lightRouter={() => router} /> },
    ],
  },
]);

/** A page reached with a notice (a password reset) shows it in the full application's layout. */
const hasNotice = () => typeof (window.history.state as { usr?: { notice?: unknown } } | null)?.usr?.notice === 'string';

root.render(<LightLoading label="Vérification de la session..." />);
sessionRead.then(
  () => {
    if (!tableeStore.get(sessionAtom) || tableeStore.get(authLoadingAtom) || hasNotice()) return openApplication(router);
    root.render(
      <Provider store={tableeStore}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Provider>,
    );
  },
  (error: unknown) => {
    console.error(error);
    root.render(<ConfigError />);
  },
);
