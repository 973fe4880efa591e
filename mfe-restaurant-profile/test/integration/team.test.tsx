/** 'Équipe' (issue 33): an owner invites an address with a role, sees it pending, cancels it; the last owner is kept, said in French. */
import { getSupabase } from '@tablee/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash, randomBytes } from 'node:crypto';
import { service } from '../../../local-supabase/test/clients';
import { OWNER_PASSWORD, ownerWithRestaurant, renderProfile } from '../render';

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.fr`;

it('invites an address (checked by the form), lists it as pending with its role, and cancels it', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId, email: ownerEmail } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/team`);
  await screen.findByRole('heading', { name: 'Équipe', level: 1 });
  const members = await screen.findByTestId('team-members');
  expect(within(members).getByText(ownerEmail)).toBeInTheDocument();
  expect(within(members).getByText('Propriétaire')).toBeInTheDocument();
  expect(screen.getByText('Aucune invitation en attente.')).toBeInTheDocument();

  // The form checks the address before anything is sent.
  await user.type(screen.getByLabelText('Adresse e-mail'), 'pas-une-adresse');
  await user.click(screen.getByRole('button', { name: 'Inviter' }));
  expect(await screen.findByText('Adresse e-mail invalide')).toBeInTheDocument();
  expect((await getSupabase().from('restaurant_invitations').select('id').eq('restaurant_id', restaurantId)).data).toEqual([]);

  const email = uniqueEmail('invite');
  await user.clear(screen.getByLabelText('Adresse e-mail'));
  await user.type(screen.getByLabelText('Adresse e-mail'), email);
  // Role: Propriétaire instead of the default Gérant.
  await user.click(screen.getByLabelText('Rôle'));
  await user.click(await screen.findByTitle('Propriétaire'));
  await user.click(screen.getByRole('button', { name: 'Inviter' }));
  expect(await screen.findByText(`Invitation envoyée à ${email}.`)).toBeInTheDocument();
  const invitations = await screen.findByTestId('team-invitations');
  expect(within(invitations).getByText(email)).toBeInTheDocument();
  expect(within(invitations).getByText('Propriétaire')).toBeInTheDocument();
  expect(within(invitations).getByText(/^Invité le \d{2}\/\d{2}\/\d{4} par .+ · lien valable jusqu’au \d{2}\/\d{2}\/\d{4}$/)).toBeInTheDocument();
  // The form is ready for the next one.
  expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('');

  // The same address again: the database's French refusal.
  await user.type(screen.getByLabelText('Adresse e-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Inviter' }));
  expect(await screen.findByText('Une invitation est déjà en attente pour cette adresse')).toBeInTheDocument();

  await user.click(within(invitations).getByRole('button', { name: `Annuler l’invitation de ${email}` }));
  await user.click(await screen.findByRole('button', { name: 'Annuler l’invitation' }));
  expect(await screen.findByText(`L’invitation de ${email} a été annulée.`)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('Aucune invitation en attente.')).toBeInTheDocument());
});

it('keeps the last owner: demoting them is refused in French', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId, email } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/team`);
  const members = await screen.findByTestId('team-members');
  const me = (await within(members).findByText(email)).closest('li')!;
  await user.click(within(me).getByRole('button', { name: /Changer le rôle/ }));
  await user.click(await screen.findByRole('button', { name: 'Changer' }));
  expect(await screen.findByText('Le restaurant doit garder au moins un propriétaire : nommez d’abord un autre propriétaire.')).toBeInTheDocument();
  expect(within(me).getByText('Propriétaire')).toBeInTheDocument();
});

/** An owner's restaurant, and the one client signed in as a manager of it who joined by the invitation's link. */
async function asManager(): Promise<{ restaurantId: string }> {
  const { restaurantId } = await ownerWithRestaurant();
  const email = uniqueEmail('gerant');
  const client = getSupabase();
  const invited = await client.rpc('invite_member', { p_restaurant_id: restaurantId, p_email: email, p_role: 'manager' });
  expect(invited.error).toBeNull();
  // The link as the reservation service's sender draws it.
  const token = randomBytes(32).toString('base64url');
  const issued = await service().rpc('issue_invitation_token', { p_invitation_id: (invited.data as { id: string }).id, p_token_hash: createHash('sha256').update(token).digest('hex') });
  expect(issued.error).toBeNull();
  await client.auth.signOut();
  expect((await client.auth.signUp({ email, password: OWNER_PASSWORD })).error).toBeNull();
  expect((await client.auth.signInWithPassword({ email, password: OWNER_PASSWORD })).error).toBeNull();
  expect((await client.rpc('accept_invitation', { p_token: token })).data).toBe(restaurantId);
  return { restaurantId };
}

it('refuses Facturation and Équipe, opened by their address, to a manager, in French', async () => {
  const { restaurantId } = await asManager();
  for (const page of ['billing', 'team']) {
    const { unmount } = renderProfile(`/restaurants/${restaurantId}/${page}`);
    expect(await screen.findByText('Cette page est réservée aux propriétaires du restaurant.')).toBeInTheDocument();
    expect(screen.getByText('Accès réservé')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inviter' })).not.toBeInTheDocument();
    unmount();
  }
});

it('shows a manager whether the request page is on, with its switch disabled: owners open and close it', async () => {
  const { restaurantId } = await asManager();
  renderProfile(`/restaurants/${restaurantId}/assistant`);
  expect(await screen.findByText('Seuls les propriétaires du restaurant ouvrent ou ferment cette page.')).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Demandes en ligne' })).toBeDisabled();
});
