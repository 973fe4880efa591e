import http from 'node:http';
import https from 'node:https';
import Stripe from 'stripe';

/** How long a webhook endpoint has to answer; Stripe's own limit is longer, but a test waiting this long has already failed. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** The Stripe-Signature header Stripe would send for this payload: `t=<timestamp>,v1=<HMAC-SHA256 of "t.payload">`. */
export function sign(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/**
 * POSTs a payload to a webhook endpoint as Stripe does (JSON, its signature, its user agent). With node:http and
 * no connection pool rather than fetch: no socket outlives the delivery, so a test's server closes at once.
 * Resolves to the endpoint's answer as a fetch Response; rejects if it could not be reached or took too long.
 */
export function post(url: string, payload: string, signature: string | null, signal: AbortSignal): Promise<Response> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        signal,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(payload),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          ...(signature === null ? {} : { 'stripe-signature': signature }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          const status = response.statusCode ?? 502;
          // A Response cannot carry a body with these statuses.
          const body = [101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, statusText: response.statusMessage, headers }));
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`Le point de réception des webhooks n’a pas répondu en ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(payload);
  });
}
