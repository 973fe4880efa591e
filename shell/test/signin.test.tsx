import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRequire } from 'node:module';
import path from 'node:path';
import { connect, renderApp, uniqueEmail } from './render';

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), email);
  await user.clear(screen.getByLabelText('Mot de passe'));
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('/signin against local-supabase', () => {
  beforeEach(() => connect('main'));

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

describe('/signin errors of a stack that requires confirmation', () => {
  beforeEach(() => connect('strict'));

  it('maps email_not_confirmed', async () => {
    // Signup is disabled on this stack: the unconfirmed account is created in SQL.
    const email = uniqueEmail('unconfirmed');
    const pg = createRequire(path.resolve(__dirname, '../../local-supabase/package.json'))('pg');
    const client = new pg.Client({ connectionString: process.env.SHELL_TEST_STRICT_DB_URL });
    await client.connect();
    try {
      await client.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data,
                                 confirmation_token, recovery_token, email_change_token_new, email_change)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
                 extensions.crypt('secret-123', extensions.gen_salt('bf', 4)), now(), '{"provider":"email","providers":["email"]}', '{}', '', '', '', '')`,
        [email],
      );
    } finally {
      await client.end();
    }
    renderApp('/signin');
    await submit(email, 'secret-123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Veuillez confirmer votre email avant de vous connecter.');
  });

  it('maps over_request_rate_limit (429) after repeated failures', async () => {
    renderApp('/signin');
    const tooMany = 'Trop de tentatives. Veuillez patienter quelques minutes.';
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await submit('nobody@example.fr', `wrong-${attempt}`);
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled());
      if (alert.textContent?.includes(tooMany)) return;
      expect(alert).toHaveTextContent('Email ou mot de passe incorrect.');
    }
    throw new Error('the rate limit never answered 429');
  });
});
