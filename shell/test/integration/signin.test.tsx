import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connect, renderApp } from '../render';
import { paste } from '../../../tooling/jest/paste';

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await paste(user, screen.getByLabelText('Email'), email, { replace: true });
  await paste(user, screen.getByLabelText('Mot de passe'), password, { replace: true });
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('/signin against local-supabase', () => {
  beforeEach(() => connect());

  it('asks for a required email (type email) and password, and links to sign-up', () => {
    renderApp('/signin');
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Mot de passe')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/signup');
  });

  it('maps invalid_credentials', async () => {
    renderApp('/signin');
    await submit('demo@tablee.fr', 'not-the-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou mot de passe incorrect.');
    expect(screen.getByTestId('location')).toHaveTextContent('/signin');
  });

  it('goes to /restaurants, i.e. the dashboard, after sign-in', async () => {
    renderApp('/signin');
    await submit('demo@tablee.fr', 'tablee-demo');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(await screen.findByRole('heading', { name: 'Mes Restaurants' })).toBeInTheDocument();
  });

  it('returns to the origin the guard remembered', async () => {
    renderApp('/signin', { from: '/dashboard?vue=liste' });
    await submit('demo@tablee.fr', 'tablee-demo');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard?vue=liste'));
  });
});
