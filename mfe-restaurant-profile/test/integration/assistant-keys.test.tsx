/** 'Clé de l'assistant' on 'Votre assistant': a key created is shown once, then listed by its prefix, and revoked. */
import { getSupabase } from '@tablee/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { service } from '../../../local-supabase/test/clients';
import { ownerWithRestaurant, renderProfile, TEST_RESERVATION_API_URL } from '../render';

const keysCard = async () => (await screen.findByRole('heading', { name: 'Clé de l’assistant' })).closest<HTMLElement>('.ant-card')!;

it('creates a key shown once, lists it by its prefix, and revokes it after a confirmation', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/assistant`);
  const card = await keysCard();
  expect(await within(card).findByText('Aucune clé : créez-en une pour connecter votre assistant.')).toBeInTheDocument();
  // How the chatbot uses it: the request address of this restaurant, from the app's configuration.
  expect(within(card).getByText(`POST ${TEST_RESERVATION_API_URL}/restaurants/${restaurantId}/requests`)).toBeInTheDocument();
  expect(within(card).getByText('Authorization: Bearer <clé>')).toBeInTheDocument();

  await user.click(within(card).getByRole('button', { name: 'Créer une clé' }));
  const dialog = await screen.findByRole('dialog', { name: 'Votre nouvelle clé' });
  expect(within(dialog).getByText('Copiez cette clé maintenant : elle ne sera plus affichée.')).toBeInTheDocument();
  const key = within(dialog).getByTestId('new-assistant-key').textContent!;
  expect(key).toMatch(/^tbl_[0-9a-f]{48}$/);
  expect(within(dialog).getByRole('button', { name: /Copier la clé/ })).toBeInTheDocument();
  // The key is the one the database knows: the service role finds this restaurant with it.
  expect((await service().rpc('assistant_key_restaurant', { p_key: key })).data).toEqual([expect.objectContaining({ restaurant_id: restaurantId })]);

  await user.click(within(dialog).getByRole('button', { name: 'J’ai copié la clé' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Votre nouvelle clé' })).not.toBeInTheDocument());
  const prefix = key.slice(0, 12);
  const item = (await within(card).findByText(`${prefix}…`)).closest<HTMLElement>('[data-testid="assistant-key"]')!;
  expect(within(item).getByText('Active')).toBeInTheDocument();
  expect(within(item).getByText(/^Créée le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/)).toBeInTheDocument();
  // Shown once: nowhere on the page any more.
  expect(document.body.textContent).not.toContain(key);

  await user.click(within(item).getByRole('button', { name: `Révoquer la clé ${prefix}…` }));
  await screen.findByText('Révoquer cette clé ?');
  await user.click(screen.getByRole('button', { name: 'Révoquer' }));
  expect(await screen.findByRole('status')).toHaveTextContent('La clé a été révoquée : votre assistant ne peut plus l’utiliser.');
  await waitFor(() => expect(within(item).getByText(/^Révoquée le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/)).toBeInTheDocument());
  expect(within(item).getByText('Révoquée')).toBeInTheDocument();
  // Used once before its revocation: the list says when.
  expect(within(item).getByText(/^Dernière utilisation : \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/)).toBeInTheDocument();
  expect(within(item).queryByRole('button', { name: /Révoquer/ })).not.toBeInTheDocument();

  const { data } = await getSupabase().from('restaurant_assistant_keys').select('prefix, revoked_at').eq('restaurant_id', restaurantId);
  expect(data).toEqual([{ prefix, revoked_at: expect.any(String) }]);
  expect((await service().rpc('assistant_key_restaurant', { p_key: key })).data).toEqual([]);
});

it('a key never used says so, and a second key is listed first', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  const first = await getSupabase().rpc('create_assistant_key', { p_restaurant_id: restaurantId });
  expect(first.error).toBeNull();
  renderProfile(`/restaurants/${restaurantId}/assistant`);
  const card = await keysCard();
  const firstItem = (await within(card).findByText(`${first.data!.prefix}…`)).closest<HTMLElement>('[data-testid="assistant-key"]')!;
  expect(within(firstItem).getByText('Jamais utilisée')).toBeInTheDocument();

  await user.click(within(card).getByRole('button', { name: 'Créer une clé' }));
  const dialog = await screen.findByRole('dialog', { name: 'Votre nouvelle clé' });
  const second = within(dialog).getByTestId('new-assistant-key').textContent!;
  await user.click(within(dialog).getByRole('button', { name: 'J’ai copié la clé' }));
  await waitFor(() => expect(within(card).getAllByTestId('assistant-key')).toHaveLength(2));
  expect(within(card).getAllByTestId('assistant-key')[0]).toHaveTextContent(`${second.slice(0, 12)}…`);
});
