// The async boundary of Module Federation (shared libraries load before the code that uses them), and
// the route-first start: only what the address needs is downloaded (start/route.ts).
import { warmLinkRemote } from './start/early';
import { startFor } from './start/route';

const start = startFor(window.location.pathname);
if (start === 'link') {
  warmLinkRemote();
  void import('./start/link');
} else if (start === 'auth') {
  void import('./start/auth');
} else {
  void import('./bootstrap').then(({ startApp }) => startApp());
}
