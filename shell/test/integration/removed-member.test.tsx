import { queryClient } from '@tablee/shared';
import { screen, waitFor } from '@testing-library/react';
import { newOwner, withDb } from '../../../local-supabase/test/clients';
import { connect, renderApp, uniqueEmail } from '../render';

/**
 * A member removed from a team is told why, in one French message naming the restaurant: on the page
 * they had open (its next answer is empty: RLS hides the restaurant's rows) and after a reload.
 */
it('says « Vous ne faites plus partie de l’équipe de … » on the open page and after a reload', async () => {
  const owner = await newOwner('retrait-owner');
  const { data: restaurant } = await owner.client.from('restaurants').insert({ name: 'Chez Retrait', address: '4 rue Haute' }).select('id').single();
  const id = restaurant!.id as string;
  const manager = await connect();
  const email = uniqueEmail('retrait-manager');
  expect((await manager.auth.signUp({ email, password: 'secret-123' })).error).toBeNull();
  const { data: signedIn } = await manager.auth.signInWithPassword({ email, password: 'secret-123' });
  // Made a member as the team functions would (they are tested with them).
  await withDb((db) => db.query(`insert into public.restaurant_members (user_id, restaurant_id, role) values ($1, $2, 'manager')`, [signedIn.user!.id, id]));

  const page = renderApp(`/restaurants/${id}/faq`);
  expect(await screen.findByText('Chez Retrait')).toBeInTheDocument();
  await withDb((db) => db.query('delete from public.restaurant_members where user_id = $1 and restaurant_id = $2', [signedIn.user!.id, id]));

  // The open page asks again (its refresh): RLS now hides the reservation, the answer is empty (the
  // screen's own query under the restaurant's key); the role is asked again, and the dashboard says why.
  await queryClient.fetchQuery({ queryKey: ['restaurants', id, 'reservations', 'detail', 'R-0001'], queryFn: async () => null });
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  expect(await screen.findByText('Vous ne faites plus partie de l’équipe de Chez Retrait.', { exact: false }, { timeout: 10_000 })).toBeInTheDocument();
  page.unmount();

  // Reloaded at the restaurant's address (nothing cached): told again, not sent to the dashboard silently.
  queryClient.clear();
  renderApp(`/restaurants/${id}/faq`);
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  expect(await screen.findByText('Vous ne faites plus partie de l’équipe de Chez Retrait.', { exact: false }, { timeout: 10_000 })).toBeInTheDocument();
});
