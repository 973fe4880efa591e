/** The route-first start (src/start/route.ts): what a first load of each address downloads. */
import { startFor } from '../../src/start/route';

it.each([
  ['/reservations/TBL-1/accept/abc', 'link'],
  ['/reservations/TBL-1/reject', 'link'],
  ['/reservations', 'link'],
  ['/reservations/', 'link'],
  // A restaurant's public request page: the same light start (issue 31).
  ['/demande/20000000-0000-4000-8000-000000000001', 'link'],
  ['/demandeX', 'app'],
  // The customer's own page of their reservation: the same light start (issue 44).
  ['/ma-reservation/0123456789abcdef0123456789abcdef0123456789abcdef', 'link'],
  ['/ma-reservation/abc/', 'link'],
  ['/ma-reservation', 'link'],
  ['/ma-reservationX', 'app'],
  ['/signin', 'auth'],
  ['/signup/', 'auth'],
  // The recovery pages and the e-mail change link are as light as /signin.
  ['/forgot-password', 'auth'],
  ['/reset-password', 'auth'],
  ['/confirm-email', 'auth'],
  ['/confirm-signup', 'auth'],
  ['/account', 'app'],
  ['/', 'app'],
  // The dashboard's light start: its cards without antd (issue 34).
  ['/dashboard', 'dashboard'],
  ['/dashboard/', 'dashboard'],
  ['/dashboard/x', 'app'],
  ['/restaurants/r-1/operational/reservations', 'app'],
  // A reservation, as the owner's alerts link to it: its own light start, with its decision.
  ['/restaurants/r-1/operational/reservations/R-0042', 'reservation'],
  ['/restaurants/r-1/operational/reservations/R-0042/', 'reservation'],
  ['/restaurants/r-1/operational/reservations/nouvelle', 'app'],
  ['/restaurants/r-1/operational/reservations/R-0042/x', 'app'],
  ['/restaurants/r-1/operational/conversations/c-1', 'app'],
  ['/reservationsX', 'app'],
  ['/signin/x', 'app'],
] as const)('%s → %s', (pathname, start) => {
  expect(startFor(pathname)).toBe(start);
});
