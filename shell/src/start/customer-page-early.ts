/**
 * A customer's page's data (public.customer_reservation, /ma-reservation/{token}), asked as soon as
 * config.json has answered, in parallel with the remote's code: the page (mfe-public-links,
 * features/customer-page/api/customerPage.ts) takes this answer once instead of asking. A chunk of its
 * own, asked by early.ts (which passes its config.json) on a customer's page only: the link pages (≤ 120 KB) do not carry it.
 */
declare global {
  interface Window {
    __tableeCustomerPage?: { token: string; response: Promise<Response> };
  }
}

/** The token's shape (192 bits in hex, private.customer_page_token): any other address is left to the page (its 404). */
const CUSTOMER_PAGE = /^\/ma-reservation\/([0-9a-f]{48})\/?$/;

/** Asks the page's data once `configResponse` (early.ts's config.json) has answered. */
export function askCustomerPage(configResponse: Promise<Response>): void {
  const token = CUSTOMER_PAGE.exec(location.pathname)?.[1];
  if (!token) return;
  void configResponse
    .then((response) => response.clone().json() as Promise<{ supabaseUrl?: unknown; supabaseAnonKey?: unknown }>)
    .then(({ supabaseUrl, supabaseAnonKey }) => {
      if (typeof supabaseUrl !== 'string' || typeof supabaseAnonKey !== 'string') return;
      // The same request as the page's own.
      window.__tableeCustomerPage = {
        token,
        response: fetch(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/customer_reservation?p_token=${encodeURIComponent(token)}`, {
          headers: { apikey: supabaseAnonKey, authorization: `Bearer ${supabaseAnonKey}`, accept: 'application/json' },
        }),
      };
    })
    // Only a head start: the page asks itself when this did not.
    .catch(() => undefined);
}
