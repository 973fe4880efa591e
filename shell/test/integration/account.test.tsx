/**
 * The account screens: 'Mot de passe oublié ?' on /signin, /forgot-password, /reset-password
 * (the recovery e-mail's link, read from the run's outbox), /confirm-email and /account, against the
 * run's local-supabase through the unmodified supabase-js.
 */
import { createClient } from '@supabase/supabase-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newOwner, withDb } from '../../../local-supabase/test/clients';
import { png } from '../../../local-supabase/test/images';
import { linkIn, outboxMails } from '../../../local-supabase/test/mails';
import { until } from '../../../local-supabase/test/until';
import { connect, renderApp, uniqueEmail } from '../render';
import { paste } from '../../../tooling/jest/paste';

const PASSWORD = 'secret-123';

async function freshOwner(signedIn: boolean) {
  const client = await connect();
  const email = uniqueEmail('compte');
  expect((await client.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  if (!signedIn) await client.auth.signOut({ scope: 'local' });
  return { client, email };
}

/** The link of the newest e-mail to `address`, once the server has written it. */
async function linkTo(address: string, prefix: string): Promise<string> {
  const mail = await until(
    () =>
      outboxMails(process.env.TEST_OUTBOX_DIR!)
        .filter((m) => m.to.includes(address))
        .pop(),
    (m) => m !== undefined,
    `un e-mail pour ${address}`,
  );
  return linkIn(mail!, prefix);
}
/** jsdom's origin is not an allowed redirect: the links lead to the site's pages (AUTH_SITE_URL, http://localhost:3000). */
const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

async function canSignIn(email: string, password: string) {
  const client = await connect();
  const { error } = await client.auth.signInWithPassword({ email, password });
  return error?.code ?? 'ok';
}

describe('forgotten password', () => {
  beforeEach(() => connect());

  it("links from /signin to /forgot-password with the typed address, and always answers 'Si un compte existe…'", async () => {
    renderApp('/signin');
    const user = userEvent.setup();
    const ghost = uniqueEmail('inconnu');
    await paste(user, screen.getByLabelText('Email'), ghost);
    await user.click(screen.getByRole('link', { name: 'Mot de passe oublié ?' }));
    expect(await screen.findByRole('heading', { name: 'Mot de passe oublié' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(ghost);
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText(/^Si un compte existe pour cette adresse, un e-mail vous a été envoyé/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/signin');
  });

  it('says clearly that a used or wrong link no longer works, and offers to ask again', async () => {
    renderApp('/reset-password?token_hash=nimporte-quoi&type=recovery');
    expect(await screen.findByRole('alert')).toHaveTextContent("Ce lien n'est plus valide : il a déjà servi ou il a expiré (il est valable 1 heure).");
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Nouveau mot de passe')).not.toBeInTheDocument();
  });

  it('opens the link of the e-mail, applies the sign-up rule in characters, then saves and goes to the dashboard signed in', async () => {
    const { client, email } = await freshOwner(false);
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/reset-password' })).error).toBeNull();
    const link = await linkTo(email, 'http://localhost:3000/reset-password?');
    await connect();
    renderApp(pathOf(link));
    const field = await screen.findByLabelText('Nouveau mot de passe');
    // The token left the address once it had served.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/reset-password$/));
    const user = userEvent.setup();
    const save = () => screen.getByRole('button', { name: 'Enregistrer le mot de passe' });
    await paste(user, field, '😀😀😀');
    expect(screen.getByTestId('password-counter')).toHaveTextContent('3/6');
    expect(save()).toBeDisabled();
    await paste(user, field, '      ', { replace: true });
    expect(screen.getByText('Le mot de passe ne peut pas contenir uniquement des espaces.')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await paste(user, field, 'nouveau-départ', { replace: true });
    await paste(user, screen.getByLabelText('Confirmer le mot de passe'), 'nouveau-depart');
    expect(screen.getByText('Les deux mots de passe ne correspondent pas.')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await paste(user, screen.getByLabelText('Confirmer le mot de passe'), 'nouveau-départ', { replace: true });
    await user.click(save());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(await screen.findByText('Votre mot de passe a été modifié. Vous êtes connecté.')).toBeInTheDocument();
    expect(await screen.findByTestId('user-email')).toHaveTextContent(email);
    expect(await canSignIn(email, 'nouveau-départ')).toBe('ok');
    expect(await canSignIn(email, PASSWORD)).toBe('invalid_credentials');
  });
});

describe('/account', () => {
  it('is reached from the header, refuses bad input in French without changing anything, and changes the password given the current one', async () => {
    const { email } = await freshOwner(true);
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Mon compte' }));
    expect(await screen.findByRole('heading', { name: 'Mon compte' })).toBeInTheDocument();
    expect(screen.getByTestId('account-email')).toHaveTextContent(email);

    await paste(user, screen.getByLabelText('Nouveau mot de passe'), '      ');
    await paste(user, screen.getByLabelText('Confirmer le nouveau mot de passe'), '      ');
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect((await screen.findAllByText('Le mot de passe ne peut pas contenir uniquement des espaces.')).length).toBeGreaterThan(0);

    // Another account's address, made by another client than the page's: answered as a free one
    // (Auth says nothing about other accounts); the change simply never completes.
    const other = uniqueEmail('occupee');
    const stranger = createClient(process.env.TEST_SUPABASE_URL!, process.env.TEST_SUPABASE_ANON_KEY!, { auth: { persistSession: false, autoRefreshToken: false } });
    expect((await stranger.auth.signUp({ email: other, password: PASSWORD })).error).toBeNull();
    await paste(user, screen.getByLabelText('Nouvelle adresse email'), other);
    await user.click(screen.getByRole('button', { name: 'Changer d’adresse' }));
    expect(
      await screen.findByText(`Un lien de confirmation a été envoyé à ${other}, et un autre à votre adresse actuelle. Votre adresse changera quand vous aurez ouvert les deux.`),
    ).toBeInTheDocument();

    // The current password is asked: a stolen session alone cannot change it.
    await paste(user, screen.getByLabelText('Nouveau mot de passe'), 'encore-un-autre', { replace: true });
    await paste(user, screen.getByLabelText('Confirmer le nouveau mot de passe'), 'encore-un-autre', { replace: true });
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Indiquez votre mot de passe actuel.')).toBeInTheDocument();
    await paste(user, screen.getByLabelText('Mot de passe actuel'), 'pas-le-bon');
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Le mot de passe actuel est incorrect.')).toBeInTheDocument();
    // Unchanged: the right current password below is still the old one.
    await paste(user, screen.getByLabelText('Mot de passe actuel'), PASSWORD, { replace: true });
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Votre mot de passe a été modifié.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveValue('');
    expect(await canSignIn(email, 'encore-un-autre')).toBe('ok');
  });

  it('sends a link to the new address and one to the current; /confirm-email makes the change once both are opened', async () => {
    const { email } = await freshOwner(true);
    renderApp('/account');
    const user = userEvent.setup();
    const next = uniqueEmail('nouvelle');
    await paste(user, await screen.findByLabelText('Nouvelle adresse email'), next);
    await user.click(screen.getByRole('button', { name: 'Changer d’adresse' }));
    expect(
      await screen.findByText(`Un lien de confirmation a été envoyé à ${next}, et un autre à votre adresse actuelle. Votre adresse changera quand vous aurez ouvert les deux.`),
    ).toBeInTheDocument();
    const toNew = await linkTo(next, 'http://localhost:3000/confirm-email?');
    const toCurrent = await linkTo(email, 'http://localhost:3000/confirm-email?');
    expect(await canSignIn(email, PASSWORD)).toBe('ok');

    await connect();
    renderApp(pathOf(toNew));
    expect(await screen.findByText('Lien accepté. Ouvrez maintenant le lien envoyé à votre autre adresse : le changement sera fait à ce moment-là.')).toBeInTheDocument();
    expect(await canSignIn(email, PASSWORD)).toBe('ok');

    await connect();
    renderApp(pathOf(toCurrent));
    expect(await screen.findByText(`Votre adresse email est désormais ${next}. Utilisez-la pour vous connecter.`)).toBeInTheDocument();
    expect(await canSignIn(next, PASSWORD)).toBe('ok');
  });
});

/** Whether the account signs in, from a client of its own (connect() would sign the page's out). */
async function signInElsewhere(email: string, password: string) {
  const other = createClient(process.env.TEST_SUPABASE_URL!, process.env.TEST_SUPABASE_ANON_KEY!, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await other.auth.signInWithPassword({ email, password });
  return error?.code ?? 'ok';
}

describe('deleting the account', () => {
  it('asks the password, says which restaurants go and which are left, then deletes the account and shows /signin', async () => {
    const { client, email } = await freshOwner(true);
    const userId = (await client.auth.getUser()).data.user!.id;
    const alone = (await client.from('restaurants').insert({ name: 'Le Seul Propriétaire' }).select('id').single()).data!.id;
    const shared = (await client.from('restaurants').insert({ name: 'Les Deux Associés' }).select('id').single()).data!.id;
    const partner = await newOwner('compte-associe');
    await withDb((db) => db.query(`insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, 'owner', $3)`, [partner.userId, shared, userId]));
    const photo = `${alone}/1-salle.png`;
    expect((await client.storage.from('restaurant-photos').upload(photo, png(), { contentType: 'image/png' })).error).toBeNull();
    const objects = (id: string) =>
      withDb(async (db) => (await db.query(`select name from storage.objects where bucket_id = 'restaurant-photos' and name like $1`, [`${id}/%`])).rows.map((r) => r.name as string));

    renderApp('/account');
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Votre mot de passe');
    await paste(user, field, 'pas-le-bon');
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte…' }));
    expect(await screen.findByText('Mot de passe incorrect')).toBeInTheDocument();
    expect(screen.queryByTestId('account-deletion-preview')).not.toBeInTheDocument();

    await paste(user, field, PASSWORD, { replace: true });
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte…' }));
    expect(await screen.findByTestId('account-deletion-deleted')).toHaveTextContent(/^Le Seul Propriétaire$/);
    expect(screen.getByTestId('account-deletion-left')).toHaveTextContent(/^Les Deux Associés$/);
    // Nothing is done before the confirmation.
    expect(await objects(alone)).toEqual([photo]);
    expect(await signInElsewhere(email, PASSWORD)).toBe('ok');

    await user.click(screen.getByRole('button', { name: 'Supprimer définitivement mon compte' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/signin$/));
    expect(await screen.findByText('Votre compte a été supprimé.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('user-email')).not.toBeInTheDocument());
    expect(await signInElsewhere(email, PASSWORD)).toBe('invalid_credentials');
    expect(await objects(alone)).toEqual([]);
    const left = await withDb(async (db) => ({
      restaurants: (await db.query('select id from public.restaurants where id = any($1::uuid[]) order by name', [[alone, shared]])).rows.map((r) => r.id as string),
      members: (await db.query('select user_id, role from public.restaurant_members where restaurant_id = $1', [shared])).rows,
    }));
    expect(left).toEqual({ restaurants: [shared], members: [{ user_id: partner.userId, role: 'owner' }] });
  });
});
