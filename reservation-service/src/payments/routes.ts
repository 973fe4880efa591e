import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import {
  customerTokenParams,
  noShowFeeAnswer,
  noShowFeeBody,
  htmlAnswer,
  rateLimited,
  redirection,
  refusal,
  restaurantParams,
  stripeConnectAnswer,
  stripeDisconnectAnswer,
  stripeOAuthQuery,
  stripeStatus,
  webhookAnswer,
} from '@tablee/contract';
import { answers } from '@tablee/contract/fastify';
import { customerPagePath } from '@tablee/domain/customer-page';
import { restaurantPath } from '@tablee/domain/navigation';
import { formatCents, NO_SHOW_FEE_REFUSALS, type CustomerCheckout } from '@tablee/domain/payments';
import type { Config } from '../config';
import { databaseFailure } from '../lib/errors';
import { htmlPage } from '../lib/html';
import type { Db } from '../lib/supabase';
import { findOwnedReservation, ownerOf, requireOwner, UnauthorizedError } from '../reservations/owner';
import { MESSAGES } from '../reservations/outcomes';
import { oauthAuthorizeUrl } from './stripe-client';

export const PAYMENT_MESSAGES = {
  notConfigured: 'Le paiement en ligne n’est pas configuré sur ce serveur : le virement et le lien de paiement restent proposés à vos clients.',
  ownersOnly: 'Seul un propriétaire du restaurant peut gérer le paiement en ligne.',
  nothingDue: 'Il n’y a rien à régler en ligne pour cette réservation : elle est déjà réglée, ou le restaurant ne demande pas de paiement à l’avance.',
  notFound: 'Ce lien ne correspond à aucune réservation. Vérifiez qu’il est complet, ou contactez le restaurant.',
  stripeDown: 'Le paiement en ligne est momentanément indisponible. Réessayez dans quelques minutes, ou contactez le restaurant.',
};

/** A Checkout Session lives 23 hours (Stripe allows 24): the page makes a new one when the customer comes back later. */
const SESSION_LIFETIME_S = 23 * 3600;

const TOKEN = /^[0-9a-f]{48}$/;

type ReadyCheckout = Extract<CustomerCheckout, { outcome: 'ok' }>;

/** What the customer pays, in their words: 'Arrhes — réservation R-0042 du 14/03/2027'. */
function productName(checkout: ReadyCheckout): string {
  const date = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC' }).format(new Date(`${checkout.reservation_date}T00:00:00Z`));
  const what = checkout.purpose === 'no_show_fee' ? 'Frais de non-présentation' : checkout.nature === 'arrhes' ? 'Arrhes' : 'Acompte';
  return `${what} — réservation ${checkout.reference} du ${date}`;
}

/**
 * Stripe on the reservation service (Connect, Standard accounts):
 * - the owner's 'Paiement en ligne' on Facturation: POST …/stripe/connect answers Stripe's OAuth page,
 *   which comes back to GET /api/stripe/oauth/callback; POST …/stripe/disconnect;
 * - the customer's GET /api/customer/{token}/pay: the Checkout Session of what is due (made once per
 *   reservation, purpose and amount, reused while valid) and a redirection to it;
 * - Stripe's POST /api/stripe/webhook: the signature checked by the library, the event applied once by SQL.
 */
export async function paymentRoutes(instance: FastifyInstance, { config, db, stripe }: { config: Config; db: Db; stripe: Stripe | null }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };
  const page = (reply: FastifyReply, status: number, title: string, message: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(htmlPage(title, message));

  app.get(
    '/api/stripe/status',
    { schema: { operationId: 'stripeStatus', summary: 'Whether online payment can be offered (the platform’s keys are set).', ...answers({ 200: [stripeStatus, 'Configured or not.'] }) } },
    async () => ({ configured: stripe !== null }),
  );

  app.post(
    '/api/restaurants/:restaurant_id/stripe/connect',
    {
      schema: {
        operationId: 'stripeConnect',
        summary: 'An owner starts connecting the restaurant’s own Stripe account (OAuth, Connect Standard).',
        security: [{ ownerSession: [] }],
        params: restaurantParams,
        ...answers({
          200: [stripeConnectAnswer, 'Stripe’s page to send the owner to.'],
          401: [refusal, 'No usable owner session.'],
          403: [refusal, 'Not an owner of this restaurant (`owners_only`): managers cannot.'],
          409: [refusal, 'Online payment is not configured on this server (`not_configured`).'],
          429: [rateLimited, 'Too many requests from this client address.'],
        }),
      },
      config: { rateLimit },
      preValidation: requireOwner(config, db),
    },
    async (request, reply) => {
      if (!stripe || !config.stripe) return reply.code(409).send({ code: 'not_configured', field: null, message: PAYMENT_MESSAGES.notConfigured });
      const { data, error, status } = await ownerOf(request).rpc('stripe_connect_begin', { p_restaurant_id: request.params.restaurant_id });
      if (status === 401) throw new UnauthorizedError(MESSAGES.sessionInvalid);
      if (error?.code === '42501') return reply.code(403).send({ code: 'owners_only', field: null, message: PAYMENT_MESSAGES.ownersOnly });
      if (error || !data) throw databaseFailure('stripe_connect_begin', { error, status });
      const url = oauthAuthorizeUrl(stripe, config.stripe.apiBase, { clientId: config.stripe.clientId, state: data, redirectUri: `${config.publicBaseUrl}/api/stripe/oauth/callback` });
      return reply.send({ url });
    },
  );

  app.get(
    '/api/stripe/oauth/callback',
    {
      schema: {
        operationId: 'stripeOAuthCallback',
        summary: 'Back from Stripe’s OAuth page: the account is exchanged and saved, then the owner is sent back to Facturation.',
        querystring: stripeOAuthQuery,
        ...answers({
          303: [redirection, 'To Facturation, ?stripe=connected or ?stripe=error.'],
          400: [htmlAnswer, 'A link without a valid state (used, older than 30 minutes, or not one of Tablée’s).', 'text/html'],
          429: [rateLimited, 'Too many requests from this client address.'],
        }),
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const { code, state, error: declined } = request.query;
      const taken = state ? await db.rpc('stripe_connect_take', { p_state: state }) : null;
      if (taken?.error) throw databaseFailure('stripe_connect_take', { error: taken.error, status: taken.status });
      const owner = taken?.data ?? null;
      if (!owner) return page(reply, 400, 'Lien expiré', 'Ce lien de connexion à Stripe n’est plus valable. Recommencez depuis la page Facturation.');
      const back = (outcome: string) =>
        reply
          .code(303)
          .header('location', `${config.appUrl}${restaurantPath(owner.restaurant_id, 'billing')}?stripe=${outcome}`)
          .send(null);
      if (!stripe || declined || !code) return back(declined ? 'declined' : 'error');
      try {
        const token = await stripe.oauth.token({ grant_type: 'authorization_code', code });
        const accountId = token.stripe_user_id;
        if (!accountId) return back('error');
        const account = await stripe.accounts.retrieve(accountId);
        const name = account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? account.email ?? null;
        const saved = await db.rpc('stripe_connect_save', { p_restaurant_id: owner.restaurant_id, p_user_id: owner.user_id, p_account_id: accountId, p_account_name: name as string });
        if (saved.error) throw databaseFailure('stripe_connect_save', { error: saved.error, status: saved.status });
        return back('connected');
      } catch (e) {
        if (!(e instanceof Stripe.errors.StripeError)) throw e;
        request.log.warn({ error: e.message }, 'stripe connect failed');
        return back('error');
      }
    },
  );

  app.post(
    '/api/restaurants/:restaurant_id/stripe/disconnect',
    {
      schema: {
        operationId: 'stripeDisconnect',
        summary: 'An owner disconnects the restaurant’s Stripe account (deauthorized at Stripe too).',
        security: [{ ownerSession: [] }],
        params: restaurantParams,
        ...answers({
          200: [stripeDisconnectAnswer, 'Done.'],
          401: [refusal, 'No usable owner session.'],
          403: [refusal, 'Not an owner of this restaurant (`owners_only`).'],
          429: [rateLimited, 'Too many requests from this client address.'],
        }),
      },
      config: { rateLimit },
      preValidation: requireOwner(config, db),
    },
    async (request, reply) => {
      const { data, error, status } = await ownerOf(request).rpc('stripe_disconnect', { p_restaurant_id: request.params.restaurant_id });
      if (status === 401) throw new UnauthorizedError(MESSAGES.sessionInvalid);
      if (error?.code === '42501') return reply.code(403).send({ code: 'owners_only', field: null, message: PAYMENT_MESSAGES.ownersOnly });
      if (error) throw databaseFailure('stripe_disconnect', { error, status });
      if (data && stripe && config.stripe) {
        // Forgotten by Tablée whatever Stripe says: an account already disconnected from Stripe's side answers an error here.
        await stripe.oauth.deauthorize({ client_id: config.stripe.clientId, stripe_user_id: data }).catch((e: Error) => request.log.warn({ error: e.message }, 'stripe deauthorize failed'));
      }
      return reply.send({ disconnected: Boolean(data) });
    },
  );

  app.get(
    '/api/customer/:token/pay',
    {
      schema: {
        operationId: 'customerPay',
        summary: 'The customer’s « Payer l’acompte » / « Payer les arrhes » / card imprint: to Stripe’s Checkout page on the restaurant’s account.',
        description:
          'No session: the token of the customer’s page is the secret. The amount is the database’s (public.customer_checkout, in cents): the deposit still owed, or the difference after a change. One Checkout Session per reservation, purpose and amount, reused while it is valid; each creation carries an idempotency key, so that two clicks make one session.',
        params: customerTokenParams,
        ...answers({
          303: [redirection, 'To Stripe’s Checkout page.'],
          404: [htmlAnswer, 'No reservation has this token.', 'text/html'],
          409: [htmlAnswer, 'Nothing to pay online (paid already, nothing asked in advance, or online payment not set up).', 'text/html'],
          429: [rateLimited, 'Too many requests from this client address.'],
          502: [htmlAnswer, 'Stripe did not answer.', 'text/html'],
        }),
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const { token } = request.params;
      if (!TOKEN.test(token)) return page(reply, 404, 'Réservation introuvable', PAYMENT_MESSAGES.notFound);
      const { data, error, status } = await db.rpc('customer_checkout', { p_token: token });
      if (error) throw databaseFailure('customer_checkout', { error, status });
      const checkout = data;
      if (checkout.outcome === 'not_found') return page(reply, 404, 'Réservation introuvable', PAYMENT_MESSAGES.notFound);
      if (checkout.outcome !== 'ok' || !stripe) {
        return page(reply, 409, 'Rien à régler en ligne', checkout.outcome === 'nothing_due' ? PAYMENT_MESSAGES.nothingDue : PAYMENT_MESSAGES.notConfigured);
      }
      if (checkout.open_session) return reply.code(303).header('location', checkout.open_session.url).header('cache-control', 'no-store').send(null);

      const back = `${config.appUrl}${customerPagePath(token)}`;
      const common = {
        success_url: `${back}?paiement=ok`,
        cancel_url: `${back}?paiement=annule`,
        client_reference_id: checkout.reservation_id,
        metadata: { reservation_id: checkout.reservation_id, purpose: checkout.purpose, reference: checkout.reference },
        // To the minute: two clicks within it send the same parameters under the same idempotency key.
        expires_at: Math.floor(Date.now() / 60_000) * 60 + SESSION_LIFETIME_S,
        locale: 'fr' as const,
        ...(checkout.customer_email ? { customer_email: checkout.customer_email } : {}),
      };
      const params: Stripe.Checkout.SessionCreateParams =
        checkout.purpose === 'imprint'
          ? { ...common, mode: 'setup', currency: 'eur', setup_intent_data: { metadata: common.metadata } }
          : {
              ...common,
              mode: 'payment',
              line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: checkout.amount_cents, product_data: { name: productName(checkout) } } }],
              payment_intent_data: { metadata: common.metadata },
            };
      try {
        // The key names the reservation, what for, how much and how many sessions came before: two clicks at once make one.
        const key = `checkout-${checkout.reservation_id}-${checkout.purpose}-${checkout.amount_cents}-${checkout.attempt}`;
        const session = await stripe.checkout.sessions.create(params, { stripeAccount: checkout.account_id, idempotencyKey: key });
        const saved = await db.rpc('checkout_session_saved', {
          p_reservation_id: checkout.reservation_id,
          p_account_id: checkout.account_id,
          p_purpose: checkout.purpose,
          p_amount_cents: checkout.amount_cents,
          p_session_id: session.id,
          p_url: session.url ?? '',
          p_expires_at: new Date(session.expires_at * 1000).toISOString(),
        });
        if (saved.error) throw databaseFailure('checkout_session_saved', { error: saved.error, status: saved.status });
        return reply.code(303).header('location', session.url).header('cache-control', 'no-store').send(null);
      } catch (e) {
        if (!(e instanceof Stripe.errors.StripeError)) throw e;
        // Two clicks a second apart: the same key with another expiry. The first one's session, once recorded, is the one.
        if (e instanceof Stripe.errors.StripeIdempotencyError) {
          const again = await db.rpc('customer_checkout', { p_token: token });
          if (again.data?.outcome === 'ok' && again.data.open_session) return reply.code(303).header('location', again.data.open_session.url).header('cache-control', 'no-store').send(null);
        }
        request.log.warn({ error: e.message }, 'checkout session not made');
        return page(reply, 502, 'Paiement indisponible', PAYMENT_MESSAGES.stripeDown);
      }
    },
  );

  app.post(
    '/api/reservations/charge_no_show_fee',
    {
      schema: {
        operationId: 'chargeNoShowFee',
        summary: 'After « Non présenté », an owner charges the no-show fee the CGV state on the card imprint (off-session).',
        description:
          'The amount is the database’s (public.no_show_fee_plan: the CGV’s fee, per person or fixed, never more), asked once per reservation (an idempotency key per reservation). A card whose bank asks for the customer’s authentication: the customer is e-mailed a link to their page, where they pay it.',
        security: [{ ownerSession: [] }],
        body: noShowFeeBody,
        ...answers({
          200: [noShowFeeAnswer, 'Charged, or waiting for the customer’s authentication.'],
          401: [refusal, 'No usable owner session.'],
          403: [refusal, 'Not an owner of the restaurant (`owners_only`).'],
          404: [refusal, 'No such reservation among the owner’s.'],
          409: [refusal, 'Nothing to charge: not a no-show, no card, no fee in the CGV, already asked, or online payment not configured.'],
          429: [rateLimited, 'Too many requests from this client address.'],
          502: [refusal, 'Stripe refused the charge (`card_declined`…) or did not answer.'],
        }),
      },
      config: { rateLimit },
      preValidation: requireOwner(config, db),
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const owned = await findOwnedReservation(owner, request.body.numero_reservation, request.body.restaurant_id);
      if (!owned) return reply.code(404).send({ code: 'not_found', field: null, message: 'Réservation introuvable.' });
      if (!stripe) return reply.code(409).send({ code: 'not_configured', field: null, message: PAYMENT_MESSAGES.notConfigured });
      const { data: plan, error, status } = await owner.rpc('no_show_fee_plan', { p_reservation_id: owned.id });
      if (status === 401) throw new UnauthorizedError(MESSAGES.sessionInvalid);
      if (error?.code === '42501') return reply.code(403).send({ code: 'owners_only', field: null, message: error.message });
      if (error || !plan) throw databaseFailure('no_show_fee_plan', { error, status });
      if (plan.outcome !== 'ok' || !plan.amount_cents || !plan.account_id || !plan.customer_id || !plan.payment_method_id) {
        const outcome = plan.outcome === 'ok' ? 'no_fee' : plan.outcome;
        return reply.code(409).send({ code: outcome, field: null, message: NO_SHOW_FEE_REFUSALS[outcome] });
      }
      const record = async (paymentIntent: string, needsAuthentication: boolean) => {
        const recorded = await db.rpc('no_show_fee_recorded', {
          p_reservation_id: owned.id,
          p_account_id: plan.account_id!,
          p_cents: plan.amount_cents!,
          p_payment_intent: paymentIntent,
          p_needs_authentication: needsAuthentication,
        });
        if (recorded.error) throw databaseFailure('no_show_fee_recorded', { error: recorded.error, status: recorded.status });
      };
      const amount = formatCents(plan.amount_cents);
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: plan.amount_cents,
            currency: 'eur',
            customer: plan.customer_id,
            payment_method: plan.payment_method_id,
            off_session: true,
            confirm: true,
            description: `Frais de non-présentation — réservation ${plan.reference}`,
            metadata: { reservation_id: owned.id, purpose: 'no_show_fee' },
          },
          { stripeAccount: plan.account_id, idempotencyKey: `no-show-fee-${owned.id}` },
        );
        await record(intent.id, false);
        return reply.send({ success: true as const, outcome: 'charged' as const, amount_cents: plan.amount_cents, message: `Frais de non-présentation prélevés : ${amount}.` });
      } catch (e) {
        if (e instanceof Stripe.errors.StripeCardError && e.code === 'authentication_required') {
          const intent = (e.raw as { payment_intent?: { id?: string } }).payment_intent?.id;
          if (intent) {
            await record(intent, true);
            return reply.send({
              success: true as const,
              outcome: 'needs_authentication' as const,
              amount_cents: plan.amount_cents,
              message: `La banque du client demande sa confirmation : un lien pour régler ${amount} lui est envoyé par e-mail.`,
            });
          }
        }
        if (!(e instanceof Stripe.errors.StripeError)) throw e;
        request.log.warn({ error: e.message, code: e.code }, 'no-show fee not charged');
        return reply.code(502).send({ code: e.code ?? 'stripe_error', field: null, message: `Stripe a refusé le prélèvement : ${e.message.replace(/^\[[^\]]*\]\s*/, '')}` });
      }
    },
  );

  // Stripe signs the raw body: this route reads it as text, not parsed (its own content-type parser, in this plugin only).
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        schema: {
          operationId: 'stripeWebhook',
          summary: 'Stripe’s events (Connect): checkout.session.completed, checkout.session.expired, charge.refunded.',
          description:
            'The Stripe-Signature header is checked by Stripe’s library with STRIPE_WEBHOOK_SECRET; each event id is applied once (public.stripe_apply_event), whatever Stripe’s retries and their order.',
          ...answers({
            200: [webhookAnswer, 'Received (applied now, or before).'],
            400: [refusal, 'No valid signature (`bad_signature`), or online payment not configured: nothing changed.'],
          }),
        },
      },
      async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        if (!stripe || !config.stripe) return reply.code(400).send({ code: 'not_configured', field: null, message: PAYMENT_MESSAGES.notConfigured });
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(String(request.body ?? ''), typeof signature === 'string' ? signature : '', config.stripe.webhookSecret);
        } catch {
          return reply.code(400).send({ code: 'bad_signature', field: null, message: 'Signature Stripe absente ou invalide.' });
        }
        const object = await withImprint(stripe, event);
        const { data, error, status } = await db.rpc('stripe_apply_event', { p_event: { id: event.id, type: event.type, account: event.account ?? null, data: { object } } as never });
        if (error) throw databaseFailure('stripe_apply_event', { error, status });
        return reply.send({ received: true, outcome: data ?? undefined });
      },
    );
  });
}

/**
 * A completed setup session names its SetupIntent only: the card saved (customer, payment method, brand, last
 * four digits) is read from Stripe on the session's account and handed to SQL with the event.
 */
async function withImprint(stripe: Stripe, event: Stripe.Event): Promise<Record<string, unknown>> {
  const object: Record<string, unknown> = { ...event.data.object };
  if (event.type !== 'checkout.session.completed' || object.mode !== 'setup' || typeof object.setup_intent !== 'string') return object;
  const intent = await stripe.setupIntents.retrieve(object.setup_intent, { expand: ['payment_method'] }, { stripeAccount: event.account });
  const method = intent.payment_method as Stripe.PaymentMethod | null;
  return {
    ...object,
    imprint: {
      setup_intent: intent.id,
      customer: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? object.customer),
      payment_method: method?.id,
      brand: method?.card?.brand ?? null,
      last4: method?.card?.last4 ?? null,
    },
  };
}
