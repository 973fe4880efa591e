/**
 * Connect Standard through the official library only: the authorization page and its form, the code exchanged
 * by stripe.oauth.token, the account read back, deauthorization, and the keys' checks.
 */
import { oauthAuthorizeUrl } from '@tablee/reservation-service/src/payments/stripe-client';
import { CLIENT_ID, clientFor, closeAll, connectAccount, formFields, REDIRECT_URI, startReceiver, startServer } from '../helpers';

afterEach(closeAll);

test('the authorization URL points at the local server, with the parameters Stripe expects', async () => {
  const server = await startServer();
  const url = new URL(oauthAuthorizeUrl(clientFor(server), server.url, { clientId: CLIENT_ID, state: 'etat-1', redirectUri: REDIRECT_URI }));
  expect(url.origin).toBe(server.url);
  expect(url.pathname).toBe('/oauth/authorize');
  expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: 'code', client_id: CLIENT_ID, scope: 'read_write', state: 'etat-1', redirect_uri: REDIRECT_URI });
  // Without apiBase, Stripe's own page.
  expect(oauthAuthorizeUrl(clientFor(server), undefined, { clientId: CLIENT_ID, state: 'e', redirectUri: REDIRECT_URI })).toMatch(/^https:\/\/connect\.stripe\.com\/oauth\/authorize\?/);
});

test('page, form, code, token: the connected account is read back with its name', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const page = await fetch(oauthAuthorizeUrl(stripe, server.url, { clientId: CLIENT_ID, state: 'etat-42', redirectUri: REDIRECT_URI }));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('lang="fr"');
  expect(html).toContain('Connecter votre compte Stripe à Tablée');
  expect(html).toContain('Nom du compte');
  expect(html).toContain('value="Restaurant de test"');
  expect(html).toContain("Autoriser l'accès");
  expect(html).toContain('action="/oauth/authorize"');

  const form = formFields(html);
  form.set('business_name', 'Chez Mémé');
  form.set('decision', 'allow');
  const answer = await fetch(`${server.url}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  expect(answer.status).toBe(303);
  const back = new URL(answer.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  expect(back.searchParams.get('state')).toBe('etat-42');
  const code = back.searchParams.get('code') ?? '';
  expect(code).toMatch(/^ac_/);

  const token = await stripe.oauth.token({ grant_type: 'authorization_code', code });
  expect(token).toMatchObject({ token_type: 'bearer', scope: 'read_write', livemode: false });
  expect(token.stripe_user_id).toMatch(/^acct_/);
  expect(token.access_token).toMatch(/^sk_test_/);
  expect(token.refresh_token).toMatch(/^rt_/);
  expect(token.stripe_publishable_key).toMatch(/^pk_test_/);

  const account = await stripe.accounts.retrieve(String(token.stripe_user_id));
  expect(account).toMatchObject({
    id: token.stripe_user_id,
    object: 'account',
    type: 'standard',
    business_profile: { name: 'Chez Mémé' },
    settings: { dashboard: { display_name: 'Chez Mémé' } },
    email: 'restaurant@example.com',
    charges_enabled: true,
    country: 'FR',
    default_currency: 'eur',
  });
  // The library reached the local server for connect.stripe.com's call too, and it recorded it parsed.
  expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /oauth/token', `GET /v1/accounts/${token.stripe_user_id}`]);
  expect(server.calls[0].body).toEqual({ grant_type: 'authorization_code', code });
  expect(server.events.map((event) => [event.type, event.account])).toEqual([['account.application.authorized', token.stripe_user_id]]);
});

test('a code works once: the second exchange is an OAuth invalid_grant, which stripe-node throws as StripeInvalidGrantError', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const page = await fetch(oauthAuthorizeUrl(stripe, server.url, { clientId: CLIENT_ID, state: 's', redirectUri: REDIRECT_URI }));
  const answer = await fetch(`${server.url}/oauth/authorize`, { method: 'POST', body: formFields(await page.text()), redirect: 'manual' });
  const code = new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? '';
  await stripe.oauth.token({ grant_type: 'authorization_code', code });

  const again = await stripe.oauth.token({ grant_type: 'authorization_code', code }).catch((error: unknown) => error);
  expect(again).toBeInstanceOf(stripe.errors.StripeInvalidGrantError);
  expect(again).toMatchObject({ type: 'StripeInvalidGrantError', rawType: 'invalid_grant', statusCode: 400 });
  expect((again as Error).message).toContain(`Authorization code has already been used: ${code}`);

  const unknown = await stripe.oauth.token({ grant_type: 'authorization_code', code: 'ac_inconnu' }).catch((error: unknown) => error);
  expect(unknown).toBeInstanceOf(stripe.errors.StripeInvalidGrantError);
});

test('an unknown client_id gets an error page; refusing sends access_denied back with the state', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const wrong = await fetch(oauthAuthorizeUrl(stripe, server.url, { clientId: 'ca_autre', state: 's', redirectUri: REDIRECT_URI }));
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain('Application inconnue');

  const page = await fetch(oauthAuthorizeUrl(stripe, server.url, { clientId: CLIENT_ID, state: 'etat-refus', redirectUri: REDIRECT_URI }));
  const form = formFields(await page.text());
  form.set('decision', 'deny');
  const answer = await fetch(`${server.url}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const back = new URL(answer.headers.get('location') ?? '');
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('state')).toBe('etat-refus');
  expect(server.events).toEqual([]);
});

test('stripe.oauth.deauthorize reaches the local server; the account is then out of reach and the event says so', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const receiver = await startReceiver(stripe);
  const account = await connectAccount(server, stripe);
  server.setWebhookUrl(receiver.url);

  const answer = await stripe.oauth.deauthorize({ client_id: CLIENT_ID, stripe_user_id: account });
  expect(answer.stripe_user_id).toBe(account);
  expect(server.calls.at(-1)).toMatchObject({ method: 'POST', path: '/oauth/deauthorize', body: { client_id: CLIENT_ID, stripe_user_id: account } });

  const [webhook] = await receiver.waitFor(1);
  expect(webhook.event).toMatchObject({ type: 'account.application.deauthorized', account, data: { object: { object: 'application', id: CLIENT_ID } } });

  const refused = await stripe.checkout.sessions.retrieve('cs_test_x', {}, { stripeAccount: account }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(stripe.errors.StripePermissionError);
  expect(refused).toMatchObject({ statusCode: 403, code: 'account_invalid' });

  const twice = await stripe.oauth.deauthorize({ client_id: CLIENT_ID, stripe_user_id: account }).catch((error: unknown) => error);
  expect(twice).toBeInstanceOf(stripe.errors.StripeInvalidClientError);
});

test('a wrong secret key is refused with 401: StripeAuthenticationError, on the API and on connect alike', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const account = await connectAccount(server, stripe);
  const intruder = clientFor(server, 'sk_test_not_the_right_key_at_all');

  const api = await intruder.accounts.retrieve(account).catch((error: unknown) => error);
  expect(api).toBeInstanceOf(stripe.errors.StripeAuthenticationError);
  expect(api).toMatchObject({ statusCode: 401, rawType: 'authentication_error' });
  expect((api as Error).message).toContain('Invalid API Key provided: sk_test_');
  expect((api as Error).message).not.toContain('not_the_right_key');

  const connect = await intruder.oauth.deauthorize({ client_id: CLIENT_ID, stripe_user_id: account }).catch((error: unknown) => error);
  expect(connect).toBeInstanceOf(stripe.errors.StripeAuthenticationError);
  // The refused calls are recorded too, with what they asked.
  expect(server.calls.at(-1)).toMatchObject({ method: 'POST', path: '/oauth/deauthorize' });
});

test('the access token is a secret key of the connected account, refused once access is revoked', async () => {
  const server = await startServer();
  const stripe = clientFor(server);
  const page = await fetch(oauthAuthorizeUrl(stripe, server.url, { clientId: CLIENT_ID, state: 's', redirectUri: REDIRECT_URI }));
  const answer = await fetch(`${server.url}/oauth/authorize`, { method: 'POST', body: formFields(await page.text()), redirect: 'manual' });
  const code = new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const token = await stripe.oauth.token({ grant_type: 'authorization_code', code });

  const asAccount = clientFor(server, String(token.access_token));
  await expect(asAccount.accounts.retrieveCurrent()).resolves.toMatchObject({ id: token.stripe_user_id, business_profile: { name: 'Restaurant de test' } });
  await stripe.oauth.deauthorize({ client_id: CLIENT_ID, stripe_user_id: String(token.stripe_user_id) });
  await expect(asAccount.accounts.retrieveCurrent()).rejects.toBeInstanceOf(stripe.errors.StripeAuthenticationError);
});
