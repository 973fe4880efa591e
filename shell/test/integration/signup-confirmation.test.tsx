/**
 * Sign-up with confirmations on (AUTH_ENABLE_CONFIRMATIONS, hosted Supabase's default), on a stack of its
 * own: 'Vérifiez votre boîte mail' after sign-up, the link's page /confirm-signup, and at sign-in
 * email_not_confirmed explained with 'Renvoyer l'e-mail'.
 */
import { createClient } from '@supabase/supabase-js';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fs from 'node:fs';
import path from 'node:path';
import { launchStack, tempDataDir, type LaunchedStack } from '../../../local-supabase/test/launch';
import { linkIn, outboxMails } from '../../../local-supabase/test/mails';
import { until } from '../../../local-supabase/test/until';
import { paste } from '../../../tooling/jest/paste';
import { connect, renderApp, uniqueEmail } from '../render';

const PASSWORD = 'secret-123';
let stack: LaunchedStack;
let outbox: string;
beforeAll(async () => {
  outbox = path.join(tempDataDir('shell-confirm-outbox'), 'outbox');
  stack = await launchStack({
    dataDir: tempDataDir('shell-confirm'),
    env: { AUTH_ENABLE_CONFIRMATIONS: 'true', LOCAL_SUPABASE_SEED: 'false', OUTBOX_DIR: outbox, AUTH_EMAIL_MIN_INTERVAL: '0' },
  });
});
afterAll(async () => {
  await stack?.stop();
  if (stack) fs.rmSync(stack.dataDir, { recursive: true, force: true });
});
beforeEach(() => connect(stack));

const mailsTo = (address: string) => outboxMails(outbox).filter((m) => m.to.includes(address));
async function linkTo(address: string, count = 1): Promise<string> {
  const mail = await until(
    () => mailsTo(address)[count - 1],
    (m) => m !== undefined,
    `${count} e-mail(s) pour ${address}`,
  );
  return linkIn(mail!, 'http://localhost:3000/confirm-signup?');
}
const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

it("after sign-up says 'Vérifiez votre boîte mail'; the e-mail's link confirms the address and signs in", async () => {
  renderApp('/signup');
  const user = userEvent.setup();
  const email = uniqueEmail('inscrit');
  await paste(user, screen.getByLabelText('Email'), email);
  await paste(user, screen.getByLabelText('Mot de passe'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
  expect(await screen.findByRole('heading', { name: 'Vérifiez votre boîte mail' })).toBeInTheDocument();
  expect(screen.getByText(`Un lien de confirmation a été envoyé à ${email}. Ouvrez-le pour activer votre compte ; il est valable 1 heure.`)).toBeInTheDocument();
  const link = await linkTo(email);

  await connect(stack);
  renderApp(pathOf(link));
  expect(await screen.findByText('Votre adresse email est confirmée. Vous êtes connecté.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Aller au tableau de bord' })).toHaveAttribute('href', '/dashboard');
});

it("explains email_not_confirmed at sign-in and sends the link again with 'Renvoyer l'e-mail'", async () => {
  const email = uniqueEmail('pas-confirme');
  const other = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  expect((await other.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  await linkTo(email);
  renderApp('/signin');
  const user = userEvent.setup();
  await paste(user, screen.getByLabelText('Email'), email);
  await paste(user, screen.getByLabelText('Mot de passe'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Veuillez confirmer votre email avant de vous connecter.');
  expect(alert).toHaveTextContent('Ouvrez le lien de l’e-mail de confirmation reçu après votre inscription.');
  await user.click(screen.getByRole('button', { name: 'Renvoyer l’e-mail' }));
  expect(await screen.findByText(`Un nouveau lien de confirmation a été envoyé à ${email}.`)).toBeInTheDocument();
  const link = await linkTo(email, 2);
  await connect(stack);
  renderApp(pathOf(link));
  expect(await screen.findByText('Votre adresse email est confirmée. Vous êtes connecté.')).toBeInTheDocument();
});
