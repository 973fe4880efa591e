/**
 * The phone numbers of Informations (issue 30, item 9): the WhatsApp number and the optional
 * 'Téléphone du restaurant' are phone numbers (French or international), stored in E.164 and shown in
 * French format; 'abc' is refused on the field and nothing is saved. Against local-supabase.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSupabase } from '@tablee/domain';
import { ownerWithRestaurant, renderProfile } from '../render';
import { paste } from '../../../tooling/jest/paste';

const SAVE = 'Enregistrer les modifications';
const PHONE_MESSAGE = 'Numéro de téléphone invalide (ex. 06 12 34 56 78, ou +44 20 7946 0958 hors de France)';

const storedContact = async (restaurantId: string) => (await getSupabase().from('restaurant_contacts').select('whatsapp, phone').eq('restaurant_id', restaurantId).single()).data;

async function openInformation() {
  const { restaurantId } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/information`);
  await waitFor(() => expect(screen.getByLabelText('Nom du restaurant')).toHaveValue('Le Bouchon'));
  return restaurantId;
}

it("refuses 'abc' as the WhatsApp number on the field, and saves nothing", async () => {
  const user = userEvent.setup({ delay: null });
  const restaurantId = await openInformation();
  // Stored in E.164, shown in French format.
  expect(screen.getByLabelText('Numéro WhatsApp')).toHaveValue('06 00 00 00 00');
  await paste(user, screen.getByLabelText('Numéro WhatsApp'), 'abc', { replace: true });
  await waitFor(() => expect(screen.getByRole('button', { name: SAVE })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: SAVE }));
  expect(await screen.findByText(PHONE_MESSAGE)).toBeInTheDocument();
  expect(await storedContact(restaurantId)).toEqual({ whatsapp: '+33600000000', phone: null });
});

it("stores '+33 6 12 34 56 78' as +33612345678 and a restaurant phone '04 78 00 00 00' as +33478000000, shown back in French format", async () => {
  const user = userEvent.setup({ delay: null });
  const restaurantId = await openInformation();
  await paste(user, screen.getByLabelText('Numéro WhatsApp'), '+33 6 12 34 56 78', { replace: true });
  await paste(user, screen.getByLabelText('Téléphone du restaurant'), '04 78 00 00 00');
  await waitFor(() => expect(screen.getByRole('button', { name: SAVE })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: SAVE }));
  expect(await screen.findByRole('status')).toHaveTextContent('Les modifications ont été enregistrées avec succès !');
  expect(await storedContact(restaurantId)).toEqual({ whatsapp: '+33612345678', phone: '+33478000000' });
  expect(screen.queryByText(PHONE_MESSAGE)).not.toBeInTheDocument();
});

it('refuses an invalid restaurant phone on its field; an international one is accepted', async () => {
  const user = userEvent.setup({ delay: null });
  const restaurantId = await openInformation();
  await paste(user, screen.getByLabelText('Téléphone du restaurant'), '12');
  await waitFor(() => expect(screen.getByRole('button', { name: SAVE })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: SAVE }));
  expect(await screen.findByText(PHONE_MESSAGE)).toBeInTheDocument();
  await paste(user, screen.getByLabelText('Téléphone du restaurant'), '+44 20 7946 0958', { replace: true });
  await user.click(screen.getByRole('button', { name: SAVE }));
  expect(await screen.findByRole('status')).toHaveTextContent('Les modifications ont été enregistrées avec succès !');
  expect(await storedContact(restaurantId)).toEqual({ whatsapp: '+33600000000', phone: '+442079460958' });
});
