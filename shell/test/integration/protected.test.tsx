import { initSupabase, startSession } from '@tablee/shared';
import { resetSupabaseForTests, stopSessionForTests } from '@tablee/shared/testing';
import { getSupabase } from '@tablee/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connect, renderApp, uniqueEmail } from '../render';
import { paste } from '../../../tooling/jest/paste';

async function signInFreshOwner() {
  const client = await connect();
  const email = uniqueEmail('owner');
  const signUp = await client.auth.signUp({ email, password: 'secret-123' });
  expect(signUp.error).toBeNull();
  const signIn = await client.auth.signInWithPassword({ email, password: 'secret-123' });
  expect(signIn.error).toBeNull();
  return { client, email, userId: signIn.data.user!.id };
}

describe('guard', () => {
  it("shows 'Vérification de la session...', sends a signed-out visitor to /signin, and back after sign-in", async () => {
    stopSessionForTests();
    resetSupabaseForTests();
    localStorage.clear();
    initSupabase({ url: process.env.TEST_SUPABASE_URL!, anonKey: process.env.TEST_SUPABASE_ANON_KEY! });
    renderApp('/dashboard?vue=liste');
    expect(screen.getByText('Vérification de la session...')).toBeInTheDocument();
    await act(() => startSession());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/signin$/));
    const user = userEvent.setup();
    await paste(user, screen.getByLabelText('Email'), 'demo@tablee.fr');
    await paste(user, screen.getByLabelText('Mot de passe'), 'tablee-demo');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard?vue=liste'));
  });

  it('redirects / to /dashboard', async () => {
    await signInFreshOwner();
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });
});

describe('layout and dashboard', () => {
  it("shows the header, the empty state 'Aucun restaurant', and signs out", async () => {
    const { email } = await signInFreshOwner();
    renderApp('/dashboard');
    expect(await screen.findByText('Aucun restaurant')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByTestId('user-email')).toHaveTextContent(email);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/signin$/));
    expect((await getSupabase().auth.getSession()).data.session).toBeNull();
  });

  it("lists the owner's restaurants, 'Restaurant sans nom' for a nameless one, and opens onboarding", async () => {
    const { client, userId } = await signInFreshOwner();
    const named = await client.from('restaurants').insert({ name: 'Le Bistrot', address: '3 place du Marché, Lyon' }).select('id').single();
    const nameless = await client.from('restaurants').insert({}).select('id').single();
    expect(named.error).toBeNull();
    renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: 'Le Bistrot' });
    expect(link).toHaveAttribute('href', `/restaurants/${named.data!.id}`);
    const card = link.closest<HTMLElement>('[data-testid="restaurant-card"]')!;
    expect(within(card).getByText('3 place du Marché, Lyon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Restaurant sans nom' })).toHaveAttribute('href', `/restaurants/${nameless.data!.id}`);
    expect(userId).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ajouter un restaurant' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/onboarding/intro'));
    expect(screen.getByText("Ajout d'un nouveau restaurant")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Se déconnecter' })).not.toBeInTheDocument();
  });
});

describe('restaurant area', () => {
  it('redirects to …/information and shows both sidebar sections with the active item marked', async () => {
    const { client } = await signInFreshOwner();
    const { data } = await client.from('restaurants').insert({ name: 'Chez Paul' }).select('id').single();
    renderApp(`/restaurants/${data!.id}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/restaurants/${data!.id}/information`));
    const nav = await screen.findByRole('navigation', { name: 'Menu du restaurant' });
    expect(within(nav).getByRole('heading', { name: 'Gestion du restaurant' })).toBeInTheDocument();
    expect(within(nav).getByRole('heading', { name: 'Gestion opérationnelle' })).toBeInTheDocument();
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual([
      'Informations',
      'Photos',
      'Horaires & Fonctionnement',
      'Menus',
      'Options',
      'CGV',
      'F.A.Q',
      'Facturation',
      'Votre assistant',
      'Équipe',
      'Réservations',
      'Planning',
      'Conversations',
      'Statistiques',
      'Clients',
    ]);
    expect(within(nav).getByRole('link', { name: 'Informations' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Conversations' })).toHaveAttribute('href', `/restaurants/${data!.id}/operational/conversations`);
    expect(within(nav).getByRole('link', { name: 'Statistiques' })).toHaveAttribute('href', `/restaurants/${data!.id}/operational/statistics`);
    expect(within(nav).getByRole('link', { name: 'Clients' })).toHaveAttribute('href', `/restaurants/${data!.id}/operational/clients`);
    // No remote is registered in this test: the area shows the French error with 'Réessayer', the shell keeps working.
    expect(await screen.findByText('Cette section est momentanément indisponible.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tableau de bord' })).toBeInTheDocument();
  });

  it("sends an unknown or another owner's restaurant back to /dashboard", async () => {
    // The demo owner's restaurants exist but belong to someone else.
    const demo = await connect();
    await demo.auth.signInWithPassword({ email: 'demo@tablee.fr', password: 'tablee-demo' });
    const { data: theirs } = await demo.from('restaurants').select('id').limit(1).single();
    await signInFreshOwner();
    renderApp(`/restaurants/${theirs!.id}/photos`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });

  it('sends a malformed restaurant id back to /dashboard', async () => {
    await signInFreshOwner();
    renderApp('/restaurants/pas-un-uuid');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });
});
