/**
 * 'Messages automatiques' on 'Votre assistant': the customers' reminders with their defaults and a preview
 * of each message; the owner turns one off and changes its days, which the database keeps; a manager reads
 * them without changing them.
 */
import { getSupabase } from '@tablee/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ownerWithRestaurant, renderProfile } from '../render';

async function remindersCard() {
  const card = (await screen.findByRole('heading', { name: 'Messages automatiques' })).closest<HTMLElement>('.ant-card')!;
  await waitFor(() => expect(within(card).getByRole('switch', { name: 'La veille du repas' })).toBeEnabled());
  return card;
}

it('shows the defaults with a preview, and saves the owner’s choices', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/assistant`);
  const card = await remindersCard();

  expect(within(card).getByRole('switch', { name: 'Nombre de convives et choix des menus' })).toBeChecked();
  expect(within(card).getByRole('spinbutton', { name: 'Jours avant le repas' })).toHaveValue('7');
  expect(within(card).getByText('7 jours avant le repas, tant que le client peut encore modifier sa réservation.')).toBeInTheDocument();
  expect(within(card).getByRole('spinbutton', { name: 'Jours après l’acceptation' })).toHaveValue('3');
  await user.click(within(card).getByText(/^Aperçu : « À demain : votre repas/));
  expect(await within(card).findByText(/^Un empêchement \? Prévenez le restaurant : http/)).toBeInTheDocument();

  await user.click(within(card).getByRole('switch', { name: 'La veille du repas' }));
  expect(within(card).getByText('Ce rappel ne part pas.')).toBeInTheDocument();
  const days = within(card).getByRole('spinbutton', { name: 'Jours avant le repas' });
  await user.clear(days);
  await user.type(days, '5');
  await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Les messages automatiques ont été enregistrés.')).toBeInTheDocument();
  const { data } = await getSupabase()
    .from('restaurant_reminder_settings')
    .select('headcount_enabled, headcount_days, day_before_enabled, deposit_enabled, deposit_days')
    .eq('restaurant_id', restaurantId);
  expect(data).toEqual([{ headcount_enabled: true, headcount_days: 5, day_before_enabled: false, deposit_enabled: true, deposit_days: 3 }]);
});
