/** The edit tabs share the kernel's query cache: a tab seen before shows its data at once, what was saved included. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { informationApi } from '@tablee/sections';
import { ownerWithRestaurant, renderProfile } from '../render';
import { paste } from '../../../tooling/jest/paste';

it('going back to a tab shows its data at once from the cache (the saved value), with no loading state', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  const { router } = renderProfile(`/restaurants/${restaurantId}/information`);
  await waitFor(() => expect(screen.getByLabelText('Nom du restaurant')).toHaveValue('Le Bouchon'));
  await paste(user, screen.getByLabelText('Nom du restaurant'), ' Lyonnais');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer les modifications' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer les modifications' })).toBeDisabled());
  expect((await informationApi.load(restaurantId)).value.name).toBe('Le Bouchon Lyonnais');

  await act(() => router.navigate(`/restaurants/${restaurantId}/cgv`));
  await screen.findByRole('radio', { name: '48h', checked: true });
  await act(() => router.navigate(`/restaurants/${restaurantId}/information`));
  // In the same render as the navigation: no 'Chargement...' in between.
  expect(screen.queryByText('Chargement...')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Nom du restaurant')).toHaveValue('Le Bouchon Lyonnais');
});
