/**
 * 'Paiement en ligne' on Facturation: the restaurant's own Stripe account (Connect, Standard). Whether
 * the reservation service can offer it, connecting and disconnecting are the service's (HTTP contract:
 * contract/src/payments.ts); the account connected is read from the database, owners only (RLS).
 */
import { getSupabase } from '@tablee/domain';
import { RESERVATION_SERVICE_UNREACHABLE, reservationApiEndpoint, reservationApiError } from '@tablee/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** GET /api/stripe/status (contract: stripeStatus). */
export interface StripeStatus {
  configured: boolean;
}

/** The restaurant's row of restaurant_stripe_accounts: one or none. */
export interface StripeAccount {
  account_id: string;
  account_name: string | null;
  connected_at: string;
}

/**
 * A call of the reservation service: its JSON answer, or an Error in French — the kernel's
 * RESERVATION_SERVICE_UNREACHABLE when it cannot be reached, 'Erreur API {status}: {message}' when it
 * refuses (reservationApiError). With `token`, as the signed-in owner (Authorization: Bearer).
 */
async function callService<T>(path: string, init: { method?: 'GET' | 'POST'; token?: string } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(reservationApiEndpoint(path), {
      method: init.method ?? 'GET',
      headers: init.token ? { authorization: `Bearer ${init.token}` } : {},
    });
  } catch {
    // The browser's own words ('Failed to fetch', 'NetworkError…') say nothing to an owner.
    throw new Error(RESERVATION_SERVICE_UNREACHABLE);
  }
  if (!response.ok) throw new Error(reservationApiError(response.status, await response.text()));
  return (await response.json()) as T;
}

/** The owner's access token (supabase-js refreshes an expired one here). */
async function ownerToken(): Promise<string> {
  const { data } = await getSupabase().auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error('Utilisateur non connecté');
  return token;
}

export const stripeStatusQueryKey = ['reservation-service', 'stripe-status'] as const;

export const stripeStatusQueryOptions = () =>
  queryOptions({
    queryKey: stripeStatusQueryKey,
    queryFn: () => callService<StripeStatus>('stripe/status'),
  });

export const stripeAccountQueryKey = (restaurantId: string) => ['restaurants', restaurantId, 'stripe-account'] as const;

export const stripeAccountQueryOptions = (restaurantId: string) =>
  queryOptions({
    queryKey: stripeAccountQueryKey(restaurantId),
    queryFn: async (): Promise<StripeAccount | null> => {
      const { data, error } = await getSupabase().from('restaurant_stripe_accounts').select('account_id, account_name, connected_at').eq('restaurant_id', restaurantId).maybeSingle();
      if (error) throw error;
      return data;
    },
  });

/** Where the browser goes: Stripe's page. An object, so that a test stands in for a navigation jsdom does not make. */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
};

/** 'Connecter mon compte Stripe': the service answers Stripe's OAuth page, where the browser goes; Stripe sends the owner back to Facturation. */
export function useConnectStripe(restaurantId: string) {
  return useMutation({
    mutationFn: async () => callService<{ url: string }>(`restaurants/${encodeURIComponent(restaurantId)}/stripe/connect`, { method: 'POST', token: await ownerToken() }),
    onSuccess: ({ url }) => browserNavigation.assign(url),
  });
}

/** 'Déconnecter': the service forgets the account (and deauthorizes it at Stripe); done once the account is read again. */
export function useDisconnectStripe(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => callService<{ disconnected: boolean }>(`restaurants/${encodeURIComponent(restaurantId)}/stripe/disconnect`, { method: 'POST', token: await ownerToken() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stripeAccountQueryKey(restaurantId) }),
  });
}
