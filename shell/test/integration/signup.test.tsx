import { sessionAtom, tableeStore } from '@tablee/shared';
import { getSupabase } from '@tablee/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connect, renderApp, uniqueEmail } from '../render';
import { paste } from '../../../tooling/jest/paste';
import { signUpErrorMessage } from '../../src/features/auth/api/authErrors';

const submitButton = () => screen.getByRole('button', { name: /Créer mon compte|Création du compte/ });

async function fill(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await paste(user, screen.getByLabelText('Email'), email);
  if (password) await paste(user, screen.getByLabelText('Mot de passe'), password);
  return user;
}

describe('/signup against local-supabase', () => {
  beforeEach(() => connect());

  it('shows the live counter n/6, then ✓ Mot de passe valide', async () => {
    renderApp('/signup');
    expect(screen.getByRole('heading', { name: 'Créer un compte' })).toBeInTheDocument();
    expect(screen.getByTestId('password-counter')).toHaveTextContent('0/6');
    const user = await fill('', 'abc');
    expect(screen.getByTestId('password-counter')).toHaveTextContent('3/6');
    expect(screen.queryByText('✓ Mot de passe valide')).not.toBeInTheDocument();
    await paste(user, screen.getByLabelText('Mot de passe'), 'def');
    expect(screen.getByText('✓ Mot de passe valide')).toBeInTheDocument();
    expect(screen.queryByTestId('password-counter')).not.toBeInTheDocument();
  });

  it('counts characters, not UTF-16 units, and refuses a password of spaces only', async () => {
    renderApp('/signup');
    const user = await fill('a@b.fr', '😀😀😀');
    expect(screen.getByTestId('password-counter')).toHaveTextContent('3/6');
    expect(submitButton()).toBeDisabled();
    await user.clear(screen.getByLabelText('Mot de passe'));
    await paste(user, screen.getByLabelText('Mot de passe'), '      ');
    expect(screen.getByText('Le mot de passe ne peut pas contenir uniquement des espaces.')).toBeInTheDocument();
    expect(screen.queryByText('✓ Mot de passe valide')).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await paste(user, screen.getByLabelText('Mot de passe'), 'a');
    expect(screen.getByText('✓ Mot de passe valide')).toBeInTheDocument();
  });

  it('disables submit while the password is short or the email empty', async () => {
    renderApp('/signup');
    expect(submitButton()).toBeDisabled();
    const user = await fill('', 'abcdef');
    expect(submitButton()).toBeDisabled();
    await paste(user, screen.getByLabelText('Email'), 'a@b.fr');
    expect(submitButton()).toBeEnabled();
    await user.type(screen.getByLabelText('Mot de passe'), '{Backspace}');
    expect(submitButton()).toBeDisabled();
  });

  it('creates the account without signing in, then shows the message and the email on /signin', async () => {
    renderApp('/signup');
    const email = uniqueEmail('new');
    const user = await fill(email, 'secret-123');
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/signin$/));
    expect(screen.getByText('Compte créé avec succès ! Vous pouvez maintenant vous connecter.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(email);
    expect(tableeStore.get(sessionAtom)).toBeNull();
    expect((await getSupabase().auth.getSession()).data.session).toBeNull();
  });

  it('disables submit while the request is pending', async () => {
    renderApp('/signup');
    const user = await fill(uniqueEmail('pending'), 'secret-123');
    const click = user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('button', { name: /Création du compte/ })).toBeDisabled());
    await click;
  });

  it('maps user_already_exists', async () => {
    renderApp('/signup');
    const user = await fill('demo@tablee.fr', 'whatever-123');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Un compte existe déjà avec cette adresse email.');
  });

  it('the refusal of an address goes once the address is changed', async () => {
    renderApp('/signup');
    const user = await fill('demo@tablee.fr', 'whatever-123');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Un compte existe déjà avec cette adresse email.');
    await paste(user, screen.getByLabelText('Email'), uniqueEmail('other'), { replace: true });
    expect(screen.queryByText('Un compte existe déjà avec cette adresse email.')).not.toBeInTheDocument();
  });

  it('maps validation_failed (an address the server refuses)', async () => {
    renderApp('/signup');
    const user = await fill('someone@localhost', 'secret-123');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Adresse email invalide.');
  });

  it('refuses a password over 72 bytes (accented letters count twice) with its own message, and creates no account', async () => {
    renderApp('/signup');
    const email = uniqueEmail('long');
    const user = await fill(email, 'é'.repeat(37)); // 37 characters, 74 bytes
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Le mot de passe ne doit pas dépasser 72 caractères (une lettre accentuée compte pour deux).');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/signup$/);
    expect((await getSupabase().auth.signInWithPassword({ email, password: 'é'.repeat(36) })).error?.code).toBe('invalid_credentials');
  });

  it('maps weak_password from the real answer (the form never sends a short password)', async () => {
    const { error } = await getSupabase().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(error?.code).toBe('weak_password');
    expect(signUpErrorMessage(error)).toBe('Le mot de passe doit contenir au moins 6 caractères.');
  });
});
