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
 * A PNG (data: URL) of the page's QR code, with the quiet zone of 4 modules the QR standard asks around
 * it (a phone reads it once printed next to other ink); the library is loaded only when a code is drawn.
 */
export async function qrCodePng(url: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  // Whole pixels per module (scale), so that the border is exactly 4 modules wide: about 600 px for a page address.
  return toDataURL(url, { scale: 16, margin: 4, errorCorrectionLevel: 'M' });
}
