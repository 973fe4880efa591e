/**
 * The restaurant's public request page (/demande/{id}): whether it takes requests
 * (public.restaurant_request_pages, no row: off), switched by set_request_page (its owner only).
 */
import { getSupabase } from '@tablee/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export const requestPageQueryKey = (restaurantId: string) => ['restaurants', restaurantId, 'request-page'] as const;

export const requestPageQueryOptions = (restaurantId: string) =>
  queryOptions({
    queryKey: requestPageQueryKey(restaurantId),
    queryFn: async (): Promise<boolean> => {
      const { data, error } = await getSupabase().from('restaurant_request_pages').select('enabled').eq('restaurant_id', restaurantId).maybeSingle();
      if (error) throw error;
      return data?.enabled ?? false;
    },
  });

export function useSetRequestPage(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean): Promise<boolean> => {
      const { data, error } = await getSupabase().rpc('set_request_page', { p_restaurant_id: restaurantId, p_enabled: enabled });
      if (error) throw error;
      return data;
    },
    onSuccess: (enabled) => queryClient.setQueryData(requestPageQueryKey(restaurantId), enabled),
  });
}

/** The page's address, on the application's own origin (the shell serves /demande/… without sign-in). */
export const requestPageUrl = (restaurantId: string, origin = window.location.origin) => `${origin}/demande/${restaurantId}`;

/** The snippet to paste in a website. */
export const iframeSnippet = (url: string, name: string) =>
  `<iframe src="${url}" title="Demande de réservation de groupe — ${name.replace(/"/g, '&quot;')}" width="100%" height="1400" style="border:0;max-width:680px" loading="lazy"></iframe>`;

/**
 * The snippet that puts the assistant's chat on a website as a bubble: a button at the bottom right that
 * opens the request page's chat alone (`?chat`) in a frame above it. Written by hand: a dozen lines the
 * site pastes, with nothing to load before the visitor asks.
 */
export const chatBubbleSnippet = (url: string, name: string) => {
  const title = `Discuter avec l’assistant — ${name}`.replace(/["\\<>]/g, '');
  return `<script>(function(){var d=document,b=d.createElement('button'),f;b.type='button';b.textContent='Réserver pour un groupe';b.style.cssText='position:fixed;right:16px;bottom:16px;z-index:2147483000;padding:12px 18px;border:0;border-radius:24px;background:#b5441b;color:#fff;font:600 16px sans-serif;box-shadow:0 4px 12px rgba(0,0,0,.25);cursor:pointer';b.onclick=function(){if(f){f.hidden=!f.hidden;return}f=d.createElement('iframe');f.src='${url}?chat';f.title="${title}";f.style.cssText='position:fixed;right:16px;bottom:72px;width:min(400px,calc(100vw - 32px));height:min(640px,calc(100vh - 96px));border:0;border-radius:12px;background:#fff;box-shadow:0 8px 24px rgba(0,0,0,.3);z-index:2147483000';d.body.appendChild(f)};d.body.appendChild(b)})();</script>`;
};

/**
 * A PNG (data: URL) of the page's QR code, with the quiet zone of 4 modules the QR standard asks around
 * it (a phone reads it once printed next to other ink); the library is loaded only when a code is drawn.
 */
export async function qrCodePng(url: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  // Whole pixels per module (scale), so that the border is exactly 4 modules wide: about 600 px for a page address.
  return toDataURL(url, { scale: 16, margin: 4, errorCorrectionLevel: 'M' });
}
