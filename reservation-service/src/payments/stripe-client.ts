import Stripe from 'stripe';

export interface StripeClientOptions {
  secretKey: string;
  /** An origin every call goes to instead of Stripe's hosts (local-stripe in tests and local runs), e.g. http://127.0.0.1:40123. */
  apiBase?: string;
}

/**
 * The service's Stripe client. The API version is the one this library's types describe: pinned here so that
 * upgrading the library is a visible change (a type error here), not a silent change of the answers' shape.
 */
export function createStripeClient(options: StripeClientOptions): Stripe {
  return new Stripe(options.secretKey, {
    apiVersion: '2026-11-18.endive',
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Tablée' },
    ...(options.apiBase ? { httpClient: toOrigin(new URL(options.apiBase)) } : {}),
  });
}

/**
 * An HTTP client that sends every request to one origin, the path unchanged. At the HTTP client rather than with
 * the `host`/`port`/`protocol` options: the library picks a base per call (api.stripe.com, connect.stripe.com for
 * oauth.token and oauth.deauthorize, files.stripe.com…), and whether `host` overrides connect's depends on the
 * library's version; every request, whatever base was picked, goes through this one place.
 */
function toOrigin(origin: URL): Stripe.HttpClient {
  const inner = Stripe.createNodeHttpClient();
  const protocol = origin.protocol === 'https:' ? 'https' : 'http';
  const port = origin.port || (protocol === 'https' ? '443' : '80');
  const host = origin.hostname.replace(/^\[(.*)\]$/, '$1'); // an IPv6 address without its URL brackets
  return {
    getClientName: () => inner.getClientName(),
    makeRequest: (_host, _port, path, method, headers, requestData, _protocol, timeout) => inner.makeRequest(host, port, path, method, headers, requestData, protocol, timeout),
  };
}

/**
 * The page where a restaurant owner connects its Stripe account to Tablée (Connect Standard, OAuth). The library
 * builds it on https://connect.stripe.com whatever the client's HTTP client: with apiBase, the same page on that origin.
 */
export function oauthAuthorizeUrl(stripe: Stripe, apiBase: string | undefined, params: { clientId: string; state: string; redirectUri: string }): string {
  const url = stripe.oauth.authorizeUrl({ response_type: 'code', client_id: params.clientId, scope: 'read_write', state: params.state, redirect_uri: params.redirectUri });
  if (!apiBase) return url;
  const page = new URL(url);
  return `${new URL(apiBase).origin}${page.pathname}${page.search}`;
}
