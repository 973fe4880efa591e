/**
 * What a first load needs, decided from the address before anything else is downloaded:
 * the one-click link pages (and the request and customer pages) need React, the kernel's core and the public-links remote only; the
 * sign-in and sign-up pages add supabase-js; the dashboard adds TanStack Query and its cards (no antd),
 * a reservation's page (the owner's alerts link to it) the reservation and its decision; everything else is the full application (antd, the kernel's UI). Pure, and free of any
 * shared library, so the entry chunk stays the federation runtime and this.
 */
export type Start = 'link' | 'auth' | 'dashboard' | 'reservation' | 'app';

/** The one-click links, the restaurants' public request pages and the customer's own page: all the public-links remote's. */
const LINK_PREFIXES = ['/reservations', '/demande', '/ma-reservation'];
/** The public auth pages, the recovery and e-mail confirmation links included: the same light start. */
const AUTH_PAGES = ['/signin', '/signup', '/forgot-password', '/reset-password', '/confirm-email', '/confirm-signup'];
/** A reservation of a restaurant, as the owner's alerts link to it ('nouvelle' is the booking form). */
const RESERVATION_PAGE = /^\/restaurants\/[^/]+\/operational\/reservations\/(?!nouvelle$)[^/]+$/;

export function startFor(pathname: string): Start {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (LINK_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return 'link';
  if (AUTH_PAGES.includes(path)) return 'auth';
  if (path === '/dashboard') return 'dashboard';
  if (RESERVATION_PAGE.test(path)) return 'reservation';
  return 'app';
}
