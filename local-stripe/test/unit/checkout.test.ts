/**
 * Checkout in payment mode through the official library: the session as Stripe answers it, the hosted page and
 * pay(), the signed webhooks (checked by constructEvent at a real endpoint), idempotency, accounts' isolation,
 * expiry, and the webhooks' test controls (hold/release, resend, deliver).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { clientFor, closeAll, connectAccount, depositSession, startReceiver, startServer, WEBHOOK_SECRET } from '../helpers';

afterEach(closeAll);

test('a deposit session: created for the connected account, paid, and told by a signed checkout.session.completed', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const receiver = await startReceiver(stripe);
  server.setWebhookUrl(receiver.url);

  const session = await depositSession(stripe, account);
  expect(session).toMatchObject({
    object: 'checkout.session',
    mode: 'payment',
    amount_total: 15840,
    currency: 'eur',
    status: 'open',
    payment_status: 'unpaid',
    url: `${server.url}/c/pay/${session.id}`,
    payment_intent: null,
    setup_intent: null,
    customer: null,
    client_reference_id: 'res-42',
    customer_email: 'client@example.com',
    metadata: { reservation_id: 'res-42' },
    livemode: false,
  });
  expect(session.id).toMatch(/^cs_test_/);
  const now = Math.floor(Date.now() / 1000);
  expect(session.created).toBeGreaterThan(now - 5);
  expect(session.expires_at).toBe(session.created + 24 * 3600);

  // The call as it arrived: the account acted on, the library's idempotency key, the bracket syntax parsed.
  const call = server.calls.at(-1);
  expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', account });
  expect(call?.idempotencyKey).toMatch(/^stripe-node-retry-/);
  expect(call?.body).toMatchObject({
    mode: 'payment',
    line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '15840', product_data: { name: 'Acompte — dîner de groupe' } } }],
    payment_intent_data: { metadata: { reservation_id: 'res-42' } },
    metadata: { reservation_id: 'res-42' },
  });
  expect(receiver.received).toEqual([]);

  await server.pay(session.id);
  const [webhook] = await receiver.waitFor(1);
  expect(webhook.verifyError).toBeUndefined();
  expect(webhook.contentType).toMatch(/^application\/json/);
  expect(webhook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  const event = webhook.event;
  expect(event).toMatchObject({
    object: 'event',
    type: 'checkout.session.completed',
    account,
    api_version: '2026-11-18.endive',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: session.id, status: 'complete', payment_status: 'paid', metadata: { reservation_id: 'res-42' } } },
  });
  expect(event?.id).toMatch(/^evt_/);
  expect(server.events.map((e) => e.type)).toEqual(['account.application.authorized', 'checkout.session.completed']);

  const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] }, { stripeAccount: account });
  expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null, customer_details: { email: 'client@example.com' } });
  const intent = paid.payment_intent as Stripe.PaymentIntent;
  expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 15840, amount_received: 15840, metadata: { reservation_id: 'res-42' } });
  expect(intent.id).toMatch(/^pi_/);
  expect(intent.latest_charge).toMatchObject({ object: 'charge', amount: 15840, amount_captured: 15840, amount_refunded: 0, refunded: false, payment_intent: intent.id });

  const charge = await stripe.charges.retrieve(String((intent.latest_charge as { id: string }).id), {}, { stripeAccount: account });
  expect(charge.id).toMatch(/^ch_/);
  expect(server.deliveries).toEqual([{ eventId: event?.id, url: receiver.url, status: 200 }]);
});

test('the hosted page: in French, the amount in euros, a prefilled test card; its button pays and goes to success_url', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe, 'La Table Ronde');
  const receiver = await startReceiver(stripe);
  server.setWebhookUrl(receiver.url);
  const session = await depositSession(stripe, account);

  const page = await fetch(String(session.url));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<html lang="fr">');
  expect(html).toContain('La Table Ronde');
  expect(html).toContain('Acompte — dîner de groupe');
  expect(html).toContain(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(158.4));
  expect(html).toContain('value="4242 4242 4242 4242"');
  expect(html).toMatch(/<button type="submit">Payer<\/button>/);

  const answer = await fetch(String(session.url), { method: 'POST', body: new URLSearchParams({ card: '4242 4242 4242 4242', email: 'client@example.com' }), redirect: 'manual' });
  expect(answer.status).toBe(303);
  expect(answer.headers.get('location')).toBe(`http://tablee.test/paiement/merci?session=${session.id}`);
  const [webhook] = await receiver.waitFor(1);
  expect(webhook.event).toMatchObject({ type: 'checkout.session.completed', data: { object: { id: session.id } } });

  const again = await fetch(String(session.url));
  expect(await again.text()).toContain('Ce paiement a déjà été effectué.');
});

test('idempotency: the same key and body give back the same session; the same key with another body is an idempotency error', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);

  const first = await depositSession(stripe, account, {}, 'depot-res-42');
  const second = await depositSession(stripe, account, {}, 'depot-res-42');
  expect(second.id).toBe(first.id);
  expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
  expect(server.calls.filter((call) => call.path === '/v1/checkout/sessions').map((call) => call.idempotencyKey)).toEqual(['depot-res-42', 'depot-res-42']);

  const other = await depositSession(stripe, account, { metadata: { reservation_id: 'res-43' } }, 'depot-res-42').catch((error: unknown) => error);
  expect(other).toBeInstanceOf(stripe.errors.StripeIdempotencyError);
  expect(other).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });

  // A key is the account's: another account's call with it is another request.
  const elsewhere = await connectAccount(server, stripe, 'Autre restaurant');
  const third = await depositSession(stripe, elsewhere, {}, 'depot-res-42');
  expect(third.id).not.toBe(first.id);
});

test("another account's session does not exist for an account (404 resource_missing), nor for the platform", async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const mine = await connectAccount(server, stripe, 'Le mien');
  const theirs = await connectAccount(server, stripe, 'Le leur');
  const session = await depositSession(stripe, mine);

  for (const options of [{ stripeAccount: theirs }, {}]) {
    const error = await stripe.checkout.sessions.retrieve(session.id, {}, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect((error as Error).message).toContain(`No such checkout.session: '${session.id}'`);
  }
  await expect(stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: mine })).resolves.toMatchObject({ id: session.id });
});

test('parameters are checked as Stripe does: expires_at between 30 minutes and 24 hours, line items required', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const now = Math.floor(Date.now() / 1000);

  for (const expiresAt of [now + 10 * 60, now + 25 * 3600]) {
    const error = await depositSession(stripe, account, { expires_at: expiresAt }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, param: 'expires_at' });
  }
  const inTime = await depositSession(stripe, account, { expires_at: now + 30 * 60 });
  expect(inTime.expires_at).toBe(now + 30 * 60);

  const noItems = await depositSession(stripe, account, { line_items: [] }).catch((e: unknown) => e);
  expect(noItems).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'line_items' });
});

test('expiring a session: status expired, a checkout.session.expired event after the answer, and a page that says so', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const receiver = await startReceiver(stripe);
  server.setWebhookUrl(receiver.url);
  const session = await depositSession(stripe, account);

  const expired = await stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: account });
  expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null });
  const [webhook] = await receiver.waitFor(1);
  // An event caused by an API call names that call.
  expect(webhook.event).toMatchObject({ type: 'checkout.session.expired', account, request: { id: expired.lastResponse.requestId }, data: { object: { status: 'expired' } } });

  const page = await fetch(`${server.url}/c/pay/${session.id}`);
  expect(page.status).toBe(410);
  expect(await page.text()).toContain('Cette session de paiement a expiré.');
  await expect(server.pay(session.id)).rejects.toThrow('expiré');
  const twice = await stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: account }).catch((e: unknown) => e);
  expect(twice).toBeInstanceOf(stripe.errors.StripeInvalidRequestError);
});

test('held webhooks are recorded, then released in reverse order', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const receiver = await startReceiver(stripe);
  server.setWebhookUrl(receiver.url);
  const first = await depositSession(stripe, account);
  const second = await depositSession(stripe, account);

  server.holdWebhooks();
  await server.pay(first.id);
  await server.pay(second.id);
  expect(server.events.slice(-2).map((event) => event.type)).toEqual(['checkout.session.completed', 'checkout.session.completed']);
  expect(receiver.received).toEqual([]);

  await server.releaseWebhooks('reversed');
  const received = await receiver.waitFor(2);
  expect(received.map((webhook) => (webhook.event?.data.object as { id: string }).id)).toEqual([second.id, first.id]);
  expect(received.every((webhook) => webhook.verifyError === undefined)).toBe(true);
});

test('resend delivers the same event again; deliver sends any event, with a bad signature or none, which the endpoint refuses', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const receiver = await startReceiver(stripe);
  server.setWebhookUrl(receiver.url);
  const session = await depositSession(stripe, account);
  await server.pay(session.id);
  const [original] = await receiver.waitFor(1);

  const again = await server.resend(String(original.event?.id));
  expect(again.status).toBe(200);
  const [, resent] = await receiver.waitFor(2);
  expect(resent.event?.id).toBe(original.event?.id);
  expect(resent.raw).toBe(original.raw);

  const forged = { ...original.event, id: 'evt_forged', account: 'acct_someone_else' };
  expect((await server.deliver(forged)).status).toBe(200);
  expect((await server.deliver(forged, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
  expect((await server.deliver(forged, { signature: null })).status).toBe(400);
  const [, , signed, badSignature, noSignature] = await receiver.waitFor(5);
  expect(signed.event?.account).toBe('acct_someone_else');
  expect(badSignature.verifyError).toBeDefined();
  expect(noSignature.signature).toBeUndefined();
  expect(noSignature.verifyError).toBeDefined();
  // Forged events are not the account's history.
  expect(server.events.some((event) => event.id === 'evt_forged')).toBe(false);
});

test('a webhook endpoint that cannot be reached: the delivery is recorded as failed, nothing throws', async () => {
  // A port that was free a moment ago and is closed now.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  const server = await startServer({ webhookUrl: `http://127.0.0.1:${port}/webhooks`, webhookSecret: WEBHOOK_SECRET });
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const session = await depositSession(stripe, account);
  await expect(server.pay(session.id)).resolves.toBeUndefined();
  const completed = server.events.find((event) => event.type === 'checkout.session.completed');
  expect(server.deliveries.find((delivery) => delivery.eventId === completed?.id)).toMatchObject({ error: expect.any(String) });
});

test('line items and events read back through the library: listLineItems, expand, events.retrieve', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const session = await depositSession(stripe, account);

  const items = await stripe.checkout.sessions.listLineItems(session.id, {}, { stripeAccount: account });
  expect(items.data).toEqual([expect.objectContaining({ object: 'item', quantity: 1, amount_total: 15840, description: 'Acompte — dîner de groupe' })]);
  const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] }, { stripeAccount: account });
  expect(expanded.line_items?.data[0].price?.unit_amount).toBe(15840);

  await server.pay(session.id);
  const completed = server.events.at(-1);
  await expect(stripe.events.retrieve(String(completed?.id), {}, { stripeAccount: account })).resolves.toMatchObject({ type: 'checkout.session.completed' });
  // The account's events are not the platform's.
  await expect(stripe.events.retrieve(String(completed?.id))).rejects.toMatchObject({ statusCode: 404 });
});
