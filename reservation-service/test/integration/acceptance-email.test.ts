import { formatPhone } from '@tablee/domain/phone';
import { withDb } from '../../../local-supabase/test/clients';
import { ownerWithRestaurant, ownRestaurant, parseMail, post, sendQueued, serviceWithSmtp, writeReservation } from '../helpers';

/**
 * An acceptance e-mail a customer can act on — the restaurant's address and phone, the
 * reservation, the acompte (how much, by when, how: the bank details of Facturation), what remains
 * and where, the cancellation and modification policies, the CGV link — in both parts, with
 * Reply-To the restaurant's contact address. Expected values are read from the database: the file's
 * own copy of the demo restaurant Le Comptoir des Halles (Lyon), for the restaurant that asks an acompte.
 */
const running = serviceWithSmtp();

interface Terms {
  address: string;
  email: string;
  whatsapp: string;
  company_name: string;
  iban: string;
  bic: string;
  deposit_amount: number;
  deposit_type: string;
  link: string | null;
  cancellation_policy: string;
  modification_policy: string;
}
const lyonTerms = async () => {
  const { restaurantId } = await ownRestaurant();
  return withDb(
    async (db) =>
      (
        await db.query<Terms>(
          `select r.address, c.email, c.whatsapp, b.company_name, b.iban, b.bic, b.deposit_amount::float as deposit_amount, b.deposit_type,
                g.link, g.cancellation_policy, g.modification_policy
           from restaurants r join restaurant_contacts c on c.restaurant_id = r.id join restaurant_billing b on b.restaurant_id = r.id
           join restaurant_cgv g on g.restaurant_id = r.id where r.id = $1`,
          [restaurantId],
        )
      ).rows[0],
  );
};

const euros = (n: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(n).replace(/[\u202f\u00a0]/g, ' ');
const plain = (s: string) =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

test('accepted at a restaurant asking an acompte: everything to act on, in both parts, Reply-To the restaurant', async () => {
  const terms = await lyonTerms();
  expect(terms.deposit_type).toBe('percentage');
  // A round total and a fixed far-future date, for the amounts and the date in the e-mail: submit_group_request computes totals and takes dates within a year.
  const r = await writeReservation({ total_amount: 1000, reservation_date: '2099-12-05' });
  expect((await post(`${running.service.url}/api/reservations/${r.numero}/accept/${r.code}`)).status).toBe(200);
  await sendQueued(running.service);
  const [message] = running.smtp.messages;
  expect(message.to).toEqual([r.email]);
  const mail = parseMail(message.raw);
  expect(mail.replyTo).toBe(terms.email);
  const deposit = (1000 * terms.deposit_amount) / 100;
  for (const part of [plain(mail.text), plain(mail.html)]) {
    expect(part).toContain(terms.address);
    // Stored in E.164, printed in French format.
    expect(part).toContain(formatPhone(terms.whatsapp));
    expect(part).toContain('samedi 5 décembre 2099');
    expect(part).toContain('14 personnes (12 adultes et 2 enfants)');
    expect(part).toContain('Menu Canut');
    expect(part).toContain('Apéritif maison');
    expect(part).toContain(euros(1000));
    expect(part).toContain(`acompte de ${terms.deposit_amount} % du total, soit ${euros(deposit)}, avant le `);
    expect(part).toContain(`IBAN ${terms.iban}`);
    expect(part).toContain(`BIC ${terms.bic}`);
    expect(part).toContain(`en indiquant la référence ${r.codeReservation}`);
    expect(part).toContain(`Reste à payer : ${euros(1000 - deposit)}, sur place, une fois l’acompte réglé`);
    expect(part).toMatch(/Annulation : possible jusqu’(au jour même|à .* avant votre venue)/);
    expect(part).toMatch(/Modification : possible jusqu’(au jour même|à .* avant votre venue)/);
    if (terms.link) expect(part).toContain(terms.link);
  }
  if (terms.link) expect(mail.html).toContain(`<a href="${terms.link}"`);
});

test('no acompte, no contact address, no CGV: the whole total on site, and no Reply-To', async () => {
  const owner = await ownerWithRestaurant('email-plain');
  // A restaurant without terms nor contact on purpose, and a hand-picked total: submit_group_request refuses an incomplete restaurant.
  const r = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, total_amount: 480 });
  expect((await post(`${running.service.url}/api/reservations/${r.numero}/accept/${r.code}`)).status).toBe(200);
  await sendQueued(running.service, owner.restaurantId);
  const mail = parseMail(running.smtp.messages[0].raw);
  expect(mail.replyTo).toBeUndefined();
  for (const part of [plain(mail.text), plain(mail.html)]) {
    expect(part).toContain(`Reste à payer : ${euros(480)}, sur place`);
    expect(part).not.toContain('Acompte à régler');
    expect(part).not.toContain('Annulation :');
  }
});

test('a contact field that is not exactly one address gives no Reply-To (answers would reach someone else)', async () => {
  const owner = await ownerWithRestaurant('email-reply-list');
  const contact = await owner.client
    .from('restaurant_contacts')
    .upsert({ restaurant_id: owner.restaurantId, email: 'resto@x.fr, autre@y.fr', whatsapp: '', response_time: 'fast' }, { onConflict: 'restaurant_id' });
  expect(contact.error).toBeNull();
  // A contact field that is a list, at a restaurant left incomplete: submit_group_request refuses it.
  const r = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, total_amount: 480 });
  expect((await post(`${running.service.url}/api/reservations/${r.numero}/accept/${r.code}`)).status).toBe(200);
  await sendQueued(running.service, owner.restaurantId);
  expect(parseMail(running.smtp.messages[0].raw).replyTo).toBeUndefined();
});

test('the owner’s payment link (Facturation) is how to pay the acompte, as a link in the HTML part', async () => {
  const owner = await ownerWithRestaurant('email-link');
  const link = 'https://buy.stripe.com/test_acompte42';
  const billing = await owner.client
    .from('restaurant_billing')
    .upsert(
      { restaurant_id: owner.restaurantId, requires_deposit: true, deposit_method: 'acompte', deposit_type: 'fixed', deposit_amount: 150, payment_link: link },
      { onConflict: 'restaurant_id' },
    );
  expect(billing.error).toBeNull();
  // A hand-picked total against a fixed acompte, at a restaurant left incomplete: submit_group_request refuses it.
  const r = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, total_amount: 600 });
  expect((await post(`${running.service.url}/api/reservations/${r.numero}/accept/${r.code}`)).status).toBe(200);
  await sendQueued(running.service, owner.restaurantId);
  const mail = parseMail(running.smtp.messages[0].raw);
  expect(plain(mail.text)).toContain(`acompte de ${euros(150)}, avant le `);
  expect(plain(mail.text)).toContain(`Payer l’acompte en ligne : ${link}`);
  expect(mail.html).toMatch(new RegExp(`<a href="${link}"[^>]*>${link}</a>`));
  expect(plain(mail.text)).toContain(`Reste à payer : ${euros(450)}, sur place, une fois l’acompte réglé`);
});
