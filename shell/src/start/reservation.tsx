/**
 * Light start of a reservation's page (/restaurants/{id}/operational/reservations/{numero}, where the
 * owner's alerts lead): the config, the Supabase client and the session, the header and the
 * reservation with its decision buttons — AppFrame and LightReservationPage, on the kernel's one
 * QueryClient — without antd, as the dashboard's light start. Once the reservation shows, the full
 * application and the operations area are loaded in the background (from the page's first idle
 * moment, or at once on a decision) and then take over in the same
 * page, with the same session and the same query cache: the full reservation screen renders from it at
 * once. A decision tapped meanwhile is handed to that screen (DecisionIntentState), which carries it
 * out. No session, or any other address: the full application at once.
 */
import type { DecisionIntentState } from '@tablee/domain';
import { queryClient } from '@tablee/shared/light';
import { authLoadingAtom, sessionAtom, tableeStore } from '@tablee/shared/supabase';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { AppFrame } from '../features/layout/components/AppFrame';
import { OpenApplication, loadApplication, openApplication } from './handover';
import { LightReservationPage } from './LightReservationPage';
import { ConfigError, LightLoading } from './LightStates';
import { root } from './root';
import { sessionRead } from './reservation-early';

let decision: DecisionIntentState['decide'] | undefined;
let handingOver = false;

/** The full application, loaded with the area of this address, then given the page (with the decision asked, if any). */
function handOver() {
  if (handingOver) return;
  handingOver = true;
  void loadApplication()
    .then((app) => app.prepareArea(window.location.pathname))
    // Whatever failed to load, the full application shows it with its own 'Réessayer'.
    .catch(() => undefined)
    .then(async () => {
      if (decision) await router.navigate(`${window.location.pathname}${window.location.search}`, { replace: true, state: { decide: decision } satisfies DecisionIntentState });
      openApplication(router);
    });
}

const decide = (asked: DecisionIntentState['decide']) => {
  decision = asked;
  handOver();
};

/**
 * Once the reservation is on screen, the full application is loaded when the page is first idle: its
 * scripts take seconds of a phone's CPU, which would otherwise hold back the reservation's first paint
 * and the owner's first tap. A tap on a decision loads it at once.
 */
const handOverWhenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(handOver, { timeout: 2000 }) : setTimeout(handOver, 500));

const router = createBrowserRouter([
  {
    element: (
      <AppFrame>
        <Outlet />
      </AppFrame>
    ),
    children: [
      {
        path: '/restaurants/:restaurantId/operational/reservations/:numero',
        element: <LightReservationPage onShown={handOverWhenIdle} onDecide={decide} onMissing={() => openApplication(router)} />,
      },
      { path: '*', element: <OpenApplication lightRouter={() => router} /> },
    ],
  },
]);

root.render(<LightLoading label="Vérification de la session..." />);
sessionRead.then(
  () => {
    if (!tableeStore.get(sessionAtom) || tableeStore.get(authLoadingAtom)) return openApplication(router);
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
