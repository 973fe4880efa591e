import { AppProviders, initSupabase } from '@tablee/shared';
import { resetSupabaseForTests, stopSessionForTests } from '@tablee/shared/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { IntroPage } from '../../src/features/intro/components/IntroPage';
import { readOnboardingProgress } from '../../src/lib/onboardingProgress';
import { LocationProbe } from '../render';
import { signInNewOwner } from '../session';

function renderIntro() {
  const router = createMemoryRouter(
    [
      { path: '/onboarding/intro', element: <IntroPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: ['/onboarding/intro'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('intro', () => {
  it("promises the assistant, and 'Démarrer' creates an empty restaurant of the owner and opens its information step", async () => {
    const { client, userId } = await signInNewOwner();
    renderIntro();
    expect(screen.getByText(/assistant numérique .* en parlant comme vous/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Démarrer' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/onboarding\/[0-9a-f-]{36}\?etape=information$/));
    const id = screen.getByTestId('location').textContent!.split('/')[2].split('?')[0];
    const { data, error } = await client.from('restaurants').select('id, user_id, name').eq('id', id).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id, user_id: userId });
    expect(readOnboardingProgress()).toEqual({ restaurantId: id, step: 'information' });
  });

  it('a failed creation is logged and shown in French, and the owner stays on the page', async () => {
    // No session: the database refuses the insert.
    stopSessionForTests();
    resetSupabaseForTests();
    localStorage.clear();
    initSupabase({ url: process.env.TEST_SUPABASE_URL!, anonKey: process.env.TEST_SUPABASE_ANON_KEY! });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderIntro();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Démarrer' }));
      expect(await screen.findByText('Impossible de créer le restaurant. Veuillez réessayer.')).toBeInTheDocument();
      expect(logged).toHaveBeenCalledWith('Création du restaurant impossible', expect.anything());
      expect(screen.getByRole('button', { name: 'Démarrer' })).toBeEnabled();
      expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
  });
});
