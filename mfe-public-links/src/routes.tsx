/**
 * Exposed as 'mfe_public_links/routes'. Mounted by the shell under /reservations, /demande and /ma-reservation, outside the guard.
 * It reads its parameters from the address itself rather than through react-router: the shell opens a
 * link page with nothing but React, the kernel's core and this module (react-router alone would be
 * half of the page's 120 KB budget), and inside the full application it works the same.
 */
import { lazy, type ReactNode, useEffect, useState } from 'react';
import { startReservationLink } from './features/reservation-link/api/callReservationLink';
import { ReservationLinkPage } from './features/reservation-link/components/ReservationLinkPage';

export const MOUNT_PATH = '/reservations';
/** The restaurants' public request pages: /demande/{restaurantId}. */
export const REQUEST_PATH = '/demande';
/** The customer's own page of their reservation: /ma-reservation/{token} (customerPagePath of the domain). */
export const CUSTOMER_PATH = '/ma-reservation';

/** The restaurant id of a request page's address, or null for any other address. */
export function parseRequestPath(pathname: string): string | null {
  if (pathname !== REQUEST_PATH && !pathname.startsWith(`${REQUEST_PATH}/`)) return null;
  return pathname.slice(REQUEST_PATH.length).split('/').filter(Boolean)[0] ?? '';
}

/**
 * The token of a customer's page's address (as typed: SQL answers its 404 to any other shape), or null for any other address.
 * Written out like parseRequestPath rather than shared: gzip takes the repeat for almost nothing, a shared helper costs the link page's budget more.
 */
export function parseCustomerPath(pathname: string): string | null {
  if (pathname !== CUSTOMER_PATH && !pathname.startsWith(`${CUSTOMER_PATH}/`)) return null;
  return pathname.slice(CUSTOMER_PATH.length).split('/').filter(Boolean)[0] ?? '';
}

interface Chunk<T> {
  arrived?: T;
  load: () => Promise<T>;
}

/** A page's chunk, loaded once; `arrived` once there, so that the page then renders at once, not one effect and render later. */
function chunk<T>(load: () => Promise<T>): Chunk<T> {
  const loaded: Chunk<T> = {
    load: () =>
      load().then((page) => {
        loaded.arrived = page;
        return page;
      }),
  };
  return loaded;
}

// Each page is a chunk of its own: the link pages (≤ 120 KB) download neither, and each page only its own.
// Named: the shell's head start preloads the one the address needs (shell/src/start/early.ts).
const requestPage = chunk(() => import(/* webpackChunkName: "request-page" */ './features/request-page'));
const customerPage = chunk(() => import(/* webpackChunkName: "customer-page" */ './features/customer-page'));

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
    void requestPage
      .load()
      .then((page) => page.startRequestForm(restaurantId))
      .catch(() => undefined);
    return;
  }
  const token = parseCustomerPath(pathname);
  if (token !== null) {
    void customerPage
      .load()
      .then((page) => page.startCustomerPage(token))
      .catch(() => undefined);
    return;
  }
  const { action, numero, codeManage } = parseLinkPath(pathname);
  if (numero && codeManage) startReservationLink({ action, numero, codeManage });
}

type Loaded<P> = { Page: (props: P) => ReactNode } | { error: unknown };

// The assistant's chat, a chunk of its own: fetched when a customer opens it on the request page.
// Named on-demand-*: the shell's head start does not preload it (shell/src/start/early.ts).
const Chat = lazy(() => import(/* webpackChunkName: "on-demand-chat" */ './features/chat').then((chat) => ({ default: chat.Chat })));

/** A page once its chunk (which exports it as Page) is loaded (into state, not React.lazy: see the shell's LoadedRoutes). */
function LoadedPage<P extends object>({ page, props }: { page: Chunk<{ Page: (props: P) => ReactNode }>; props: P }) {
  const [loaded, setLoaded] = useState<Loaded<P> | undefined>(() => (page.arrived ? { Page: page.arrived.Page } : undefined));
  useEffect(() => {
    let current = true;
    // Also when the chunk arrived between the first render and this effect; a page already shown stays as it is.
    page.load().then(
      (module) => current && setLoaded((shown) => shown ?? { Page: module.Page }),
      (error: unknown) => current && setLoaded({ error }),
    );
    return () => {
      current = false;
    };
  }, [page]);
  if (!loaded)
    return (
      <p role="status" className="tl-state tl-loading">
        Chargement...
      </p>
    );
  // The error boundary around the remote shows it with 'Réessayer'.
  if ('error' in loaded) throw loaded.error;
  const { Page } = loaded;
  return <Page {...props} />;
}

export default function PublicLinksRoutes({ pathname = window.location.pathname }: { pathname?: string }) {
  const restaurantId = parseRequestPath(pathname);
  if (restaurantId !== null) return <LoadedPage key={pathname} page={requestPage} props={{ restaurantId, chat: Chat }} />;
  const token = parseCustomerPath(pathname);
  if (token !== null) return <LoadedPage key={pathname} page={customerPage} props={{ token }} />;
  const link = parseLinkPath(pathname);
  // A new link (another address) is a new page: no state of the previous one carries over.
  return <ReservationLinkPage key={pathname} {...link} />;
}
