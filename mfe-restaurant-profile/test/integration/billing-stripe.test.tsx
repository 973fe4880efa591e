/**
 * Facturation's 'Paiement en ligne' card against local-supabase. The reservation service's Stripe
 * routes need Stripe's keys, and no test of this package starts the service: a node:http server on a
 * free port stands for their HTTP contract (contract/src/payments.ts; the routes' own tests are
 * reservation-service's), its disconnect calling the real stripe_disconnect as the owner, as the
 * service does. The account row is the database's, written as the superuser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getSupabase } from '@tablee/domain';
import { getAppConfig, queryClient, RESERVATION_SERVICE_UNREACHABLE, setAppConfig } from '@tablee/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { client, env, withDb } from '../../../local-supabase/test/clients';
import { browserNavigation } from '../../src/features/billing/api/stripe';
import { ownerWithRestaurant, renderProfile } from '../render';

const NOT_CONFIGURED = "Le paiement en ligne n'est pas encore disponible sur cette installation. Vos clients règlent l'acompte par virement ou par le lien de paiement indiqué ci-dessous.";
const PITCH =
  "Encaissez l'acompte (ou les arrhes) en ligne, directement sur votre propre compte Stripe : le client paie par carte depuis sa page, la réservation passe en « Payée » toute seule, et les remboursements se font en un clic. Tablée ne conserve que l'identifiant de votre compte.";
const STRIPE_PAGE = 'https://connect.stripe.com/oauth/authorize?response_type=code&client_id=ca_test&state=etat-de-test';

/** What the stand-in answers, and what it was asked. */
const service = { configured: true, connectRefusal: null as null | { status: number; code: string; message: string } };
const asked: { method: string; path: string; authorization: string | undefined }[] = [];
let server: http.Server;
let apiUrl: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    asked.push({ method: request.method ?? '', path, authorization: request.headers.authorization });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const route = /^\/api\/restaurants\/([0-9a-f-]{36})\/stripe\/(connect|disconnect)$/.exec(path);
    if (request.method === 'GET' && path === '/api/stripe/status') return send(200, { configured: service.configured });
    if (request.method !== 'POST' || !route) return send(404, { code: 'not_found', field: null, message: 'Introuvable' });
    const authorization = request.headers.authorization;
    if (!authorization?.startsWith('Bearer ')) return send(401, { code: 'unauthorized', field: null, message: 'Session invalide' });
    const [, restaurantId, action] = route;
    if (action === 'connect') {
      if (service.connectRefusal) return send(service.connectRefusal.status, { code: service.connectRefusal.code, field: null, message: service.connectRefusal.message });
      return send(200, { url: STRIPE_PAGE });
    }
    // As the service: public.stripe_disconnect as the owner whose token came (the database checks they are one).
    void client(env.anonKey, env.url, { Authorization: authorization })
      .rpc('stripe_disconnect', { p_restaurant_id: restaurantId })
      .then(({ data, error }) => (error ? send(error.code === '42501' ? 403 : 500, { code: 'owners_only', field: null, message: error.message }) : send(200, { disconnected: Boolean(data) })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => jest.restoreAllMocks());

/** A fresh owner and restaurant, the app's config pointing at the stand-in, an empty cache. */
async function owner(configured: boolean) {
  const { restaurantId } = await ownerWithRestaurant();
  setAppConfig({ ...getAppConfig(), reservationApiUrl: apiUrl });
  queryClient.clear();
  service.configured = configured;
  service.connectRefusal = null;
  asked.length = 0;
  return restaurantId;
}

/** The card, found by its heading. */
async function stripeCard(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: 'Paiement en ligne', level: 2 });
  return heading.closest<HTMLElement>('section')!;
}

const accessToken = async () => (await getSupabase().auth.getSession()).data.session!.access_token;

it('not configured: says so, and offers no button', async () => {
  const restaurantId = await owner(false);
  renderProfile(`/restaurants/${restaurantId}/billing`);
  const card = await stripeCard();
  expect(await within(card).findByText(NOT_CONFIGURED)).toBeInTheDocument();
  expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  expect(asked.map((a) => `${a.method} ${a.path}`)).toEqual(['GET /api/stripe/status']);
});

it("configured, no account: 'Connecter mon compte Stripe' calls connect with the owner's token and goes to Stripe's page", async () => {
  const user = userEvent.setup({ delay: null });
  const restaurantId = await owner(true);
  const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  renderProfile(`/restaurants/${restaurantId}/billing`);
  const card = await stripeCard();
  expect(await within(card).findByText(PITCH)).toBeInTheDocument();
  const connect = within(card).getByRole('button', { name: 'Connecter mon compte Stripe' });
  await user.click(connect);
  await waitFor(() => expect(assign).toHaveBeenCalledWith(STRIPE_PAGE));
  expect(assign).toHaveBeenCalledTimes(1);
  expect(asked.filter((a) => a.method === 'POST')).toEqual([{ method: 'POST', path: `/api/restaurants/${restaurantId}/stripe/connect`, authorization: `Bearer ${await accessToken()}` }]);
  // The browser is leaving: the button stays busy.
  expect(connect).toHaveClass('ant-btn-loading');
});

it("a refused connect shows the service's French message, and the button again", async () => {
  const user = userEvent.setup({ delay: null });
  const restaurantId = await owner(true);
  service.connectRefusal = {
    status: 409,
    code: 'not_configured',
    message: 'Le paiement en ligne n’est pas configuré sur ce serveur : le virement et le lien de paiement restent proposés à vos clients.',
  };
  const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  renderProfile(`/restaurants/${restaurantId}/billing`);
  const card = await stripeCard();
  await user.click(await within(card).findByRole('button', { name: 'Connecter mon compte Stripe' }));
  expect(await within(card).findByRole('alert')).toHaveTextContent(
    'Erreur API 409: Le paiement en ligne n’est pas configuré sur ce serveur : le virement et le lien de paiement restent proposés à vos clients.',
  );
  expect(within(card).getByRole('button', { name: 'Connecter mon compte Stripe' })).not.toHaveClass('ant-btn-loading');
  expect(assign).not.toHaveBeenCalled();
});

it("a connected account: its name, id and date; 'Déconnecter', confirmed, calls disconnect and the card goes back", async () => {
  const user = userEvent.setup({ delay: null });
  const restaurantId = await owner(true);
  await withDb((db) =>
    db.query(`insert into public.restaurant_stripe_accounts (restaurant_id, account_id, account_name, connected_at) values ($1, 'acct_1BouchonTest', 'Le Bouchon SAS', '2026-11-25T10:00:00Z')`, [
      restaurantId,
    ]),
  );
  renderProfile(`/restaurants/${restaurantId}/billing`);
  const card = await stripeCard();
  expect(await within(card).findByText('Le Bouchon SAS')).toBeInTheDocument();
  expect(card).toHaveTextContent('Compte Stripe connecté : Le Bouchon SAS');
  expect(within(card).getByText('acct_1BouchonTest')).toBeInTheDocument();
  expect(within(card).getByText('Connecté le 25/11/2026')).toBeInTheDocument();

  await user.click(within(card).getByRole('button', { name: 'Déconnecter' }));
  const question = await screen.findByText('Déconnecter ce compte Stripe ? Les paiements déjà reçus restent enregistrés ; vos clients ne pourront plus payer en ligne.');
  const popconfirm = question.closest<HTMLElement>('.ant-popconfirm')!;
  expect(within(popconfirm).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  await user.click(within(popconfirm).getByRole('button', { name: 'Déconnecter' }));

  expect(await within(card).findByRole('button', { name: 'Connecter mon compte Stripe' })).toBeInTheDocument();
  expect(within(card).queryByText('Le Bouchon SAS')).not.toBeInTheDocument();
  expect(asked.filter((a) => a.method === 'POST')).toEqual([{ method: 'POST', path: `/api/restaurants/${restaurantId}/stripe/disconnect`, authorization: `Bearer ${await accessToken()}` }]);
  expect((await getSupabase().from('restaurant_stripe_accounts').select('account_id').eq('restaurant_id', restaurantId)).data).toEqual([]);
});

it("back from Stripe: '?stripe=connected' says so once, and leaves the address", async () => {
  const restaurantId = await owner(true);
  const { router } = renderProfile(`/restaurants/${restaurantId}/billing?stripe=connected`);
  expect(await screen.findByText('Votre compte Stripe est connecté.')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(router.state.location.pathname).toBe(`/restaurants/${restaurantId}/billing`);
  expect(screen.getAllByText('Votre compte Stripe est connecté.')).toHaveLength(1);
});

it("back from Stripe: '?stripe=error' shows the failure in the card, '?stripe=declined' that it was cancelled", async () => {
  const restaurantId = await owner(true);
  const first = renderProfile(`/restaurants/${restaurantId}/billing?stripe=error`);
  const card = await stripeCard();
  expect(await within(card).findByRole('alert')).toHaveTextContent('La connexion à Stripe a échoué. Réessayez.');
  await waitFor(() => expect(first.router.state.location.search).toBe(''));
  // Still shown once the address has lost it.
  expect(within(card).getByRole('alert')).toHaveTextContent('La connexion à Stripe a échoué. Réessayez.');
  first.unmount();

  const second = renderProfile(`/restaurants/${restaurantId}/billing?stripe=declined`);
  expect(await screen.findByText('Connexion à Stripe annulée.')).toBeInTheDocument();
  await waitFor(() => expect(second.router.state.location.search).toBe(''));
});

it('the service unreachable: the kernel’s message', async () => {
  const restaurantId = await owner(true);
  // Nothing listens there (render.tsx's address for the service).
  setAppConfig({ ...getAppConfig(), reservationApiUrl: 'http://127.0.0.1:9/api' });
  renderProfile(`/restaurants/${restaurantId}/billing`);
  const card = await stripeCard();
  expect(await within(card).findByText(RESERVATION_SERVICE_UNREACHABLE, undefined, { timeout: 10_000 })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
});
