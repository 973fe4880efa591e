/**
 * Light start of a reservation's page (/restaurants/{id}/operational/reservations/{numero}, where the
 * owner's alerts lead): the config, the Supabase client and the session, the header and the
 * reservation with its decision buttons — AppFrameView and LightReservationPage, on the kernel's one
 * QueryClient — without antd and without a router (react-router is a quarter of what the page would
 * download): its links are plain links. Once the reservation shows, the full
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
import { AppFrameView, type FrameLink } from '../features/layout/components/AppFrameView';
import { loadApplication, openApplication } from './handover';
import { LightReservationPage } from './LightReservationPage';
import { ConfigError, LightLoading } from './LightStates';
import { root } from './root';
import { reservationAddress, sessionRead } from './reservation-early';

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
    .then(() => {
      // The decision goes as the address' state, which the full application's router reads when it starts
      // (react-router keeps a location's state under `usr` of the history entry's state).
      if (decision) window.history.replaceState({ ...window.history.state, usr: { decide: decision } satisfies DecisionIntentState }, '');
      openApplication();
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

const plainLink: FrameLink = (to, label, style) => (
  <a href={to} style={style}>
    {label}
  </a>
);

const { restaurantId, numero } = reservationAddress;

root.render(<LightLoading label="Vérification de la session..." />);
sessionRead.then(
  () => {
    if (!tableeStore.get(sessionAtom) || tableeStore.get(authLoadingAtom)) return openApplication();
    root.render(
      <Provider store={tableeStore}>
        <QueryClientProvider client={queryClient}>
          <AppFrameView pathname={window.location.pathname} link={plainLink} onSignedOut={() => window.location.replace('/signin')}>
            <LightReservationPage restaurantId={restaurantId} numero={numero} onShown={handOverWhenIdle} onDecide={decide} onMissing={openApplication} />
          </AppFrameView>
        </QueryClientProvider>
      </Provider>,
    );
  },
  (error: unknown) => {
    console.error(error);
    root.render(<ConfigError />);
  },
);
