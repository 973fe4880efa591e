import { randomBytes } from 'node:crypto';
import { formatCents } from '@tablee/domain/payments';
import { newOwner, withDb } from '../../../local-supabase/test/clients';
import { must, sample } from '../../../local-supabase/test/fixtures';
import { insertReservationsAsSuperuser } from '../../../local-supabase/test/reservations';
import type { LocalStripe } from '../../../local-stripe/src/index';
import type { Mail } from '../../src/email/mailer';
import { db, ownerWithRestaurant, post, sendQueued, startService, type Owner, type RunningService } from '../helpers';
import { startStripeHarness, stripeHarnessMode, type Paid, type StripeHarness } from '../stripe-harness';

/**
 * Issue 45 on the service's side, through the official `stripe` library, against the Stripe the environment
 * chooses (test/stripe-harness.ts): local-stripe by default (Stripe's wire format for the calls used, webhooks
 * signed as Stripe signs them), or Stripe's test mode when STRIPE_SECRET_KEY holds a test key. The owner connects
 * the restaurant's own account, the customer pays the acompte or arrhes from their page's link (a Checkout
 * Session on that account, reused while valid, a new one when the amount changed), the webhook marks the
 * reservation paid once whatever Stripe's retries and their order, a cancellation refunds for real, the card
 * imprint is saved; without the platform's keys nothing of it is offered. What was made at Stripe is read back
 * through Stripe's API in both modes; what only local-stripe can show is `localOnly`.
 */
const MODE = stripeHarnessMode();

let harness: StripeHarness;
let service: RunningService;
let owner: Owner;

beforeAll(async () => {
  harness = await startStripeHarness();
  service = await startService({ stripe: harness.keys });
  harness.setWebhookUrl(`${service.url}/api/stripe/webhook`);
  owner = await ownerWithRestaurant('stripe');
  // An acompte of 30 % of the total (Facturation).
  await must(owner.client.from('restaurant_billing').upsert({ restaurant_id: owner.restaurantId, ...sample.billing }, { onConflict: 'restaurant_id' }));
  await connect(owner);
});
afterAll(async () => {
  await service?.close();
  await harness?.close();
});

/** A check only local-stripe can make (its call log, its webhook controls, its OAuth page), said why: run in local mode, skipped in test mode. */
async function localOnly(why: string, check: (local: LocalStripe) => unknown): Promise<void> {
  if (harness.local) await check(harness.local);
}

/** A whole test that only local-stripe can run, the reason in its title: skipped in test mode. */
const localOnlyTest = (title: string, why: string, fn: () => Promise<void>) => (MODE === 'local' ? test : test.skip)(`${title} (local-stripe only: ${why})`, fn);

const bearer = (o: Owner) => ({ authorization: `Bearer ${o.accessToken}` });

/**
 * 'Paiement en ligne': Tablée's answer (Stripe's OAuth page for this platform), then the harness connects the
 * account — local: « Autoriser l'accès » on local-stripe's page and back to the service's callback, whose answer
 * this returns; test mode: a Standard account made through the API and recorded as the callback does (null).
 */
async function connect(o: Owner, name = 'Brasserie du Port SAS'): Promise<Response | null> {
  const started = await post(`${service.url}/api/restaurants/${o.restaurantId}/stripe/connect`, undefined, bearer(o));
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const authorize = new URL(url);
  expect(authorize.origin).toBe(harness.oauthOrigin);
  expect(authorize.searchParams.get('client_id')).toBe(harness.keys.clientId);
  return harness.connect({ authorize, serviceUrl: service.url, owner: o, name });
}

const accountOf = async (restaurantId: string) =>
  (await withDb((db) => db.query('select account_id, account_name from public.restaurant_stripe_accounts where restaurant_id = $1', [restaurantId]))).rows[0];
/** The options of a call on the restaurant's connected account. */
const on = async (o: Owner) => ({ stripeAccount: (await accountOf(o.restaurantId)).account_id as string });
/** The customer completes the Checkout Session on the restaurant's account (pays, or saves their card). */
const completeCheckout = async (o: Owner, sessionId: string, card?: 'ok' | 'requires_authentication'): Promise<Paid> => harness.pay((await on(o)).stripeAccount, sessionId, card ? { card } : {});
/** The Checkout Sessions Stripe holds for a reservation, read through the API on the restaurant's account. */
const sessionsAtStripe = async (o: Owner, reservationId: string) =>
  (await harness.api.checkout.sessions.list({ limit: 100 }, await on(o)).autoPagingToArray({ limit: 10_000 })).filter((s) => s.client_reference_id === reservationId);

/** An accepted reservation of 528 € (an acompte of 158,40 €) and its page's token. */
async function accepted(o: Owner = owner, fields: Record<string, unknown> = {}) {
  const [written] = await insertReservationsAsSuperuser([
    { restaurant_id: o.restaurantId, number_people: 12, reservation_date: '2099-03-02', arrival_time: '12:00', total_amount: 528, status: 1, email: 'client@exemple.fr', ...fields },
  ]);
  const tokens = await must(db().rpc('customer_page_tokens', { p_reservation_ids: [written.id] }));
  return { ...written, token: tokens[0].token };
}

/** « Payer l'acompte »: the service's answer (a redirection to Stripe's page, or a French page). */
const pay = (token: string) => fetch(`${service.url}/api/customer/${token}/pay`, { redirect: 'manual' });
const sessionIdOf = (location: string | null) => new URL(location!).pathname.split('/').pop()!;
const rowOf = async (id: string) => (await withDb((db) => db.query('select status, amount_received_cents from public.restaurant_reservations where id = $1', [id]))).rows[0];
const eventsOf = async (id: string) =>
  (await withDb((db) => db.query('select kind, actor, to_status, amount_cents, payment_id from public.reservation_events where reservation_id = $1 order by created_at', [id]))).rows;
const createCalls = (local: LocalStripe) => local.calls.filter((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions');

describe('the restaurant connects its own Stripe account', () => {
  test('OAuth brings back the account’s id and name, shown to owners; a manager is refused; Déconnecter deauthorizes it at Stripe', async () => {
    const own = await ownerWithRestaurant('stripe-connect');
    const back = await connect(own);
    await localOnly('Stripe’s OAuth page needs a person: in test mode the harness makes the account, no callback', () => {
      expect(back?.status).toBe(303);
      expect(back?.headers.get('location')).toBe(`${service.config.appUrl}/restaurants/${own.restaurantId}/billing?stripe=connected`);
    });
    const account = await accountOf(own.restaurantId);
    expect(account).toEqual({ account_id: expect.stringMatching(/^acct_/), account_name: 'Brasserie du Port SAS' });
    // The account at Stripe, read by the platform: the one connected, under that name.
    const atStripe = await harness.api.accounts.retrieve(account.account_id);
    expect([atStripe.id, atStripe.business_profile?.name]).toEqual([account.account_id, 'Brasserie du Port SAS']);
    // The same link again: its state was taken.
    const manager = await newOwner('stripe-manager');
    await withDb((db) => db.query("insert into public.restaurant_members (restaurant_id, user_id, role) values ($1, $2, 'manager')", [own.restaurantId, manager.userId]));
    const managerToken = (await manager.client.auth.getSession()).data.session!.access_token;
    const refused = await post(`${service.url}/api/restaurants/${own.restaurantId}/stripe/connect`, undefined, { authorization: `Bearer ${managerToken}` });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'owners_only', message: 'Seul un propriétaire du restaurant peut gérer le paiement en ligne.' });
    expect((await post(`${service.url}/api/restaurants/${own.restaurantId}/stripe/disconnect`, undefined, { authorization: `Bearer ${managerToken}` })).status).toBe(403);

    const gone = await post(`${service.url}/api/restaurants/${own.restaurantId}/stripe/disconnect`, undefined, bearer(own));
    expect(await gone.json()).toEqual({ disconnected: true });
    expect(await accountOf(own.restaurantId)).toBeUndefined();
    await localOnly('Stripe’s API does not list deauthorizations: local-stripe’s call log does', (local) => {
      expect(local.calls.filter((c) => c.path === '/oauth/deauthorize').map((c) => c.body.stripe_user_id)).toContain(account.account_id);
    });
  });

  test('a callback with a used or unknown state changes nothing', async () => {
    const bad = await fetch(`${service.url}/api/stripe/oauth/callback?code=ac_x&state=${'f'.repeat(48)}`, { redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Ce lien de connexion à Stripe n’est plus valable.');
  });
});

describe('the customer pays online', () => {
  test('one session per reservation and amount, reused; the webhook marks it paid once, whatever Stripe’s retries', async () => {
    const r = await accepted();
    const account = await on(owner);
    const first = await pay(r.token);
    expect(first.status).toBe(303);
    const sessionId = sessionIdOf(first.headers.get('location'));
    const before = harness.local ? createCalls(harness.local).length : 0;
    const again = await pay(r.token);
    expect(sessionIdOf(again.headers.get('location'))).toBe(sessionId);
    // At Stripe, on the restaurant's account: one session for the reservation, of the acompte, in euros.
    const sessions = await sessionsAtStripe(owner, r.id);
    expect(sessions.map((s) => s.id)).toEqual([sessionId]);
    expect(sessions[0]).toMatchObject({ mode: 'payment', currency: 'eur', amount_total: 15_840, metadata: { reservation_id: r.id } });
    const items = await harness.api.checkout.sessions.listLineItems(sessionId, {}, account);
    expect(items.data).toEqual([expect.objectContaining({ quantity: 1, currency: 'eur', price: expect.objectContaining({ currency: 'eur', unit_amount: 15_840 }) })]);
    await localOnly('a call’s idempotency key, and the calls made, are seen in local-stripe’s call log only', (local) => {
      expect(createCalls(local).length).toBe(before);
      const made = createCalls(local).find((c) => c.account && c.body.client_reference_id === r.id)!;
      expect(made.account).toBe(account.stripeAccount);
      expect(made.body).toMatchObject({ mode: 'payment', line_items: [{ price_data: { currency: 'eur', unit_amount: '15840' } }] });
      expect(made.idempotencyKey).toBe(`checkout-${r.id}-advance-15840-0`);
    });

    const paid = await completeCheckout(owner, sessionId);
    expect(await rowOf(r.id)).toEqual({ status: 3, amount_received_cents: 15_840 });
    // The payment at Stripe: succeeded on the restaurant's account, the amount received, the reservation named.
    expect(await harness.api.paymentIntents.retrieve(paid.paymentIntent!, {}, account)).toMatchObject({
      status: 'succeeded',
      amount_received: 15_840,
      currency: 'eur',
      metadata: { reservation_id: r.id },
    });
    await localOnly('Stripe’s retry of its own event: local-stripe resends it, newly signed', async (local) => {
      const resent = await local.resend(paid.event.id);
      expect(resent.status).toBe(200);
      expect(await resent.json()).toEqual({ received: true, outcome: 'duplicate' });
    });
    const events = await eventsOf(r.id);
    expect(events).toEqual([{ kind: 'status', actor: 'customer', to_status: 3, amount_cents: 15_840, payment_id: paid.paymentIntent }]);
    // Paid: nothing is left to pay online.
    const nothing = await pay(r.token);
    expect(nothing.status).toBe(409);
    expect(await nothing.text()).toContain('Il n’y a rien à régler en ligne pour cette réservation');
  });

  test('two clicks at once make one session', async () => {
    const r = await accepted();
    const answers = await Promise.all([pay(r.token), pay(r.token), pay(r.token)]);
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
    expect(new Set(answers.map((a) => sessionIdOf(a.headers.get('location')))).size).toBe(1);
    const recorded = (await withDb((db) => db.query('select count(*)::int as n from public.reservation_checkouts where reservation_id = $1', [r.id]))).rows[0];
    expect(recorded).toEqual({ n: 1 });
    expect(await sessionsAtStripe(owner, r.id)).toHaveLength(1);
  });

  localOnlyTest(
    'a bad or missing signature is a 400 and changes nothing; so does an event of another account',
    'it holds a real event of Stripe’s to forge its signature and send it for another account',
    async () => {
      const local = harness.local!;
      const r = await accepted();
      const sessionId = sessionIdOf((await pay(r.token)).headers.get('location'));
      local.holdWebhooks();
      const held = (await completeCheckout(owner, sessionId)).event;
      expect((await local.deliver(held, { signature: 't=1,v1=00' })).status).toBe(400);
      expect((await local.deliver(held, { signature: null })).status).toBe(400);
      const foreign = await local.deliver({ ...held, id: `evt_${randomBytes(6).toString('hex')}`, account: 'acct_Ailleurs' });
      expect(await foreign.json()).toEqual({ received: true, outcome: 'wrong_account' });
      expect(await rowOf(r.id)).toEqual({ status: 1, amount_received_cents: null });
      await local.releaseWebhooks();
      expect(await rowOf(r.id)).toEqual({ status: 3, amount_received_cents: 15_840 });
    },
  );

  localOnlyTest('events out of order: the session’s expiry arriving after its payment leaves it paid', 'it holds Stripe’s events and releases them last first', async () => {
    const local = harness.local!;
    const r = await accepted();
    const sessionId = sessionIdOf((await pay(r.token)).headers.get('location'));
    local.holdWebhooks();
    const completed = (await completeCheckout(owner, sessionId)).event;
    // An expiry that Stripe would send first (the session's end) delivered before the completion it lost to.
    const expired = await local.deliver({ ...completed, id: `evt_${randomBytes(6).toString('hex')}`, type: 'checkout.session.expired' });
    expect(await expired.json()).toEqual({ received: true, outcome: 'expired' });
    await local.releaseWebhooks('reversed');
    expect(await rowOf(r.id)).toEqual({ status: 3, amount_received_cents: 15_840 });
  });

  test('an amount changed after the session was made: a new session for the new amount; after payment, the difference', async () => {
    const r = await accepted();
    const account = await on(owner);
    const first = sessionIdOf((await pay(r.token)).headers.get('location'));
    await withDb((db) => db.query('update public.restaurant_reservations set total_amount = 660 where id = $1', [r.id]));
    const second = sessionIdOf((await pay(r.token)).headers.get('location'));
    expect(second).not.toBe(first);
    expect((await harness.api.checkout.sessions.retrieve(second, {}, account)).amount_total).toBe(19_800);
    await completeCheckout(owner, second);
    expect(await rowOf(r.id)).toEqual({ status: 3, amount_received_cents: 19_800 });
    await withDb((db) => db.query('update public.restaurant_reservations set total_amount = 700 where id = $1', [r.id]));
    const difference = sessionIdOf((await pay(r.token)).headers.get('location'));
    expect((await harness.api.checkout.sessions.retrieve(difference, {}, account)).amount_total).toBe(1_200);
    await localOnly('a call’s idempotency key is seen in local-stripe’s call log only', (local) => {
      expect(createCalls(local).find((c) => c.idempotencyKey === `checkout-${r.id}-advance-1200-0`)).toBeDefined();
    });
    await completeCheckout(owner, difference);
    expect(await rowOf(r.id)).toEqual({ status: 3, amount_received_cents: 21_000 });
  });

  test('the card imprint: a setup session, the card saved on the restaurant’s account', async () => {
    const own = await ownerWithRestaurant('stripe-imprint');
    await must(own.client.from('restaurant_billing').upsert({ restaurant_id: own.restaurantId, ...sample.billing, deposit_method: 'empreinte' }, { onConflict: 'restaurant_id' }));
    await connect(own, 'Empreinte SARL');
    const r = await accepted(own);
    const sessionId = sessionIdOf((await pay(r.token)).headers.get('location'));
    const saved = await completeCheckout(own, sessionId);
    const imprints = (await withDb((db) => db.query('select card_brand, card_last4, customer_id, payment_method_id from public.reservation_card_imprints where reservation_id = $1', [r.id])))
      .rows;
    expect(imprints.map(({ card_brand, card_last4, customer_id }) => ({ card_brand, card_last4, customer_id }))).toEqual([
      { card_brand: 'visa', card_last4: '4242', customer_id: expect.stringMatching(/^cus_/) },
    ]);
    expect((await eventsOf(r.id)).map((e) => e.kind)).toEqual(['imprint']);
    // At Stripe, on the restaurant's account: the card set up for later, for that customer.
    expect(await harness.api.setupIntents.retrieve(saved.setupIntent!, {}, await on(own))).toMatchObject({
      status: 'succeeded',
      customer: imprints[0].customer_id,
      payment_method: imprints[0].payment_method_id,
      metadata: { reservation_id: r.id },
    });
  });
});

describe('refunds that really refund', () => {
  test('cancelling a paid reservation with a refund refunds it at Stripe, once, on the restaurant’s account; more than received is refused', async () => {
    const r = await accepted();
    const account = await on(owner);
    const paid = await completeCheckout(owner, sessionIdOf((await pay(r.token)).headers.get('location')));
    const refundsAtStripe = async () => (await harness.api.refunds.list({ payment_intent: paid.paymentIntent!, limit: 100 }, account)).data;
    const refundCalls = (local: LocalStripe) =>
      local.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds' && c.body.metadata && (c.body.metadata as Record<string, string>).reservation_id === r.id);
    const cancel = (cents: number) =>
      post(
        `${service.url}/api/reservations/cancel_reservation`,
        { numero_reservation: r.numero_reservation, restaurant_id: owner.restaurantId, reason: 'demande_du_client', deposit: 'refunded', refund_amount_cents: cents },
        bearer(owner),
      );
    const over = await cancel(15_841);
    expect(over.status).toBe(422);
    expect(await refundsAtStripe()).toEqual([]);
    await localOnly('that no call was even tried is seen in local-stripe’s call log only', (local) => expect(refundCalls(local)).toEqual([]));

    expect((await cancel(10_000)).status).toBe(200);
    // At Stripe, on the restaurant's account: one refund of that payment, of 100 €, naming the reservation.
    expect(await refundsAtStripe()).toEqual([expect.objectContaining({ amount: 10_000, currency: 'eur', metadata: expect.objectContaining({ reservation_id: r.id }) })]);
    await localOnly('the calls made are seen in local-stripe’s call log only', (local) => {
      const refunds = refundCalls(local);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ account: account.stripeAccount, body: { amount: '10000' } });
    });
    const ledger = (await withDb((db) => db.query("select amount_cents, status, stripe_id from public.reservation_payments where reservation_id = $1 and kind = 'refund'", [r.id]))).rows;
    expect(ledger).toEqual([{ amount_cents: 10000, status: 'succeeded', stripe_id: expect.stringMatching(/^re_/) }]);
    expect(ledger[0].stripe_id).toBe((await refundsAtStripe())[0].id);
    expect((await eventsOf(r.id)).map((e) => [e.kind, e.amount_cents])).toEqual([
      ['status', 15_840],
      ['status', 10_000],
      ['refund', 10_000],
    ]);
  });
});

describe('a refund Stripe refuses', () => {
  localOnlyTest(
    'an account disconnected meanwhile: the refund is failed at once (not retried), and the history says so',
    'Déconnecter undoes an OAuth connection; in test mode the harness’s account is made through the API, not connected by OAuth',
    async () => {
      const own = await ownerWithRestaurant('stripe-refund-refused');
      await must(own.client.from('restaurant_billing').upsert({ restaurant_id: own.restaurantId, ...sample.billing }, { onConflict: 'restaurant_id' }));
      await connect(own, 'Partie SARL');
      const r = await accepted(own);
      await completeCheckout(own, sessionIdOf((await pay(r.token)).headers.get('location')));
      expect((await post(`${service.url}/api/restaurants/${own.restaurantId}/stripe/disconnect`, undefined, bearer(own))).status).toBe(200);
      const cancelled = await post(
        `${service.url}/api/reservations/cancel_reservation`,
        { numero_reservation: r.numero_reservation, restaurant_id: own.restaurantId, reason: 'fermeture_exceptionnelle', deposit: 'refunded', refund_amount_cents: 15_840 },
        bearer(own),
      );
      expect(cancelled.status).toBe(200);
      const ledger = (await withDb((db) => db.query("select status, attempts from public.reservation_payments where reservation_id = $1 and kind = 'refund'", [r.id]))).rows;
      expect(ledger).toEqual([{ status: 'failed', attempts: 1 }]);
      const events = (await withDb((db) => db.query("select summary from public.reservation_events where reservation_id = $1 and kind = 'refund'", [r.id]))).rows;
      expect(events).toEqual([{ summary: expect.stringMatching(/^Remboursement en ligne refusé par Stripe : /) }]);
    },
  );
});

describe('without the platform’s keys', () => {
  test('online payment is not offered: status says so, connect is refused in French, the webhook changes nothing, the page keeps the transfer', async () => {
    const plain = await startService();
    try {
      expect(await (await fetch(`${plain.url}/api/stripe/status`)).json()).toEqual({ configured: false });
      const refused = await post(`${plain.url}/api/restaurants/${owner.restaurantId}/stripe/connect`, undefined, bearer(owner));
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'not_configured' });
      expect((await post(`${plain.url}/api/stripe/webhook`, { id: 'evt_1', type: 'checkout.session.completed' })).status).toBe(400);
      expect(await (await fetch(`${service.url}/api/stripe/status`)).json()).toEqual({ configured: true });
    } finally {
      await plain.close();
    }
  });
});

describe('the no-show fee on the card imprint', () => {
  async function noShowWithCard(label: string, card: 'ok' | 'requires_authentication') {
    const own = await ownerWithRestaurant(label);
    await must(own.client.from('restaurant_billing').upsert({ restaurant_id: own.restaurantId, ...sample.billing, deposit_method: 'empreinte' }, { onConflict: 'restaurant_id' }));
    await must(
      own.client.rpc('save_restaurant_cgv', { p_restaurant_id: own.restaurantId, p_cgv: { cancellationPolicy: '48h', modificationPolicy: '24h', noShowFee: { type: 'per_person', amount: 15 } } }),
    );
    await connect(own, `${label} SARL`);
    const r = await accepted(own);
    await completeCheckout(own, sessionIdOf((await pay(r.token)).headers.get('location')), card);
    await withDb((db) => db.query("update public.restaurant_reservations set status = 5, reservation_date = '2026-01-15' where id = $1", [r.id]));
    const charge = () => post(`${service.url}/api/reservations/charge_no_show_fee`, { numero_reservation: r.numero_reservation, restaurant_id: own.restaurantId }, bearer(own));
    /** The PaymentIntents Stripe holds for the reservation, on the saved card's customer (the restaurant's account). */
    const intentsAtStripe = async () => {
      const imprint = (await withDb((db) => db.query('select customer_id from public.reservation_card_imprints where reservation_id = $1', [r.id]))).rows[0];
      const listed = await harness.api.paymentIntents.list({ customer: imprint.customer_id, limit: 100 }, await on(own));
      return listed.data.filter((intent) => intent.metadata.reservation_id === r.id);
    };
    return { own, r, charge, intentsAtStripe };
  }

  test('charged off-session on the restaurant’s account, the CGV’s fee (15 € × 12), once', async () => {
    const { own, r, charge, intentsAtStripe } = await noShowWithCard('stripe-noshow', 'ok');
    const charged = await charge();
    expect(await charged.json()).toEqual({ success: true, outcome: 'charged', amount_cents: 18000, message: `Frais de non-présentation prélevés : ${formatCents(18000)}.` });
    expect(formatCents(18000).replace(/\s/g, ' ')).toBe('180,00 €');
    const card = (await withDb((db) => db.query('select payment_method_id from public.reservation_card_imprints where reservation_id = $1', [r.id]))).rows[0];
    expect(await intentsAtStripe()).toEqual([
      expect.objectContaining({ amount: 18000, currency: 'eur', status: 'succeeded', payment_method: card.payment_method_id, metadata: { reservation_id: r.id, purpose: 'no_show_fee' } }),
    ]);
    const account = await on(own);
    await localOnly('off_session and confirm are parameters of the call, seen in local-stripe’s call log only', (local) => {
      const intents = local.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents' && (c.body.metadata as Record<string, string>).reservation_id === r.id);
      expect(intents).toEqual([expect.objectContaining({ account: account.stripeAccount, body: expect.objectContaining({ amount: '18000', off_session: 'true', confirm: 'true' }) })]);
    });
    const again = await charge();
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'already_charged' });
  });

  test('a card that needs authentication: the customer is e-mailed, pays from their page, and the fee is recorded', async () => {
    const { own, r, charge, intentsAtStripe } = await noShowWithCard('stripe-noshow-3ds', 'requires_authentication');
    expect(await (await charge()).json()).toMatchObject({ outcome: 'needs_authentication', amount_cents: 18000 });
    // At Stripe: the off-session attempt, declined for authentication, waits for another payment method.
    expect(await intentsAtStripe()).toEqual([expect.objectContaining({ amount: 18000, status: 'requires_payment_method' })]);
    const queued = (await withDb((db) => db.query("select kind from public.notification_outbox where reservation_id = $1 and kind = 'customer_no_show_fee'", [r.id]))).rows;
    expect(queued).toHaveLength(1);
    // The customer's e-mail: the amount, and the link that pays it.
    const mails: Mail[] = [];
    await sendQueued(service, own.restaurantId, { mailer: { send: async (m) => void mails.push(m), check: async () => 'ok', close: () => undefined } });
    const fee = mails.find((m) => m.tag.endsWith('-frais-non-presentation'))!;
    expect(fee.subject).toBe(`Frais de non-présentation : ${'Restaurant stripe-noshow-3ds'} vous demande de confirmer le paiement`);
    expect(fee.text).toContain(`Régler les frais de non-présentation — ${formatCents(18000)} : ${service.config.publicBaseUrl}/api/customer/${r.token}/pay`);
    const sessionId = sessionIdOf((await pay(r.token)).headers.get('location'));
    expect((await harness.api.checkout.sessions.retrieve(sessionId, {}, await on(own))).amount_total).toBe(18000);
    const paid = await completeCheckout(own, sessionId);
    const fees = (await withDb((db) => db.query("select amount_cents, status from public.reservation_payments where reservation_id = $1 and kind = 'no_show_fee'", [r.id]))).rows;
    expect(fees).toEqual([{ amount_cents: 18000, status: 'succeeded' }]);
    expect(await harness.api.paymentIntents.retrieve(paid.paymentIntent!, {}, await on(own))).toMatchObject({ status: 'succeeded', amount_received: 18000 });
  });
});
