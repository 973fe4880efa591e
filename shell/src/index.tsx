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
  // The reservation asked with the stored session by a small chunk alone on the network (postgrest-js,
  // not supabase-js), then the page's code (react-dom is most of it) while it is asked; supabase-js only
  // once the page shows. Asked together, on a phone's bandwidth, they would share it and the reservation
  // would be asked only once all had arrived.
  void import('./start/reservation-head-start').finally(() => import('./start/reservation'));
} else {
  void import('./bootstrap').then(({ startApp }) => startApp());
}
