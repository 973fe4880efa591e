import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { startLocalStripe, type Card, type LocalStripe } from '../../local-stripe/src/index';
import { createStripeClient } from '../src/payments/stripe-client';
import { db, type Owner } from './helpers';

/**
 * The Stripe the service's payment tests run against, chosen by the environment:
 * - `local` (default, CI): local-stripe started in the test, its keys made up here, the service pointed at it
 *   (STRIPE_API_BASE); Stripe's webhooks are local-stripe's own, signed as Stripe signs them.
 * - `test-mode`: STRIPE_SECRET_KEY=sk_test_… with STRIPE_WEBHOOK_SECRET and STRIPE_CLIENT_ID: the service calls
 *   Stripe itself (no API base). Stripe cannot reach a local service, so the harness delivers what Stripe would
 *   send: the objects it reads back from Stripe's API, in the event envelope, signed with the webhook secret by
 *   the library's test header (stripe.webhooks.generateTestHeaderString).
 * What only local-stripe can show (its call log, holding and replaying its webhooks, its OAuth page) is `local`,
 * null in test mode.
 */
export type StripeMode = 'local' | 'test-mode';

/** What the customer's payment (or saved card) made at Stripe, and the checkout.session.completed that told the service. */
export interface Paid {
  event: Stripe.Event;
  paymentIntent: string | null;
  setupIntent: string | null;
}

export interface StripeHarness {
  mode: StripeMode;
  /** The platform's keys as the service takes them (`Config['stripe']`): an apiBase in local mode only. */
  keys: { secretKey: string; clientId: string; webhookSecret: string; apiBase?: string };
  /** The origin of Stripe's OAuth page, where the service sends an owner. */
  oauthOrigin: string;
  /** The official library on the same Stripe as the service: what was made there is read back through it. */
  api: Stripe;
  /** Where webhooks go: the service's POST /api/stripe/webhook. */
  setWebhookUrl(url: string): void;
  /**
   * Connects the restaurant of `owner` to a Standard account named `name`, from Stripe's OAuth page the service
   * sent the owner to (`authorize`). Local: the owner allows access on local-stripe's page and the browser follows
   * Stripe's redirection to the service's callback, whose answer this returns. Test mode (the page needs a person):
   * a Standard account made through the API, recorded as the callback records one (stripe_connect_save); null.
   */
  connect(input: { authorize: URL; serviceUrl: string; owner: Owner; name: string }): Promise<Response | null>;
  /** The customer completes the Checkout Session `sessionId` of `account` (pays, or saves a card in setup mode); resolves once its webhook was answered (unless local-stripe holds webhooks). */
  pay(account: string, sessionId: string, options?: { card?: Card }): Promise<Paid>;
  /** local-stripe itself (call log, events, hold/release/deliver/resend); null in test mode. */
  local: LocalStripe | null;
  close(): Promise<void>;
}

/** The mode the environment asks for; a live key, or a test key without the two other variables, is refused. */
export function stripeHarnessMode(env: NodeJS.ProcessEnv = process.env): StripeMode {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) return 'local';
  if (/^(sk|rk)_live_/.test(key)) throw new Error('STRIPE_SECRET_KEY est une clé live : les tests de paiement ne tournent qu’avec une clé de test (sk_test_…) ou sans clé (local-stripe).');
  if (!key.startsWith('sk_test_')) throw new Error('STRIPE_SECRET_KEY doit être une clé secrète de test (sk_test_…), ou absente pour local-stripe.');
  const missing = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_CLIENT_ID'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`Mode test de Stripe : ${missing.join(' et ')} manque(nt) (voir le README, « Payments online (Stripe Connect) »).`);
  return 'test-mode';
}

export function startStripeHarness(env: NodeJS.ProcessEnv = process.env): Promise<StripeHarness> {
  return stripeHarnessMode(env) === 'local'
    ? startLocal()
    : Promise.resolve(testMode({ secretKey: env.STRIPE_SECRET_KEY!, clientId: env.STRIPE_CLIENT_ID!, webhookSecret: env.STRIPE_WEBHOOK_SECRET! }));
}

const completedOf = (events: Stripe.Event[], sessionId: string) => events.find((e) => e.type === 'checkout.session.completed' && (e.data.object as Stripe.Checkout.Session).id === sessionId);
const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));

async function startLocal(): Promise<StripeHarness> {
  const keys = { secretKey: 'sk_test_tablee_service_tests_0123456789', webhookSecret: 'whsec_tablee_service_tests', clientId: 'ca_tablee_service_tests' };
  const stripe = await startLocalStripe(keys);
  return {
    mode: 'local',
    keys: { ...keys, apiBase: stripe.url },
    oauthOrigin: stripe.url,
    api: createStripeClient({ secretKey: keys.secretKey, apiBase: stripe.url }),
    setWebhookUrl: (url) => stripe.setWebhookUrl(url),
    async connect({ authorize, serviceUrl, name }) {
      // « Autoriser l'accès » on local-stripe's page, then the browser follows its redirection to the service.
      const form = new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), business_name: name, email: 'compta@exemple.fr', decision: 'allow' });
      const approved = await fetch(`${stripe.url}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
      const back = new URL(approved.headers.get('location')!);
      expect(back.pathname).toBe('/api/stripe/oauth/callback');
      return fetch(`${serviceUrl}${back.pathname}${back.search}`, { redirect: 'manual' });
    },
    async pay(_account, sessionId, options = {}) {
      await stripe.pay(sessionId, options);
      const event = completedOf(stripe.events, sessionId);
      if (!event) throw new Error(`local-stripe : pas de checkout.session.completed pour ${sessionId}`);
      const session = event.data.object as Stripe.Checkout.Session;
      return { event, paymentIntent: idOf(session.payment_intent), setupIntent: idOf(session.setup_intent) };
    },
    local: stripe,
    close: () => stripe.close(),
  };
}

/** Confirmed by the server, as Checkout's page confirms them for the customer: no payment method that would redirect (no return_url). */
const SERVER_SIDE = { enabled: true, allow_redirects: 'never' } as const;

/** Stripe's test payment methods: a card that pays, and one whose bank asks for authentication every time (3-D Secure). */
const TEST_PAYMENT_METHODS: Record<Card, string> = { ok: 'pm_card_visa', requires_authentication: 'pm_card_authenticationRequired' };

function testMode(keys: { secretKey: string; clientId: string; webhookSecret: string }): StripeHarness {
  const api = createStripeClient({ secretKey: keys.secretKey });
  const accounts: string[] = [];
  let webhookUrl: string | undefined;

  /** What Stripe would POST: the event envelope around the object, signed with the endpoint's secret. */
  async function deliver(account: string, type: string, object: object): Promise<Stripe.Event> {
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      account,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    if (!webhookUrl) throw new Error('stripe-harness : setWebhookUrl d’abord');
    const payload = JSON.stringify(event);
    const answer = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: keys.webhookSecret }) },
      body: payload,
    });
    if (answer.status !== 200) throw new Error(`Le webhook ${type} a été refusé (${answer.status}) : ${await answer.text()}`);
    return event;
  }

  return {
    mode: 'test-mode',
    keys,
    oauthOrigin: 'https://connect.stripe.com',
    api,
    setWebhookUrl: (url) => void (webhookUrl = url),
    async connect({ owner, name }) {
      const made = await api.accounts.create({ type: 'standard', country: 'FR', email: 'compta@exemple.fr', business_profile: { name } });
      accounts.push(made.id);
      // As the OAuth callback: the account read back, its name, saved for the owner who connected it.
      const account = await api.accounts.retrieve(made.id);
      const accountName = account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? account.email ?? null;
      const { data } = await owner.client.auth.getUser();
      const saved = await db().rpc('stripe_connect_save', { p_restaurant_id: owner.restaurantId, p_user_id: data.user!.id, p_account_id: made.id, p_account_name: accountName as string });
      if (saved.error) throw new Error(`stripe_connect_save : ${saved.error.message}`);
      return null;
    },
    async pay(account, sessionId, { card = 'ok' } = {}) {
      const on = { stripeAccount: account };
      const session = await api.checkout.sessions.retrieve(sessionId, {}, on);
      if (session.status !== 'open') throw new Error(`La session ${sessionId} est ${session.status}`);
      const metadata = session.metadata ?? {};
      if (session.mode === 'setup') {
        // Checkout saves the card on a new customer (after 3-D Secure, when the card asks for it): attached, then set up for later.
        const customer = await api.customers.create({ ...(session.customer_email ? { email: session.customer_email } : {}) }, on);
        const method = await api.paymentMethods.attach(TEST_PAYMENT_METHODS[card], { customer: customer.id }, on);
        const intent = await api.setupIntents.create(
          { customer: customer.id, payment_method: method.id, automatic_payment_methods: SERVER_SIDE, usage: 'off_session', confirm: true, metadata },
          on,
        );
        const event = await deliver(account, 'checkout.session.completed', { ...session, status: 'complete', customer: customer.id, setup_intent: intent.id, url: null });
        return { event, paymentIntent: null, setupIntent: intent.id };
      }
      const intent = await api.paymentIntents.create(
        { amount: session.amount_total!, currency: session.currency!, payment_method: TEST_PAYMENT_METHODS[card], automatic_payment_methods: SERVER_SIDE, confirm: true, metadata },
        on,
      );
      if (intent.status !== 'succeeded') throw new Error(`Le paiement ${intent.id} est ${intent.status} : seule une carte qui paie sans authentification règle une session ici`);
      const event = await deliver(account, 'checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid', payment_intent: intent.id, url: null });
      return { event, paymentIntent: intent.id, setupIntent: null };
    },
    local: null,
    async close() {
      // The test accounts this run made, deleted (test mode allows it); one Stripe refuses to delete is left, said.
      for (const id of accounts.splice(0)) await api.accounts.del(id).catch((e: Error) => console.warn(`compte Stripe de test ${id} non supprimé : ${e.message}`));
    },
  };
}
