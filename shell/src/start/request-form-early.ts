/**
 * A request page's data (public.request_form, /demande/{restaurantId}), asked as soon as config.json has
 * answered, in parallel with the remote's code: the page (mfe-public-links,
 * features/request-page/api/requestForm.ts) takes this answer once instead of asking. A chunk of its own,
 * asked by index.tsx on a request page only: the link pages (≤ 120 KB) do not carry it.
 */
import { configResponse } from './early';

declare global {
  interface Window {
    __tableeRequestForm?: { restaurantId: string; response: Promise<Response> };
  }
}

const REQUEST_PAGE = /^\/demande\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

const restaurantId = REQUEST_PAGE.exec(location.pathname)?.[1];
if (restaurantId) {
  void configResponse
    .then((response) => response.clone().json() as Promise<{ supabaseUrl?: unknown; supabaseAnonKey?: unknown }>)
    .then(({ supabaseUrl, supabaseAnonKey }) => {
      if (typeof supabaseUrl !== 'string' || typeof supabaseAnonKey !== 'string') return;
      // The same request as the page's own.
      window.__tableeRequestForm = {
        restaurantId,
        response: fetch(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/request_form?p_restaurant_id=${encodeURIComponent(restaurantId)}`, {
          headers: { apikey: supabaseAnonKey, authorization: `Bearer ${supabaseAnonKey}`, accept: 'application/json' },
        }),
      };
    })
    // Only a head start: the page asks itself when this did not.
    .catch(() => undefined);
}
