import { formatPhone } from '@tablee/domain/phone';
import { withDb } from '../../../local-supabase/test/clients';
import { must } from '../../../local-supabase/test/fixtures';
import { db, ownerWithRestaurant, ownRestaurant, parseMail, post, sendQueued, serviceWithSmtp, writeReservation, type Owner, type PendingReservation } from '../helpers';

/**
 * An acceptance e-mail a customer can act on — the restaurant's address and phone, the
 * reservation, the arrhes or the acompte as the CGV name them (how much, by when, what they commit to,
 * how: online on the restaurant's own Stripe account, else its payment link, and the bank details of
 * Facturation), what remains
 * and where, the cancellation and modification policies, the CGV link — in both parts, with
 * Reply-To the restaurant's contact address. Expected values are read from the database: the file's
 * own copy of the demo restaurant Le Comptoir des Halles (Lyon), for the restaurant that asks 30 % in
 * advance (arrhes: its CGV say nothing else). And the cancellation of a paid one: refunded on the card
 * (Stripe), or arrhes returned double when the restaurant cancels.
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

test('accepted at a restaurant asking arrhes: everything to act on, in both parts, Reply-To the restaurant', async () => {
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
    expect(part).toContain(`Arrhes à régler : arrhes de ${terms.deposit_amount} % du total, soit ${euros(deposit)}, avant le `);
    // What they commit to, under the amount.
    expect(part).toContain('Ce sont des arrhes : si vous annulez, elles restent acquises au restaurant ; si le restaurant annule, il vous rembourse le double.');
    expect(part).toContain(`IBAN ${terms.iban}`);
    expect(part).toContain(`BIC ${terms.bic}`);
    expect(part).toContain(`en indiquant la référence ${r.codeReservation}`);
    expect(part).toContain(`Reste à payer : ${euros(1000 - deposit)}, sur place, une fois les arrhes réglées`);
    expect(part).not.toMatch(/acompte/i);
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
    expect(part).not.toContain('à régler :');
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

test('without a Stripe account, the owner’s payment link (Facturation) is how to pay the arrhes, as a link in the HTML part; no button', async () => {
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
  expect(plain(mail.text)).toContain(`arrhes de ${euros(150)}, avant le `);
  expect(plain(mail.text)).toContain(`Payer les arrhes en ligne : ${link}`);
  expect(mail.html).toMatch(new RegExp(`<a href="${link}"[^>]*>${link}</a>`));
  expect(plain(mail.text)).toContain(`Reste à payer : ${euros(450)}, sur place, une fois les arrhes réglées`);
  // No Stripe account: no pay button, no link to the service's payment.
  expect(mail.text).not.toContain('/pay');
  expect(mail.html).not.toContain('/pay"');
  expect(mail.html).not.toContain('>Payer les arrhes</a>');
});

const IBAN = 'FR7630006000011234567890189';

/**
 * A restaurant of its own asking 150 € in advance (Facturation) with its bank details; with the nature
 * its CGV choose (save_restaurant_cgv), and its own Stripe account (a row as the OAuth would leave it) when told.
 */
async function payingRestaurant(label: string, { nature, stripe = false }: { nature?: 'arrhes' | 'acompte'; stripe?: boolean } = {}): Promise<Owner> {
  const owner = await ownerWithRestaurant(label);
  await must(
    owner.client.from('restaurant_billing').upsert(
      {
        restaurant_id: owner.restaurantId,
        requires_deposit: true,
        deposit_method: 'acompte',
        deposit_type: 'fixed',
        deposit_amount: 150,
        company_name: 'SAS Paiement',
        iban: IBAN,
        bic: 'AGRIFRPP',
      },
      { onConflict: 'restaurant_id' },
    ),
  );
  if (nature) {
    await must(owner.client.rpc('save_restaurant_cgv', { p_restaurant_id: owner.restaurantId, p_cgv: { cancellationPolicy: '48h', modificationPolicy: '24h', advancePaymentNature: nature } }));
  }
  if (stripe) {
    await withDb((pg) => pg.query("insert into public.restaurant_stripe_accounts (restaurant_id, account_id, account_name) values ($1, 'acct_Test1', 'Test')", [owner.restaurantId]));
  }
  return owner;
}

/** A pending request of 600 € at that restaurant (a hand-picked total at an incomplete restaurant: submit_group_request refuses it), accepted, its e-mail sent. */
async function acceptedAt(owner: Owner): Promise<{ r: PendingReservation; mail: ReturnType<typeof parseMail> }> {
  const r = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, total_amount: 600 });
  expect((await post(`${running.service.url}/api/reservations/${r.numero}/accept/${r.code}`)).status).toBe(200);
  await sendQueued(running.service, owner.restaurantId);
  const sent = running.smtp.messages.filter((m) => m.to.includes(r.email));
  expect(sent).toHaveLength(1);
  return { r, mail: parseMail(sent[0].raw) };
}

/** The service's pay link of a reservation: its page's token under the service's public origin. */
async function payUrlOf(reservationId: string): Promise<string> {
  const [{ token }] = await must(db().rpc('customer_page_tokens', { p_reservation_ids: [reservationId] }));
  return `${running.service.config.publicBaseUrl}/api/customer/${token}/pay`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the restaurant’s own Stripe account: the customer pays from the e-mail', () => {
  test('arrhes (the CGV’s default): the « Payer les arrhes » button to the service’s pay link, then the transfer', async () => {
    const owner = await payingRestaurant('email-stripe-arrhes', { stripe: true });
    const { r, mail } = await acceptedAt(owner);
    const url = await payUrlOf(r.id);
    expect(url).toMatch(/^http:\/\/sheets\.test\/api\/customer\/[0-9a-f]{48}\/pay$/);
    expect(mail.subject).toBe('Votre demande chez Restaurant email-stripe-arrhes est acceptée : réglez les arrhes pour la confirmer');
    const text = plain(mail.text);
    // In this order, one line each: the amount and its deadline, what arrhes commit to, the button's link, the transfer.
    expect(text).toMatch(
      new RegExp(
        [
          `- Arrhes à régler : arrhes de ${escapeRegExp(euros(150))}, avant le [^\\n]+`,
          escapeRegExp('- Ce sont des arrhes : si vous annulez, elles restent acquises au restaurant ; si le restaurant annule, il vous rembourse le double.'),
          escapeRegExp(`- Payer les arrhes en ligne : ${url}`),
          escapeRegExp(`- Ou par virement : à SAS Paiement, IBAN ${IBAN}, BIC AGRIFRPP, en indiquant la référence ${r.codeReservation}`),
        ].join('\\n'),
      ),
    );
    // The HTML part: the layout's button, the transfer still a line after it.
    expect(mail.html).toMatch(new RegExp(`<a href="${escapeRegExp(url)}" style="display:inline-block;[^"]*">Payer les arrhes</a>`));
    expect(plain(mail.html)).toContain(`Ou par virement : à SAS Paiement, IBAN ${IBAN}`);
    expect(plain(mail.html).indexOf('Payer les arrhes')).toBeLessThan(plain(mail.html).indexOf('Ou par virement'));
  });

  test('« acompte » chosen in the CGV: « réglez l’acompte », the « Payer l’acompte » button, the whole price owed', async () => {
    const owner = await payingRestaurant('email-stripe-acompte', { stripe: true, nature: 'acompte' });
    const { r, mail } = await acceptedAt(owner);
    const url = await payUrlOf(r.id);
    expect(mail.subject).toBe('Votre demande chez Restaurant email-stripe-acompte est acceptée : réglez l’acompte pour la confirmer');
    const text = plain(mail.text);
    expect(text).toContain(`Elle sera confirmée dès réception de votre acompte de ${euros(150)}, à régler avant le `);
    expect(text).toContain(`- Acompte à régler : acompte de ${euros(150)}, avant le `);
    expect(text).toContain('- C’est un acompte : il vous engage fermement, et en cas d’annulation le restaurant peut vous demander le prix entier.');
    expect(text).toContain(`- Payer l’acompte en ligne : ${url}\n- Ou par virement : à SAS Paiement`);
    expect(text).toContain(`Reste à payer : ${euros(450)}, sur place, une fois l’acompte réglé`);
    expect(text).not.toMatch(/arrhes/i);
    expect(mail.html).toMatch(new RegExp(`<a href="${escapeRegExp(url)}"[^>]*>Payer l’acompte</a>`));
  });

  test('« acompte » chosen, no Stripe account: the word, and today’s transfer line without a button', async () => {
    const owner = await payingRestaurant('email-acompte', { nature: 'acompte' });
    const { r, mail } = await acceptedAt(owner);
    const text = plain(mail.text);
    expect(mail.subject).toContain('réglez l’acompte pour la confirmer');
    expect(text).toContain(`- Comment le régler : par virement à SAS Paiement, IBAN ${IBAN}, BIC AGRIFRPP, en indiquant la référence ${r.codeReservation}`);
    expect(mail.text).not.toContain('/pay');
    expect(mail.html).not.toContain('>Payer l’acompte</a>');
  });
});

describe('cancelling a paid reservation: what the customer reads of their money', () => {
  const decide = (owner: Owner, endpoint: 'mark_paid' | 'cancel_reservation', r: PendingReservation, body: Record<string, unknown> = {}) =>
    post(`${running.service.url}/api/reservations/${endpoint}`, { numero_reservation: r.numero, restaurant_id: owner.restaurantId, ...body }, { authorization: `Bearer ${owner.accessToken}` });
  /** An accepted reservation of 600 € marked paid (the 150 € asked in advance received), cancelled by the restaurant with `refund`; the cancellation's e-mail. */
  async function cancelledPaid(owner: Owner, refundCents: number) {
    const r = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, total_amount: 600, status: 1 });
    expect((await decide(owner, 'mark_paid', r)).status).toBe(200);
    const cancelled = await decide(owner, 'cancel_reservation', r, { reason: 'fermeture_exceptionnelle', deposit: 'refunded', refund_amount_cents: refundCents });
    expect(cancelled.status).toBe(200);
    await sendQueued(running.service, owner.restaurantId);
    const mails = running.smtp.messages.filter((m) => m.to.includes(r.email)).map((m) => parseMail(m.raw));
    const cancellation = mails.find((m) => m.subject.includes('est annulée'))!;
    return { text: plain(cancellation.text), html: plain(cancellation.html) };
  }

  test('with a Stripe account: refunded on the card that paid, within 5 to 10 working days', async () => {
    const { text, html } = await cancelledPaid(await payingRestaurant('refund-stripe', { stripe: true }), 10_000);
    const sentence = `Remboursement de ${euros(100)} sur la carte utilisée pour le paiement : il apparaît sur votre compte sous 5 à 10 jours ouvrés.`;
    expect(text).toContain(`\n${sentence}\n`);
    expect(html).toContain(sentence);
    expect(text).not.toContain('Arrhes remboursées');
  });

  test('without: « Arrhes remboursées », and arrhes returned double when the restaurant cancels, as the law has it', async () => {
    const owner = await payingRestaurant('refund-double');
    expect((await cancelledPaid(owner, 10_000)).text).toContain(`Arrhes remboursées : ${euros(100)} (sur ${euros(150)} versés)`);
    const { text, html } = await cancelledPaid(owner, 30_000);
    const double = `Arrhes restituées au double : ${euros(300)} (sur ${euros(150)} versés), comme le prévoit la loi lorsque le restaurant annule.`;
    expect(text).toContain(double);
    expect(html).toContain(double);
  });
});
