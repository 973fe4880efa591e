/**
 * The sign-in and sign-up messages that only a stack with other auth settings produces:
 * confirmation required, signups disabled, a rate limit of three failed sign-ins.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { launchStack, tempDataDir, type LaunchedStack } from '../../../local-supabase/test/launch';
import { connect, renderApp, uniqueEmail } from '../render';

// A stack of its own: these settings are the auth server's environment, while the run's stack keeps
// the deployed ones (signup on, no confirmation, a rate limit that no other file may trip).
let strict: LaunchedStack;
beforeAll(async () => {
  strict = await launchStack({
    dataDir: tempDataDir('shell-strict'),
    env: { AUTH_ENABLE_CONFIRMATIONS: '1', AUTH_ENABLE_SIGNUP: '0', LOCAL_SUPABASE_SEED: '0', AUTH_MAX_FAILED_SIGNINS: '3' },
  });
});
afterAll(async () => {
  await strict?.stop();
  if (strict) fs.rmSync(strict.dataDir, { recursive: true, force: true });
});
beforeEach(() => connect(strict));

async function fill(email: string, password: string) {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('Email'));
  await user.paste(email);
  await user.clear(screen.getByLabelText('Mot de passe'));
  await user.paste(password);
  return user;
}

async function signIn(email: string, password: string) {
  const user = await fill(email, password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

it('/signin maps email_not_confirmed', async () => {
  // Signup is disabled on this stack: the unconfirmed account is created in SQL.
  const email = uniqueEmail('unconfirmed');
  const pg = createRequire(path.resolve(__dirname, '../../../local-supabase/package.json'))('pg');
  const client = new pg.Client({ connectionString: strict.dbUrl });
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
  await signIn(email, 'secret-123');
  expect(await screen.findByRole('alert')).toHaveTextContent('Veuillez confirmer votre email avant de vous connecter.');
});

it('/signin maps over_request_rate_limit (429) after repeated failures', async () => {
  renderApp('/signin');
  const tooMany = 'Trop de tentatives. Veuillez patienter quelques minutes.';
  for (let attempt = 0; attempt < 6; attempt += 1) {
    await signIn('nobody@example.fr', `wrong-${attempt}`);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled());
    if (alert.textContent?.includes(tooMany)) return;
    expect(alert).toHaveTextContent('Email ou mot de passe incorrect.');
  }
  throw new Error('the rate limit never answered 429');
});

it('/signup maps signup_disabled', async () => {
  renderApp('/signup');
  const user = await fill(uniqueEmail('closed'), 'secret-123');
  await user.click(screen.getByRole('button', { name: /Créer mon compte|Création du compte/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent("L'inscription est temporairement désactivée.");
});
