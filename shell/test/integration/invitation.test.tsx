/**
 * The invitation link (issue 33) with Auth's confirmations on, on a stack of its own: opened signed out
 * it says what it is; 'Créer mon compte' carries the invited address to /signup; the confirmation
 * e-mail's link signs the account in and comes back to the invitation, which joins the team once and
 * opens the restaurant. A link already used says so.
 */
import { createClient } from '@supabase/supabase-js';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { withDb } from '../../../local-supabase/test/clients';
import { launchStack, tempDataDir, type LaunchedStack } from '../../../local-supabase/test/launch';
import { linkIn, outboxMails } from '../../../local-supabase/test/mails';
import { until } from '../../../local-supabase/test/until';
import { paste } from '../../../tooling/jest/paste';
import { connect, renderApp, uniqueEmail } from '../render';

const PASSWORD = 'secret-123';
const PENDING_KEY = 'tablee.pending-invitation';
let stack: LaunchedStack;
let outbox: string;
beforeAll(async () => {
  outbox = path.join(tempDataDir('shell-invitation-outbox'), 'outbox');
  stack = await launchStack({
    dataDir: tempDataDir('shell-invitation'),
    env: { AUTH_ENABLE_CONFIRMATIONS: 'true', LOCAL_SUPABASE_SEED: 'false', OUTBOX_DIR: outbox, AUTH_EMAIL_MIN_INTERVAL: '0' },
  });
});
afterAll(async () => {
  await stack?.stop();
  if (stack) fs.rmSync(stack.dataDir, { recursive: true, force: true });
});
beforeEach(() => connect(stack));

const sql = (text: string, values: unknown[] = []) => withDb(async (db) => (await db.query(text, values)).rows, stack.dbUrl);

/** An owner (confirmed by the superuser: their own sign-up is not under test) with a restaurant, and an invitation's link as the sender draws it. */
async function invitation(email: string): Promise<{ restaurantId: string; token: string }> {
  const owner = { email: uniqueEmail('proprio'), password: PASSWORD };
  const c = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  expect((await c.auth.signUp(owner)).error).toBeNull();
  await sql('update auth.users set email_confirmed_at = now() where email = $1', [owner.email]);
  expect((await c.auth.signInWithPassword(owner)).error).toBeNull();
  const { data: restaurant } = await c.from('restaurants').insert({ name: 'Chez Équipe' }).select('id').single();
  const { data: invited, error } = await c.rpc('invite_member', { p_restaurant_id: restaurant!.id, p_email: email, p_role: 'manager' });
  expect(error).toBeNull();
  const token = randomBytes(32).toString('base64url');
  const admin = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  expect((await admin.rpc('issue_invitation_token', { p_invitation_id: (invited as { id: string }).id, p_token_hash: createHash('sha256').update(token).digest('hex') })).error).toBeNull();
  return { restaurantId: restaurant!.id as string, token };
}

it('signs up from the link, confirms the address, comes back to the invitation and joins; the link then says it was used', async () => {
  const email = uniqueEmail('gerant');
  const { restaurantId, token } = await invitation(email);
  const opened = renderApp(`/invitation/${token}`);
  expect(
    await screen.findByText((_, el) => el?.tagName === 'P' && /Vous êtes invité·e à rejoindre l’équipe de Chez Équipe en tant que gérant, avec l’adresse/.test(el.textContent ?? '')),
  ).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
  expect(await screen.findByRole('heading', { name: 'Créer un compte' })).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveValue(email);
  await paste(user, screen.getByLabelText('Mot de passe'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
  expect(await screen.findByRole('heading', { name: 'Vérifiez votre boîte mail' })).toBeInTheDocument();

  const mail = await until(
    () => outboxMails(outbox).find((m) => m.to.includes(email)),
    (m) => m !== undefined,
    `l’e-mail de confirmation de ${email}`,
  );
  const link = linkIn(mail!, 'http://localhost:3000/confirm-signup?').replace(/^https?:\/\/[^/]+/, '');
  // The same browser opens the e-mail's link (another tab: no session yet, the same storage).
  const kept = localStorage.getItem(PENDING_KEY);
  expect(kept).toBe(`/invitation/${token}`);
  opened.unmount();
  await connect(stack);
  localStorage.setItem(PENDING_KEY, kept!);
  const confirmed = renderApp(link);
  await until(
    () => screen.getByTestId('location').textContent,
    (where) => where === `/restaurants/${restaurantId}/operational/reservations`,
    'le restaurant ouvert',
  );
  expect(await sql('select m.role from public.restaurant_members m join auth.users u on u.id = m.user_id where m.restaurant_id = $1 and u.email = $2', [restaurantId, email])).toEqual([
    { role: 'manager' },
  ]);
  expect(localStorage.getItem(PENDING_KEY)).toBeNull();

  confirmed.unmount();
  await connect(stack);
  renderApp(`/invitation/${token}`);
  expect(await screen.findByText('Ce lien d’invitation a déjà été utilisé.')).toBeInTheDocument();
});

it('refuses, in French, a link opened by another signed-in account, and offers to sign out', async () => {
  const { token } = await invitation(uniqueEmail('destinataire'));
  const other = { email: uniqueEmail('autre'), password: PASSWORD };
  const c = await connect(stack);
  expect((await c.auth.signUp(other)).error).toBeNull();
  await sql('update auth.users set email_confirmed_at = now() where email = $1', [other.email]);
  expect((await c.auth.signInWithPassword(other)).error).toBeNull();
  renderApp(`/invitation/${token}`);
  expect(await screen.findByText(/Cette invitation a été envoyée à une autre adresse e-mail que celle de votre compte/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Me déconnecter' })).toBeInTheDocument();
});
