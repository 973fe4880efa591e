/**
 * The list calls a test reads Stripe back with (Checkout Sessions, PaymentIntents, refunds) through the official
 * library: newest first, one account's objects only, Stripe's filters, pages walked by the library's
 * auto-pagination, and Stripe's refusals of a parameter it does not know or a limit out of bounds.
 */
import type Stripe from 'stripe';
import { clientFor, closeAll, connectAccount, depositSession, startServer } from '../helpers';

afterEach(closeAll);

/** A card saved by a setup session, and two off-session payments on it (the second one partly refunded). */
async function payments(stripe: Stripe, server: Awaited<ReturnType<typeof startServer>>, account: string) {
  const setup = await stripe.checkout.sessions.create({ mode: 'setup', currency: 'eur', success_url: 'http://tablee.test/ok' }, { stripeAccount: account });
  await server.pay(setup.id);
  const saved = await stripe.checkout.sessions.retrieve(setup.id, { expand: ['setup_intent'] }, { stripeAccount: account });
  const customer = String(saved.customer);
  const paymentMethod = String((saved.setup_intent as Stripe.SetupIntent).payment_method);
  const charge = (amount: number) =>
    stripe.paymentIntents.create({ amount, currency: 'eur', customer, payment_method: paymentMethod, off_session: true, confirm: true }, { stripeAccount: account });
  const first = await charge(1000);
  const second = await charge(2000);
  return { customer, first, second };
}

test('Checkout Sessions: newest first, the account’s own only, by status and by PaymentIntent', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const other = await connectAccount(server, stripe, 'Ailleurs');
  const older = await depositSession(stripe, account);
  const newer = await depositSession(stripe, account);
  const elsewhere = await depositSession(stripe, other);

  const listed = await stripe.checkout.sessions.list({}, { stripeAccount: account });
  expect(listed).toMatchObject({ object: 'list', has_more: false, url: '/v1/checkout/sessions' });
  expect(listed.data.map((s) => s.id)).toEqual([newer.id, older.id]);
  expect((await stripe.checkout.sessions.list({}, { stripeAccount: other })).data.map((s) => s.id)).toEqual([elsewhere.id]);

  await server.pay(older.id);
  const paid = await stripe.checkout.sessions.retrieve(older.id, {}, { stripeAccount: account });
  expect((await stripe.checkout.sessions.list({ status: 'complete' }, { stripeAccount: account })).data.map((s) => s.id)).toEqual([older.id]);
  expect((await stripe.checkout.sessions.list({ status: 'open' }, { stripeAccount: account })).data.map((s) => s.id)).toEqual([newer.id]);
  const byIntent = await stripe.checkout.sessions.list({ payment_intent: String(paid.payment_intent), expand: ['data.payment_intent'] }, { stripeAccount: account });
  expect(byIntent.data).toHaveLength(1);
  expect(byIntent.data[0].payment_intent).toMatchObject({ object: 'payment_intent', id: paid.payment_intent, status: 'succeeded', amount_received: 15840 });
  // The platform's own list does not show a connected account's sessions.
  expect((await stripe.checkout.sessions.list()).data).toEqual([]);
});

test('pages: limit, starting_after and ending_before, walked by the library’s auto-pagination', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const made: string[] = [];
  for (let i = 0; i < 5; i++) made.unshift((await depositSession(stripe, account)).id);

  const first = await stripe.checkout.sessions.list({ limit: 2 }, { stripeAccount: account });
  expect(first.data.map((s) => s.id)).toEqual(made.slice(0, 2));
  expect(first.has_more).toBe(true);
  const last = await stripe.checkout.sessions.list({ limit: 2, starting_after: made[3] }, { stripeAccount: account });
  expect(last.data.map((s) => s.id)).toEqual([made[4]]);
  expect(last.has_more).toBe(false);
  const before = await stripe.checkout.sessions.list({ limit: 2, ending_before: made[3] }, { stripeAccount: account });
  expect(before.data.map((s) => s.id)).toEqual([made[1], made[2]]);
  expect(before.has_more).toBe(true);
  const all = await stripe.checkout.sessions.list({ limit: 2 }, { stripeAccount: account }).autoPagingToArray({ limit: 100 });
  expect(all.map((s) => s.id)).toEqual(made);
});

test('PaymentIntents by customer, refunds by PaymentIntent or charge', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const { customer, first, second } = await payments(stripe, server, account);
  const refund = await stripe.refunds.create({ payment_intent: second.id, amount: 500, metadata: { reservation_id: 'res-9' } }, { stripeAccount: account });

  const intents = await stripe.paymentIntents.list({ customer }, { stripeAccount: account });
  expect(intents).toMatchObject({ object: 'list', has_more: false, url: '/v1/payment_intents' });
  expect(intents.data.map((i) => [i.id, i.amount, i.status])).toEqual([
    [second.id, 2000, 'succeeded'],
    [first.id, 1000, 'succeeded'],
  ]);
  expect((await stripe.paymentIntents.list({ customer: 'cus_Personne' }, { stripeAccount: account })).data).toEqual([]);

  const refunds = await stripe.refunds.list({ payment_intent: second.id }, { stripeAccount: account });
  expect(refunds).toMatchObject({ object: 'list', url: '/v1/refunds' });
  expect(refunds.data).toEqual([expect.objectContaining({ id: refund.id, amount: 500, status: 'succeeded', metadata: { reservation_id: 'res-9' } })]);
  expect((await stripe.refunds.list({ charge: String(second.latest_charge) }, { stripeAccount: account })).data.map((r) => r.id)).toEqual([refund.id]);
  expect((await stripe.refunds.list({ payment_intent: first.id }, { stripeAccount: account })).data).toEqual([]);
});

test('a parameter Stripe does not know on that list, or a limit out of bounds, is refused as Stripe refuses it', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const unknown = await stripe.refunds.list({ reservation: 'x' } as Stripe.RefundListParams, { stripeAccount: account }).catch((e: unknown) => e);
  expect(unknown).toBeInstanceOf(stripe.errors.StripeInvalidRequestError);
  expect(unknown).toMatchObject({ statusCode: 400, param: 'reservation' });
  expect((unknown as Error).message).toMatch(/\] Received unknown parameter: reservation\./);
  expect(await stripe.paymentIntents.list({ limit: 101 }, { stripeAccount: account }).catch((e: unknown) => e)).toMatchObject({ statusCode: 400, param: 'limit' });
  expect(await stripe.checkout.sessions.list({ starting_after: 'cs_test_Personne' }, { stripeAccount: account }).catch((e: unknown) => e)).toMatchObject({
    statusCode: 400,
    code: 'resource_missing',
    param: 'starting_after',
  });
});
