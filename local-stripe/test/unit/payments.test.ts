/**
 * A card saved by Checkout in setup mode, then charged off-session (and refused when the card asks for
 * authentication), and refunds: through the official library, as Tablée's service will call them.
 */
import type Stripe from 'stripe';
import { clientFor, closeAll, connectAccount, startReceiver, startServer } from '../helpers';

afterEach(closeAll);

async function savedCard(stripe: Stripe, server: Awaited<ReturnType<typeof startServer>>, account: string, card: 'ok' | 'requires_authentication') {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'setup',
      currency: 'eur',
      customer_email: 'groupe@example.com',
      setup_intent_data: { metadata: { reservation_id: 'res-7' } },
      success_url: 'http://tablee.test/carte/merci',
      cancel_url: 'http://tablee.test/carte/annule',
    },
    { stripeAccount: account },
  );
  expect(session).toMatchObject({ mode: 'setup', status: 'open', payment_status: 'no_payment_required', amount_total: null, currency: 'eur' });
  await server.pay(session.id, { card });
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent.payment_method'] }, { stripeAccount: account });
  expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
  const setupIntent = done.setup_intent as Stripe.SetupIntent;
  const paymentMethod = setupIntent.payment_method as Stripe.PaymentMethod;
  return { session: done, setupIntent, paymentMethod, customer: String(done.customer) };
}

test('setup mode saves a card to a customer; an off-session PaymentIntent on it succeeds and is told by payment_intent.succeeded', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const receiver = await startReceiver(stripe);
  server.setWebhookUrl(receiver.url);

  const setupPage = await stripe.checkout.sessions.create(
    { mode: 'setup', currency: 'eur', success_url: 'http://tablee.test/ok', cancel_url: 'http://tablee.test/ko' },
    { stripeAccount: account },
  );
  expect(await (await fetch(String(setupPage.url))).text()).toContain('Enregistrer la carte');

  const { setupIntent, paymentMethod, customer } = await savedCard(stripe, server, account, 'ok');
  expect(setupIntent).toMatchObject({ object: 'setup_intent', status: 'succeeded', customer, metadata: { reservation_id: 'res-7' } });
  expect(setupIntent.id).toMatch(/^seti_/);
  expect(customer).toMatch(/^cus_/);
  expect(paymentMethod).toMatchObject({ object: 'payment_method', type: 'card', customer, card: { brand: 'visa', last4: '4242' } });
  expect(paymentMethod.id).toMatch(/^pm_/);
  await expect(stripe.setupIntents.retrieve(setupIntent.id, {}, { stripeAccount: account })).resolves.toMatchObject({ payment_method: paymentMethod.id });

  const intent = await stripe.paymentIntents.create(
    { amount: 4200, currency: 'eur', customer, payment_method: paymentMethod.id, off_session: true, confirm: true, metadata: { reservation_id: 'res-7', reason: 'no_show' } },
    { stripeAccount: account },
  );
  expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 4200, amount_received: 4200, customer, metadata: { reason: 'no_show' } });
  const charge = await stripe.charges.retrieve(String(intent.latest_charge), {}, { stripeAccount: account });
  expect(charge).toMatchObject({ amount: 4200, payment_intent: intent.id, status: 'succeeded' });

  const received = await receiver.waitFor(2);
  expect(received.map((webhook) => webhook.event?.type)).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
  expect(received[1].event).toMatchObject({ account, data: { object: { id: intent.id } } });
});

test('the card that asks for authentication is declined off-session: StripeCardError authentication_required, with the intent', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const { paymentMethod, customer } = await savedCard(stripe, server, account, 'requires_authentication');
  expect(paymentMethod.card?.last4).toBe('3184');

  const error = await stripe.paymentIntents
    .create({ amount: 4200, currency: 'eur', customer, payment_method: paymentMethod.id, off_session: true, confirm: true }, { stripeAccount: account })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(stripe.errors.StripeCardError);
  const cardError = error as Stripe.errors.StripeCardError;
  expect(cardError.statusCode).toBe(402);
  expect(cardError.code).toBe('authentication_required');
  const intent = (cardError.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent;
  expect(intent).toMatchObject({ object: 'payment_intent', status: 'requires_payment_method', amount: 4200 });
  expect(intent.id).toMatch(/^pi_/);
  // The failed intent exists: the service can send the customer back to pay on-session.
  await expect(stripe.paymentIntents.retrieve(intent.id, {}, { stripeAccount: account })).resolves.toMatchObject({ status: 'requires_payment_method' });
  expect(server.events.at(-1)).toMatchObject({ type: 'payment_intent.payment_failed', data: { object: { id: intent.id } } });
});

test('refunds: part of a payment, then more than the rest (amount_too_large), then the rest; the charge follows', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const receiver = await startReceiver(stripe);
  const { paymentMethod, customer } = await savedCard(stripe, server, account, 'ok');
  server.setWebhookUrl(receiver.url);
  const intent = await stripe.paymentIntents.create({ amount: 10000, currency: 'eur', customer, payment_method: paymentMethod.id, off_session: true, confirm: true }, { stripeAccount: account });

  const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 3000, reason: 'requested_by_customer', metadata: { reservation_id: 'res-7' } }, { stripeAccount: account });
  expect(part).toMatchObject({ object: 'refund', amount: 3000, status: 'succeeded', payment_intent: intent.id, charge: intent.latest_charge, metadata: { reservation_id: 'res-7' } });
  expect(part.id).toMatch(/^re_/);

  const tooMuch = await stripe.refunds.create({ payment_intent: intent.id, amount: 7001 }, { stripeAccount: account }).catch((e: unknown) => e);
  expect(tooMuch).toBeInstanceOf(stripe.errors.StripeInvalidRequestError);
  expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });

  const rest = await stripe.refunds.create({ charge: String(intent.latest_charge) }, { stripeAccount: account });
  expect(rest.amount).toBe(7000);
  const charge = await stripe.charges.retrieve(String(intent.latest_charge), {}, { stripeAccount: account });
  expect(charge).toMatchObject({ amount_refunded: 10000, refunded: true });

  const received = await receiver.waitFor(3);
  const refunded = received.filter((webhook) => webhook.event?.type === 'charge.refunded').map((webhook) => webhook.event?.data.object as Stripe.Charge);
  expect(refunded.map((c) => [c.amount_refunded, c.refunded, c.refunds?.data.map((r) => r.id)])).toEqual([
    [3000, false, [part.id]],
    [10000, true, [rest.id, part.id]],
  ]);

  const none = await stripe.refunds.create({ payment_intent: intent.id }, { stripeAccount: account }).catch((e: unknown) => e);
  expect(none).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
});
