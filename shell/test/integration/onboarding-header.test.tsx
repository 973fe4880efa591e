/**
 * The onboarding's header (issue 30, item 10): beside 'Ajout d'un nouveau restaurant', 'Quitter' goes
 * back to the dashboard (the wizard saves what it holds before the page changes: its own tests).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connect, renderApp, uniqueEmail } from '../render';

it("'Quitter' leaves the onboarding for the dashboard", async () => {
  const client = await connect();
  const email = uniqueEmail('quitter');
  expect((await client.auth.signUp({ email, password: 'secret-123' })).error).toBeNull();
  expect((await client.auth.signInWithPassword({ email, password: 'secret-123' })).error).toBeNull();
  renderApp('/onboarding/intro');
  expect(await screen.findByText("Ajout d'un nouveau restaurant")).toBeInTheDocument();
  const quit = screen.getByRole('link', { name: 'Quitter' });
  expect(quit).toHaveAttribute('href', '/dashboard');
  await userEvent.setup().click(quit);
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  expect(await screen.findByText('Aucun restaurant')).toBeInTheDocument();
});
