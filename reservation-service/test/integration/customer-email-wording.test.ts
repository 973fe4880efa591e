import { ownerWithRestaurant, ownRestaurant, parseMail, post, sendQueued, serviceWithSmtp, writeReservation } from '../helpers';

/**
 * What the customer reads, from the .eml the SMTP server received: the restaurant's name as the sender
 * (at Tablée's address), an acceptance with an acompte still to pay said as accepted and confirmed once
 * the acompte is received (with its deadline), a refusal's counter-proposal with how to take it, and
 * both parts: the plain text kept beside the HTML of the one layout.
 */
const running = serviceWithSmtp();

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
/** The From header's display name (unquoted) and address. */
const sender = (from: string) => {
  const [, name, address] = /^"?(.*?)"?\s*<([^>]+)>$/.exec(from) ?? [];
  return { name: name?.replace(/\\(.)/g, '$1'), address };
};
const TABLEE = 'reservations@tablee.fr';

test('accepted with arrhes to pay (the CGV’s default word): from the restaurant, accepted and confirmed once they are received, by their deadline; text and HTML', async () => {
  await ownRestaurant();
  // A round total and a fixed far-future date (the deadline: three days from today): submit_group_request computes totals and takes dates within a year.
  const r = await writeReservation({ total_amount: 1000, reservation_date: '2099-12-05' });
  expect((await post(`${running.service.url}/api/reservations/${r.numero}/accept/${r.code}`)).status).toBe(200);
  await sendQueued(running.service);
  const [message] = running.smtp.messages;
  const mail = parseMail(message.raw);

  // The restaurant's name shown, Tablée's address sending (MAIL_FROM's).
  expect(sender(mail.from)).toEqual({ name: 'Le Comptoir des Halles', address: TABLEE });
  expect(mail.subject).toBe('Votre demande chez Le Comptoir des Halles est acceptée : réglez les arrhes pour la confirmer');

  const deadline = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(Date.now() + 3 * 86_400_000));
  const accepted = `Le Comptoir des Halles a accepté votre demande de réservation. Elle sera confirmée dès réception de vos arrhes de 30 % du total, soit 300,00 €, à régler avant le ${deadline}.`;
  for (const part of [spaces(mail.text), plain(mail.html)]) {
    expect(part).toContain(accepted);
    expect(part).not.toContain('a le plaisir de confirmer');
    expect(part).toContain('Vous recevrez un e-mail de confirmation dès que le restaurant aura reçu vos arrhes.');
  }
  // The plain-text part is kept, lines as before.
  expect(mail.text).toMatch(/^Bonjour Hélène Test,\n\n/);
  expect(mail.text).toContain('- Date : samedi 5 décembre 2099');
  expect(mail.text).not.toContain('<');
  // The HTML: the one layout (tables and inline styles, one column of at most 600 px).
  expect(mail.html).toContain('<table role="presentation"');
  expect(mail.html).toContain('max-width:600px');
  expect(mail.html).not.toContain('<style');
});

test('accepted without an acompte: confirmed as before, from the restaurant', async () => {
  const owner = await ownerWithRestaurant('wording-plain');
  // A restaurant left without terms, a hand-picked total: submit_group_request refuses an incomplete restaurant.
  const r = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, total_amount: 480 });
  expect((await post(`${running.service.url}/api/reservations/${r.numero}/accept/${r.code}`)).status).toBe(200);
  await sendQueued(running.service, owner.restaurantId);
  const mail = parseMail(running.smtp.messages[0].raw);
  expect(sender(mail.from)).toEqual({ name: 'Restaurant wording-plain', address: TABLEE });
  expect(mail.subject).toBe('Votre réservation chez Restaurant wording-plain est confirmée');
  expect(mail.text).toContain('Restaurant wording-plain a le plaisir de confirmer votre réservation.');
});

describe('a refusal with a counter-proposal says how to take it', () => {
  const refuse = async (label: string, contact: { email: string; whatsapp: string } | null) => {
    const owner = await ownerWithRestaurant(label);
    if (contact) {
      const saved = await owner.client.from('restaurant_contacts').upsert({ restaurant_id: owner.restaurantId, ...contact, response_time: 'fast' }, { onConflict: 'restaurant_id' });
      expect(saved.error).toBeNull();
    }
    // A restaurant left incomplete on purpose (only its contact): submit_group_request refuses it.
    const r = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, total_amount: 480 });
    const res = await post(
      `${running.service.url}/api/reservations/reject_reservation`,
      { numero_reservation: r.numero, restaurant_id: owner.restaurantId, reason: 'complet', proposal: 'Le samedi 12 décembre à 20 h' },
      { authorization: `Bearer ${owner.accessToken}` },
    );
    expect(res.status).toBe(200);
    await sendQueued(running.service, owner.restaurantId);
    return parseMail(running.smtp.messages[0].raw);
  };

  test('reply to the e-mail (Reply-To the restaurant) or call the restaurant, in both parts', async () => {
    const mail = await refuse('wording-proposal', { email: 'contact@resto-proposal.fr', whatsapp: '+33478000000' });
    expect(mail.replyTo).toBe('contact@resto-proposal.fr');
    expect(sender(mail.from)).toEqual({ name: 'Restaurant wording-proposal', address: TABLEE });
    for (const part of [spaces(mail.text), plain(mail.html)]) {
      expect(part).toContain('Le restaurant vous propose : Le samedi 12 décembre à 20 h');
      expect(part).toContain('Pour accepter cette proposition : répondez simplement à cet e-mail ou appelez le restaurant au 04 78 00 00 00 ; votre message arrive directement au restaurant');
    }
  });

  test('without an address to reply to nor a phone: to contact the restaurant directly', async () => {
    const mail = await refuse('wording-proposal-bare', null);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain('Pour accepter cette proposition : contactez directement le restaurant');
  });
});
