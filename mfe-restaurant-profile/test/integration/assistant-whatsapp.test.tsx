/**
 * 'WhatsApp' on 'Votre assistant': the owner links the restaurant's WhatsApp Business number (Meta's
 * identifier), a wrong one is refused on its field in the database's words, and clearing it unlinks it.
 */
import { getSupabase } from '@tablee/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { service } from '../../../local-supabase/test/clients';
import { ownerWithRestaurant, renderProfile } from '../render';

it('links a WhatsApp number, refuses a wrong one on its field, and unlinks it', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/assistant`);
  const card = (await screen.findByRole('heading', { name: 'WhatsApp' })).closest<HTMLElement>('.ant-card')!;
  const field = await within(card).findByLabelText('Identifiant du numéro WhatsApp');
  // The form stays disabled until the member's role is known: typing before that would type nothing.
  await waitFor(() => expect(field).toBeEnabled());
  const phoneNumberId = String(Date.now()).slice(-12);

  await user.type(field, 'pas un numéro');
  await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
  expect(await within(card).findByText("L'identifiant du numéro WhatsApp (phone_number_id, dans le gestionnaire WhatsApp de Meta) ne contient que des chiffres, 32 au plus.")).toBeInTheDocument();
  expect((await service().rpc('whatsapp_restaurant', { p_phone_number_id: 'pas un numéro' })).data).toBeNull();

  await user.clear(field);
  await user.type(field, phoneNumberId);
  await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByRole('status')).toHaveTextContent('L’assistant répond désormais sur WhatsApp.');
  expect((await service().rpc('whatsapp_restaurant', { p_phone_number_id: phoneNumberId })).data).toBe(restaurantId);
  const { data } = await getSupabase().from('restaurant_whatsapp_numbers').select('phone_number_id').eq('restaurant_id', restaurantId);
  expect(data).toEqual([{ phone_number_id: phoneNumberId }]);

  await user.clear(field);
  await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(async () => expect((await service().rpc('whatsapp_restaurant', { p_phone_number_id: phoneNumberId })).data).toBeNull());
});
