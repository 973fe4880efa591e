import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { createStripeClient, oauthAuthorizeUrl } from '@tablee/reservation-service/src/payments/stripe-client';
import { startLocalStripe, type LocalStripe, type LocalStripeOptions } from '../src/index';

export const SECRET_KEY = 'sk_test_local_stripe_tests_0123456789';
export const WEBHOOK_SECRET = 'whsec_local_stripe_tests';
export const CLIENT_ID = 'ca_local_stripe_tests';
export const REDIRECT_URI = 'http://tablee.test/restaurants/stripe/retour';

/** What each test opened (servers, receivers), closed after it whatever its outcome: `afterEach(closeAll)`. */
const opened: (() => Promise<void>)[] = [];

export async function closeAll(): Promise<void> {
  await Promise.all(opened.splice(0).map((close) => close()));
}

export async function startServer(options: Partial<LocalStripeOptions> = {}): Promise<LocalStripe> {
  const server = await startLocalStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, clientId: CLIENT_ID, ...options });
  opened.push(() => server.close());
  return server;
}

/** The service's client, pointed at the local server as the service's tests will. */
export function clientFor(server: LocalStripe, secretKey = SECRET_KEY): Stripe {
  return createStripeClient({ secretKey, apiBase: server.url });
}

export interface ReceivedWebhook {
  signature: string | undefined;
  contentType: string | undefined;
  raw: string;
  /** The event as stripe.webhooks.constructEvent returned it, or null when it refused the signature. */
  event: Stripe.Event | null;
  verifyError?: string;
}

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves once `count` webhooks have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/**
 * A webhook endpoint as the service will have one: it reads the raw body, checks the signature with the
 * library's constructEvent and answers 400 when it does not hold, 200 otherwise.
 */
export async function startReceiver(stripe: Stripe): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = req.headers['stripe-signature'] as string | undefined;
      let event: Stripe.Event | null = null;
      let verifyError: string | undefined;
      try {
        event = stripe.webhooks.constructEvent(raw, signature ?? '', WEBHOOK_SECRET);
      } catch (error) {
        verifyError = error instanceof Error ? error.message : String(error);
      }
      received.push({ signature, contentType: req.headers['content-type'], raw, event, verifyError });
      res.writeHead(verifyError ? 400 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: !verifyError }));
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  opened.push(close);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    received,
    close,
    waitFor(count, timeoutMs = 5000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${received.length} webhook(s) reçu(s) sur ${count} attendus`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
  };
}

const unescapeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The named fields of a page's form (inputs with a value, and the submit button's decision) as a browser would post them. */
export function formFields(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const input of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input[0])?.[1];
    const value = /\bvalue="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields.set(name, unescapeHtml(value ?? ''));
  }
  return fields;
}

/** Connect Standard end to end: the authorization page, its form, the redirect's code, the token. Returns the account's id. */
export async function connectAccount(server: LocalStripe, stripe: Stripe, name = 'Le Bistrot des Tests'): Promise<string> {
  const page = await fetch(oauthAuthorizeUrl(stripe, server.url, { clientId: CLIENT_ID, state: 'etat-123', redirectUri: REDIRECT_URI }));
  const form = formFields(await page.text());
  form.set('business_name', name);
  form.set('decision', 'allow');
  const answer = await fetch(`${server.url}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(answer.headers.get('location') ?? '').searchParams.get('code');
  if (!code) throw new Error('no code in the redirect');
  const token = await stripe.oauth.token({ grant_type: 'authorization_code', code });
  return String(token.stripe_user_id);
}

/** A Checkout Session as Tablée creates one for a group's deposit. */
export function depositSession(stripe: Stripe, account: string, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}, idempotencyKey?: string) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'eur', unit_amount: 15840, product_data: { name: 'Acompte — dîner de groupe', description: '12 couverts, samedi 20 h' } },
        },
      ],
      payment_intent_data: { metadata: { reservation_id: 'res-42' } },
      metadata: { reservation_id: 'res-42' },
      client_reference_id: 'res-42',
      success_url: 'http://tablee.test/paiement/merci?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://tablee.test/paiement/annule',
      customer_email: 'client@example.com',
      locale: 'fr',
      ...extra,
    },
    { stripeAccount: account, ...(idempotencyKey ? { idempotencyKey } : {}) },
  );
}
