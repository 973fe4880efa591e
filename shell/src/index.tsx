// The async boundary of Module Federation (shared libraries load before the code that uses them), and
// the route-first start: only what the address needs is downloaded (start/route.ts).
import { warmLinkRemote } from './start/early';
import { startFor } from './start/route';

const start = startFor(window.location.pathname);
if (start === 'link') {
  warmLinkRemote();
  // A request page's data, asked as soon as config.json answers (its own chunk: not on the link pages).
  if (window.location.pathname.startsWith('/demande/')) void import('./start/request-form-early');
  void import('./start/link');
  // The page (react-dom is most of it) asked now, beside link.ts, not once link.ts has arrived and run:
  // one round trip less on a phone network.
  void import('./start/link-page');
} else if (start === 'auth') {
  void import('./start/auth');
} else if (start === 'dashboard') {
  // The session and the cards' data first, in parallel with the page's code (dashboard-early.ts).
  void import('./start/dashboard-early');
  void import('./start/dashboard');
} else if (start === 'reservation') {
  // The reservation's data first: the code that asks it (supabase-js) alone on the network, then the
  // page's (react-dom is most of it) while the reservation is asked. Asked together, on a phone's
  // bandwidth, they would share it and the reservation would be asked only once both had arrived.
  void import('./start/reservation-early').finally(() => import('./start/reservation'));
} else {
  void import('./bootstrap').then(({ startApp }) => startApp());
}
