/**
 * What the messages say, rendered from a reservation as the sender reads it: allergies first and in
 * red wherever the owner can decide, the time the restaurant promised to answer, one reference for
 * the customer (the code de réservation), a change said as such with what is now owed, and French
 * built around the restaurant's name.
 */
import { confirmationMail } from '../../src/email/confirmation';
import { ownerCustomerCancelledMail } from '../../src/email/customer-activity';
import { newRequestMail } from '../../src/email/new-request';
import { reminderMail } from '../../src/email/reminder';
import { requestReceivedMail } from '../../src/email/request-received';
import { reservationModifiedMail } from '../../src/email/reservation-modified';
import { invitationMail } from '../../src/email/team-invitation';
import { newRequestWhatsApp } from '../../src/notifications/whatsapp';
import type { Billing, ReservationDetails } from '../../src/reservations/details';

const BILLING: Billing = {
  payment_onsite: true,
  payment_online: false,
  company_name: 'SAS Le Petit Zinc',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  contact_phone: null,
  payment_link: 'https://paiement.exemple.fr/zinc',
};

const reservation = (overrides: Partial<ReservationDetails> = {}): ReservationDetails => ({
  id: 'r',
  restaurant_id: 'x',
  numero_reservation: 'TBL-ZLYEH7US',
  numero_reservation_restaurateur: 'R-0004',
  code_reservation: 'WPKXF9',
  code_manage: 'secret',
  status: 0,
  customer_name: 'Hélène Martin',
  email: 'helene@exemple.fr',
  email_address: 'helene@exemple.fr',
  phone_number: '06 12 34 56 78',
  selected_menu: 'Menu Zinc',
  total_amount: 880,
  amount_received_cents: null,
  number_people: 22,
  children: 0,
  reservation_date: '2026-12-18',
  arrival_time: '20:00:00',
  service: 'dinner',
  customer_message: 'Un anniversaire.',
  respond_by: '2026-11-30T13:00:00Z',
  dietary_notes: 'Deux sans gluten, une allergie sévère aux arachides',
  notes: null,
  options: [{ title: 'Coupe de champagne', price: 10, quantity: 18 }],
  // What the database's rule (private.deposit_for) gives for terms of 30 % on 880 €.
  deposit: { method: 'acompte', amount: 264, percentage: 30 },
  restaurant: {
    name: 'Le Petit Zinc',
    address: '3 rue du Zinc, 75011 Paris',
    billing: BILLING,
    childrenMenu: null,
    contact: { email: 'contact@zinc.fr', email_address: 'contact@zinc.fr', whatsapp: '+33612345678', phone: null },
    cgv: { cancellation_policy: '48h', modification_policy: '24h', link: null },
    onlinePayment: false,
  },
  menu: { name: 'Menu Zinc', price_per_person: 32, items: [], alternatives: [] },
  ...overrides,
});

const NOW = new Date('2026-11-30T08:00:00Z'); // 09:00 in Paris
const RED = '#a8071a';

describe('allergies, first and in red where the owner decides', () => {
  it('the new request’s e-mail says them before the buttons, in red', () => {
    const mail = newRequestMail(reservation(), 'contact@zinc.fr', 'https://app.tablee.fr', null, NOW);
    const allergies = mail.text.indexOf('Allergies et régimes : Deux sans gluten, une allergie sévère aux arachides');
    expect(allergies).toBeGreaterThan(0);
    expect(allergies).toBeLessThan(mail.text.indexOf('Accepter :'));
    expect(allergies).toBeLessThan(mail.text.indexOf('Hélène Martin demande une table'));
    const html = mail.html.indexOf('une allergie sévère aux arachides');
    expect(html).toBeLessThan(mail.html.indexOf('>Accepter<'));
    expect(mail.html.slice(mail.html.lastIndexOf('<div', html), html)).toContain(`color:${RED}`);
  });

  it('without any, the e-mail says none were given', () => {
    const mail = newRequestMail(reservation({ dietary_notes: null }), 'contact@zinc.fr', 'https://app.tablee.fr', null, NOW);
    expect(mail.text).toContain('Allergies et régimes : aucune signalée');
  });

  it('the WhatsApp message carries them, right after the request itself', () => {
    const message = newRequestWhatsApp(reservation(), '+33612345678', 'nouvelle_demande_groupe', null, NOW);
    const body = message.template.components[0];
    if (body.type !== 'body') throw new Error('no body');
    expect(body.parameters).toHaveLength(11);
    expect(body.parameters[4].text).toBe('Deux sans gluten, une allergie sévère aux arachides');
    const none = newRequestWhatsApp(reservation({ dietary_notes: '  ' }), '+33612345678', 'nouvelle_demande_groupe', null, NOW).template.components[0];
    if (none.type !== 'body') throw new Error('no body');
    expect(none.parameters[4].text).toBe('aucune signalée');
  });

  it('the reminder, which has the buttons too, says them first', () => {
    const mail = reminderMail(reservation(), 'contact@zinc.fr', 'https://app.tablee.fr');
    expect(mail.text.indexOf('Allergies et régimes : Deux sans gluten')).toBeGreaterThan(0);
    expect(mail.text.indexOf('Allergies et régimes : Deux sans gluten')).toBeLessThan(mail.text.indexOf('Accepter :'));
    expect(mail.html).toContain(`color:${RED}`);
  });
});

describe('the time the restaurant promised to answer (respond_by)', () => {
  it('the reminder says when the answer was due', () => {
    expect(reminderMail(reservation(), 'contact@zinc.fr', 'https://app.tablee.fr', new Date('2026-11-29T08:00:00Z')).text).toContain('Réponse promise au client : le lun. 30 nov. à 14:00');
  });

  it('the customer’s acknowledgement says it in words: today, tomorrow or a date', () => {
    expect(requestReceivedMail(reservation(), 'helene@exemple.fr', NOW).text).toContain('Le restaurant s’engage à vous répondre aujourd’hui avant 14:00, par e-mail.');
    expect(requestReceivedMail(reservation({ respond_by: '2026-12-01T12:15:00Z' }), 'helene@exemple.fr', NOW).text).toContain('vous répondre demain avant 13:15');
    expect(requestReceivedMail(reservation({ respond_by: '2026-12-04T12:30:00Z' }), 'helene@exemple.fr', NOW).text).toContain('vous répondre d’ici le vendredi 4 décembre 2026 à 13:30');
  });
});

describe('one reference for the customer: the code de réservation', () => {
  const customerMails = () => [
    requestReceivedMail(reservation(), 'helene@exemple.fr', NOW),
    confirmationMail(reservation({ status: 1 }), 'accept', 'helene@exemple.fr', {}, '2026-11-30'),
    reservationModifiedMail(reservation({ status: 1 }), 'helene@exemple.fr', '22 → 24 personnes'),
  ];
  it('every customer e-mail gives the code, never the restaurant’s own number or the link number', () => {
    for (const mail of customerMails()) {
      expect(mail.text).toContain('WPKXF9');
      expect(mail.text).not.toContain('R-0004');
      expect(mail.text).not.toContain('TBL-ZLYEH7US');
      expect(mail.html).not.toContain('R-0004');
    }
  });
  it('a transfer names the code as its reference', () => {
    expect(confirmationMail(reservation({ status: 1 }), 'accept', 'helene@exemple.fr', {}, '2026-11-30').text).toContain('en indiquant la référence WPKXF9');
  });
});

describe('a change of a reservation, said with what is now owed', () => {
  it('accepted with the arrhes not yet paid: not « confirmée », the new arrhes to pay, what changed', () => {
    const mail = reservationModifiedMail(reservation({ status: 1 }), 'helene@exemple.fr', '18 → 22 personnes, total 720,00 € → 880,00 €');
    expect(mail.text).not.toContain('reste confirmée');
    expect(mail.text).toContain('Ce qui change : 18 → 22 personnes, total 720,00 € → 880,00 €');
    expect(mail.text.replace(/\s/g, ' ')).toContain('Arrhes à régler : arrhes de 30 % du total, soit 264,00 €');
    expect(mail.text).toContain('Elle sera confirmée dès réception de vos arrhes');
  });

  it('paid: what was received, what remains on the new total', () => {
    const mail = reservationModifiedMail(reservation({ status: 3, amount_received_cents: 21_600 }), 'helene@exemple.fr', '18 → 22 personnes');
    expect(mail.text).toContain('Elle reste confirmée : vos arrhes ont bien été reçues.');
    expect(mail.text.replace(/\s/g, ' ')).toContain('Arrhes reçues : 216,00 €');
    expect(mail.text.replace(/\s/g, ' ')).toContain('Reste à payer : 664,00 €, sur place');
  });

  it('accepted with nothing to pay in advance: it stays confirmed', () => {
    const mail = reservationModifiedMail(reservation({ status: 1, deposit: null }), 'helene@exemple.fr', 'arrivée 20:00 → 20:30');
    expect(mail.text).toContain('Elle reste confirmée');
    expect(mail.text).not.toContain('à régler :');
  });
});

describe('arrhes or acompte: the CGV’s word, agreed, and what it commits to', () => {
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  const ACOMPTE = { method: 'acompte', amount: 264, percentage: 30, nature: 'acompte' } as const;
  const PAY_URL = `https://api.tablee.fr/api/customer/${'ab'.repeat(24)}/pay`;
  const accepted = (overrides: Partial<ReservationDetails> = {}) => confirmationMail(reservation({ status: 1, ...overrides }), 'accept', 'helene@exemple.fr', {}, '2026-11-30');

  it('a deposit without a nature is arrhes (the law’s presumption): « réglez les arrhes », « vos arrhes », what they commit to', () => {
    const mail = accepted();
    const text = plain(mail.text);
    expect(mail.subject).toBe('Votre demande chez Le Petit Zinc est acceptée : réglez les arrhes pour la confirmer');
    expect(text).toContain('Elle sera confirmée dès réception de vos arrhes de 30 % du total, soit 264,00 €, à régler avant le jeudi 3 décembre 2026.');
    expect(text).toContain(
      '- Arrhes à régler : arrhes de 30 % du total, soit 264,00 €, avant le jeudi 3 décembre 2026\n- Ce sont des arrhes : si vous annulez, elles restent acquises au restaurant ; si le restaurant annule, il vous rembourse le double.\n- Payer les arrhes en ligne : https://paiement.exemple.fr/zinc\n- Ou par virement : à SAS Le Petit Zinc',
    );
    expect(text).toContain('- Reste à payer : 616,00 €, sur place, une fois les arrhes réglées');
    expect(text).toContain('dès que le restaurant aura reçu vos arrhes.');
    expect(text).not.toMatch(/acompte/i);
    // The consequence is a line of its own, without a label.
    expect(mail.html).toContain('vertical-align:top">Ce sont des arrhes : si vous annulez');
  });

  it('« acompte » chosen in the CGV: « réglez l’acompte », « votre acompte », the whole price owed', () => {
    const mail = accepted({ deposit: ACOMPTE });
    const text = plain(mail.text);
    expect(mail.subject).toBe('Votre demande chez Le Petit Zinc est acceptée : réglez l’acompte pour la confirmer');
    expect(text).toContain('dès réception de votre acompte de 30 % du total, soit 264,00 €');
    expect(text).toContain('- Acompte à régler : acompte de 30 % du total, soit 264,00 €');
    expect(text).toContain('- C’est un acompte : il vous engage fermement, et en cas d’annulation le restaurant peut vous demander le prix entier.');
    expect(text).toContain('- Payer l’acompte en ligne : https://paiement.exemple.fr/zinc');
    expect(text).toContain('une fois l’acompte réglé');
    expect(text).not.toMatch(/arrhes/i);
  });

  it('with the restaurant’s own Stripe account and the page’s token: the pay button to the service’s link, then the transfer', () => {
    const mail = accepted({ restaurant: { ...reservation().restaurant, onlinePayment: true }, customerPayUrl: PAY_URL });
    const text = plain(mail.text);
    expect(text).toContain(`- Payer les arrhes en ligne : ${PAY_URL}\n- Ou par virement : à SAS Le Petit Zinc`);
    // Stripe's page replaces the owner's payment link.
    expect(text).not.toContain('https://paiement.exemple.fr/zinc');
    expect(mail.html).toMatch(new RegExp(`<a href="${PAY_URL}" style="display:inline-block;[^"]*">Payer les arrhes</a>`));
    expect(plain(accepted({ deposit: ACOMPTE, restaurant: { ...reservation().restaurant, onlinePayment: true }, customerPayUrl: PAY_URL }).html)).toMatch(/>Payer l’acompte<\/a>/);
  });

  it('without a Stripe account, or without the token: no button, today’s lines', () => {
    for (const mail of [accepted({ customerPayUrl: PAY_URL }), accepted({ restaurant: { ...reservation().restaurant, onlinePayment: true }, customerPayUrl: null })]) {
      expect(mail.text).not.toContain('/pay');
      expect(mail.html).not.toContain('>Payer les arrhes</a>');
      expect(plain(mail.text)).toContain('- Payer les arrhes en ligne : https://paiement.exemple.fr/zinc\n- Ou par virement');
    }
  });

  it('a card imprint at a restaurant with its Stripe account: « Enregistrer ma carte (empreinte bancaire) »', () => {
    const mail = accepted({ deposit: { method: 'empreinte', amount: 150 }, restaurant: { ...reservation().restaurant, onlinePayment: true }, customerPayUrl: PAY_URL });
    expect(plain(mail.text)).toContain(`- Enregistrer ma carte (empreinte bancaire) : ${PAY_URL}`);
    expect(mail.html).toMatch(new RegExp(`<a href="${PAY_URL}"[^>]*>Enregistrer ma carte \\(empreinte bancaire\\)</a>`));
    expect(mail.text).not.toMatch(/arrhes|acompte/i);
  });

  it('received: « Arrhes reçues », « Acompte reçu », or a payment when nothing was asked in advance', () => {
    const paid = (overrides: Partial<ReservationDetails>) => confirmationMail(reservation({ status: 3, ...overrides }), 'paid', 'helene@exemple.fr', {}, '2026-11-30');
    expect(paid({}).subject).toBe('Arrhes reçues : votre réservation chez Le Petit Zinc');
    expect(plain(paid({}).text)).toContain('Le Petit Zinc a bien reçu vos arrhes : votre réservation est confirmée.\nArrhes reçues : 264,00 €');
    expect(paid({ deposit: ACOMPTE }).subject).toBe('Acompte reçu : votre réservation chez Le Petit Zinc');
    expect(paid({ deposit: ACOMPTE }).text).toContain('a bien reçu votre acompte');
    expect(paid({ deposit: null }).subject).toBe('Paiement reçu : votre réservation chez Le Petit Zinc');
    expect(plain(paid({ deposit: null }).text)).toContain('Paiement reçu : 880,00 €');
  });

  it('a cancellation: refunded, kept, refunded double (arrhes, the restaurant cancelling), refunded on the card (Stripe)', () => {
    const cancelled = (why: Parameters<typeof confirmationMail>[3], overrides: Partial<ReservationDetails> = {}) =>
      plain(confirmationMail(reservation({ status: 4, amount_received_cents: 26_400, ...overrides }), 'cancel', 'helene@exemple.fr', why, '2026-11-30').text);
    expect(cancelled({ reason: 'fermeture_exceptionnelle', deposit: 'refunded', amount_cents: 10_000 })).toContain('Arrhes remboursées : 100,00 € (sur 264,00 € versés)');
    expect(cancelled({ reason: 'fermeture_exceptionnelle', deposit: 'refunded', amount_cents: 10_000 }, { deposit: ACOMPTE })).toContain('Acompte remboursé : 100,00 € (sur 264,00 € versés)');
    expect(cancelled({ reason: 'demande_du_client', deposit: 'kept' })).toContain('Arrhes conservées : 264,00 €, conformément aux conditions d’annulation du restaurant');
    expect(cancelled({ reason: 'fermeture_exceptionnelle', deposit: 'refunded', amount_cents: 52_800 })).toContain(
      'Arrhes restituées au double : 528,00 € (sur 264,00 € versés), comme le prévoit la loi lorsque le restaurant annule.',
    );
    const online = { restaurant: { ...reservation().restaurant, onlinePayment: true } };
    const refunded = cancelled({ reason: 'fermeture_exceptionnelle', deposit: 'refunded', amount_cents: 10_000 }, online);
    expect(refunded).toContain('\nRemboursement de 100,00 € sur la carte utilisée pour le paiement : il apparaît sur votre compte sous 5 à 10 jours ouvrés.\n');
    expect(refunded).not.toContain('Arrhes remboursées');
    // The customer's own cancellation within the deadline, refunded online too.
    expect(cancelled({ reason: 'demande_du_client', actor: 'customer', deposit: 'refunded', amount_cents: 26_400 }, online)).toContain(
      'Remboursement de 264,00 € sur la carte utilisée pour le paiement : il apparaît sur votre compte sous 5 à 10 jours ouvrés.',
    );
    expect(cancelled({ reason: 'demande_du_client', actor: 'customer', deposit: 'refunded', amount_cents: 26_400 })).toContain(
      'Arrhes : 264,00 €, remboursées par le restaurant : vous avez annulé dans le délai prévu par ses conditions',
    );
  });

  it('the owner’s e-mail of the customer’s cancellation: what they paid in the CGV’s word, and what Stripe refunds by itself', () => {
    const owner = (deposit: 'refunded' | 'kept' | null, overrides: Partial<ReservationDetails> = {}) =>
      plain(
        ownerCustomerCancelledMail(reservation({ status: 4, amount_received_cents: 26_400, ...overrides }), 'contact@zinc.fr', 'https://app.tablee.fr', {
          fromStatus: 3,
          reason: null,
          deposit,
          amountCents: 26_400,
        }).text,
      );
    expect(owner('refunded')).toContain('Arrhes reçues : 264,00 €, à rembourser au client (annulation dans le délai de vos conditions d’annulation).\n');
    expect(owner('kept', { deposit: ACOMPTE })).toContain('Acompte reçu : 264,00 €, conservé selon vos conditions d’annulation');
    expect(owner('kept')).toContain('Arrhes reçues : 264,00 €, conservées selon vos conditions d’annulation');
    expect(owner('refunded', { restaurant: { ...reservation().restaurant, onlinePayment: true } })).toContain(
      'à rembourser au client (annulation dans le délai de vos conditions d’annulation). Ce qu’il a payé en ligne lui est remboursé automatiquement sur sa carte : ne remboursez vous-même que ce qu’il a réglé autrement.',
    );
    expect(owner(null, { status: 4, amount_received_cents: null })).toContain('Les arrhes n’avaient pas été reçues : rien à rembourser.');
    expect(owner(null, { deposit: ACOMPTE, amount_received_cents: null })).toContain('L’acompte n’avait pas été reçu : rien à rembourser.');
  });

  it('the acknowledgement of a request: « des arrhes … seront à régler », « un acompte … sera à régler »', () => {
    expect(plain(requestReceivedMail(reservation(), 'helene@exemple.fr', NOW).text)).toContain('des arrhes de 30 % du total, soit 264,00 € seront à régler pour confirmer la réservation.');
    expect(plain(requestReceivedMail(reservation({ deposit: ACOMPTE }), 'helene@exemple.fr', NOW).text)).toContain(
      'un acompte de 30 % du total, soit 264,00 € sera à régler pour confirmer la réservation.',
    );
  });
});

describe('French wording', () => {
  it('« l’équipe du Petit Zinc », « de la Table », « d’Odette »', () => {
    const invitation = (restaurant_name: string) =>
      invitationMail(
        'i',
        { restaurant_name, email: 'gerant@exemple.fr', role: 'manager', invited_by: 'marie@zinc.fr', expires_at: '2026-12-07T10:00:00Z' } as Parameters<typeof invitationMail>[1],
        't',
        'https://app.tablee.fr',
      );
    expect(invitation('Le Petit Zinc').subject).toBe('Invitation à rejoindre l’équipe du Petit Zinc sur Tablée');
    expect(invitation('La Table de Margaux').text).toContain('l’équipe de la Table de Margaux');
    expect(invitation('Odette').text).toContain('l’équipe d’Odette');
  });

  it('a transfer said once: « Ou par virement : à …, IBAN … »', () => {
    const text = confirmationMail(reservation({ status: 1 }), 'accept', 'helene@exemple.fr', {}, '2026-11-30').text;
    expect(text).toContain('Ou par virement : à SAS Le Petit Zinc, IBAN FR76');
    expect(text).not.toContain('virement : par virement');
  });

  it('a cancellation the customer asked for is not « au regret », and gives no « Raison : À la demande du client »', () => {
    const mail = confirmationMail(reservation({ status: 4 }), 'cancel', 'helene@exemple.fr', { reason: 'demande_du_client' }, '2026-11-30');
    expect(mail.text).not.toContain('au regret');
    expect(mail.text).not.toContain('Raison : À la demande du client');
    expect(mail.text).toContain('Comme vous l’avez demandé, Le Petit Zinc a annulé votre réservation.');
    // The restaurant's own reason keeps its words.
    expect(confirmationMail(reservation({ status: 4 }), 'cancel', 'helene@exemple.fr', { reason: 'fermeture_exceptionnelle' }, '2026-11-30').text).toContain('Raison : Fermeture exceptionnelle');
  });
});
