import { ownerWithRestaurant, parseMail, post, sendQueued, serviceWithSmtp, writeReservation } from '../helpers';

/**
 * 'Téléphone du restaurant' in the customer's e-mail (issue 30, item 9): the restaurant's own phone
 * when Informations gives one, else its WhatsApp number; in French format, as the customer dials it.
 */
const running = serviceWithSmtp();

async function acceptedMailOf(contact: { whatsapp: string; phone?: string }) {
  const owner = await ownerWithRestaurant('email-phone');
  const { error } = await owner.client.rpc('save_restaurant_information', {
    p_restaurant_id: owner.restaurantId,
    p_information: { contact: { email: 'resto@exemple.fr', responseTime: 'fast', ...contact } },
  });
  expect(error).toBeNull();
  // At a restaurant left incomplete on purpose: submit_group_request refuses it.
  const r = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, total_amount: 480 });
  expect((await post(`${running.service.url}/api/reservations/${r.numero}/accept/${r.code}`)).status).toBe(200);
  await sendQueued(running.service, owner.restaurantId);
  return parseMail(running.smtp.messages[0].raw);
}

test('the restaurant phone when it is set, in French format', async () => {
  const mail = await acceptedMailOf({ whatsapp: '+33612345678', phone: '+33478000000' });
  expect(mail.text).toContain('Téléphone du restaurant : 04 78 00 00 00');
  expect(mail.text).not.toContain('06 12 34 56 78');
});

test('else the WhatsApp number, in French format', async () => {
  const mail = await acceptedMailOf({ whatsapp: '+33612345678' });
  expect(mail.text).toContain('Téléphone du restaurant : 06 12 34 56 78');
});
