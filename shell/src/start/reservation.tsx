/**
 * Light start of a reservation's page (/restaurants/{id}/operational/reservations/{numero}, where the
 * owner's alerts lead): the header and the reservation with its decision buttons (AppFrameView and
 * LightReservationPage, on the kernel's one QueryClient) without antd, without a router (react-router
 * is a quarter of what the page would download) and without supabase-js: the reservation is asked with
 * the stored session through postgrest-js (reservation-head-start.ts). Once the reservation shows, the
 * full application and the operations area are loaded in the background (from the page's first idle
 * moment, or at once on a decision) and then take over in the same page, with the same session and
 * the same query cache: the full reservation screen renders from it at once. A decision tapped
 * meanwhile is handed to that screen (DecisionIntentState), which carries it out. No session, or any
 * other address: the full application at once.
 */
import type { DecisionIntentState } from '@tablee/domain';
import { reservationDetailQuery } from '@tablee/operations-data/reservation-read';
import { queryClient } from '@tablee/shared/light';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppFrameView, type FrameLink } from '../features/layout/components/AppFrameView';
import { loadApplication, openApplication } from './handover';
import { LightReservationPage } from './LightReservationPage';
import { ConfigError, LightLoading } from './LightStates';
import { root } from './root';
import { headStart, lightSession, reservationAddress, type LightSession } from './reservation-head-start';

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

/** supabase-js, loaded once: to read or refresh the session when the stored one is not usable, and to sign out. */
const supabaseSession = () => import('./reservation-early');

/** 'Se déconnecter': supabase-js ends the session, then the sign-in page. */
function LightFrame({ email, children }: { email: string | undefined; children: ReactNode }) {
  const [signingOut, setSigningOut] = useState(false);
  const signOut = () => {
    setSigningOut(true);
    void supabaseSession()
      .then(({ signOutOfPage }) => signOutOfPage())
      .then(
        () => window.location.replace('/signin'),
        () => setSigningOut(false),
      );
  };
  return (
    <AppFrameView pathname={window.location.pathname} link={plainLink} email={email} signingOut={signingOut} onSignOut={signOut}>
      {children}
    </AppFrameView>
  );
}

/** The stored session, or the one supabase-js read (refreshed) when the stored one was not usable; null when nobody is signed in. */
async function session(): Promise<LightSession | null> {
  const stored = await headStart;
  if (stored) return stored;
  await (
    await supabaseSession()
  ).sessionRead;
  return lightSession();
}

root.render(<LightLoading label="Vérification de la session..." />);
session().then(
  (signedIn) => {
    if (!signedIn) return openApplication();
    // The full screen's query (key and freshness), read with the stored session: it takes over from the cache.
    const reservationQuery = reservationDetailQuery(restaurantId, numero, signedIn.read);
    // The answer already asked (or in flight) is the query's first; a retry reads anew.
    queryClient.prefetchQuery({ ...reservationQuery, queryFn: () => signedIn.firstRead }).catch(() => undefined);
    root.render(
      <QueryClientProvider client={queryClient}>
        <LightFrame email={signedIn.email}>
          <LightReservationPage query={reservationQuery} restaurantId={restaurantId} onShown={handOverWhenIdle} onDecide={decide} onMissing={openApplication} />
        </LightFrame>
      </QueryClientProvider>,
    );
  },
  (error: unknown) => {
    console.error(error);
    root.render(<ConfigError />);
  },
);
