/**
 * Exposed as 'mfe_public_links/routes'. Mounted by the shell under /reservations and /demande, outside the guard.
 * It reads its parameters from the address itself rather than through react-router: the shell opens a
 * link page with nothing but React, the kernel's core and this module (react-router alone would be
 * half of the page's 120 KB budget), and inside the full application it works the same.
 */
import { lazy, type ReactNode, useEffect, useState } from 'react';
import type { ChatComponent } from './features/request-page/components/RequestPage';
import { startReservationLink } from './features/reservation-link/api/callReservationLink';
import { ReservationLinkPage } from './features/reservation-link/components/ReservationLinkPage';

export const MOUNT_PATH = '/reservations';
/** The restaurants' public request pages: /demande/{restaurantId}. */
export const REQUEST_PATH = '/demande';

/** The restaurant id of a request page's address, or null for any other address. */
export function parseRequestPath(pathname: string): string | null {
  if (pathname !== REQUEST_PATH && !pathname.startsWith(`${REQUEST_PATH}/`)) return null;
  return pathname.slice(REQUEST_PATH.length).split('/').filter(Boolean)[0] ?? '';
}

type RequestPageModule = typeof import('./features/request-page');
/** The chunk once arrived: the page then renders at once, not one effect and render later. */
let arrived: RequestPageModule | undefined;
// The request page is a chunk of its own: the link pages (≤ 120 KB) do not download it.
const loadRequestPage = () =>
  import('./features/request-page').then((page) => {
    arrived = page;
    return page;
  });

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
  const restaurantId = parseRequestPath(pathname);
  if (restaurantId !== null) {
    // The page's chunk and, once it is there, its data: both before react-dom has arrived.
    void loadRequestPage()
      .then((page) => page.startRequestForm(restaurantId))
      .catch(() => undefined);
    return;
  }
  const { action, numero, codeManage } = parseLinkPath(pathname);
  if (numero && codeManage) startReservationLink({ action, numero, codeManage });
}

type Loaded = { RequestPage: (props: { restaurantId: string; chat?: ChatComponent }) => ReactNode } | { error: unknown };

// The assistant's chat, a chunk of its own: fetched when a customer opens it on the request page.
// Named on-demand-*: the shell's head start does not preload it (shell/src/start/early.ts).
const Chat = lazy(() => import(/* webpackChunkName: "on-demand-chat" */ './features/chat').then((chat) => ({ default: chat.Chat })));

/** The request page once its chunk is loaded (into state, not React.lazy: see the shell's LoadedRoutes). */
function LoadedRequestPage({ restaurantId }: { restaurantId: string }) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(() => (arrived ? { RequestPage: arrived.RequestPage } : undefined));
  useEffect(() => {
    let current = true;
    // Also when the chunk arrived between the first render and this effect; a page already shown stays as it is.
    loadRequestPage().then(
      (page) => current && setLoaded((shown) => shown ?? { RequestPage: page.RequestPage }),
      (error: unknown) => current && setLoaded({ error }),
    );
    return () => {
      current = false;
    };
  }, []);
  if (!loaded)
    return (
      <p role="status" className="tl-state tl-loading">
        Chargement...
      </p>
    );
  // The error boundary around the remote shows it with 'Réessayer'.
  if ('error' in loaded) throw loaded.error;
  const { RequestPage } = loaded;
  return <RequestPage restaurantId={restaurantId} chat={Chat} />;
}

export default function PublicLinksRoutes({ pathname = window.location.pathname }: { pathname?: string }) {
  const restaurantId = parseRequestPath(pathname);
  if (restaurantId !== null) return <LoadedRequestPage key={pathname} restaurantId={restaurantId} />;
  const link = parseLinkPath(pathname);
  // A new link (another address) is a new page: no state of the previous one carries over.
  return <ReservationLinkPage key={pathname} {...link} />;
}
