/**
 * Exposed as 'mfe_public_links/routes'. Mounted by the shell under /reservations, outside the guard.
 * It reads its parameters from the address itself rather than through react-router: the shell opens a
 * link page with nothing but React, the kernel's core and this module (react-router alone would be
 * half of the page's 120 KB budget), and inside the full application it works the same.
 */
import { startReservationLink } from './features/reservation-link/api/callReservationLink';
import { ReservationLinkPage } from './features/reservation-link/components/ReservationLinkPage';

export const MOUNT_PATH = '/reservations';

/**
 * The link's action and parameters, matched as the routes of the remote always matched them:
 * `:numero/accept/:codeManage`, `:numero/reject/:codeManage`; a broken reject link (no code, or more
 * than it) is still a refusal, with its own failure title and no call; anything else is an accept link
 * without its parameters.
 */
export function parseLinkPath(pathname: string): { action: 'accept' | 'reject'; numero?: string; codeManage?: string } {
  const rest = pathname.startsWith(MOUNT_PATH) ? pathname.slice(MOUNT_PATH.length) : pathname;
  const segments = rest
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  const [numero, action, codeManage] = segments;
  if (segments.length === 3 && (action === 'accept' || action === 'reject')) return { action, numero, codeManage };
  if (segments.length >= 2 && action === 'reject') return { action: 'reject' };
  return { action: 'accept' };
}

/**
 * Begins the link's call to the reservation service (the page's whole purpose, once per link). The
 * shell's light link start calls it as soon as this module is loaded, while react-dom is still
 * downloading and before the page renders (data in parallel with code); the page then finds
 * the call in flight. Without it the page begins the call itself on its first render.
 */
export function startLinkCall(pathname: string = window.location.pathname): void {
  const { action, numero, codeManage } = parseLinkPath(pathname);
  if (numero && codeManage) startReservationLink({ action, numero, codeManage });
}

export default function PublicLinksRoutes({ pathname = window.location.pathname }: { pathname?: string }) {
  const link = parseLinkPath(pathname);
  // A new link (another address) is a new page: no state of the previous one carries over.
  return <ReservationLinkPage key={pathname} {...link} />;
}
