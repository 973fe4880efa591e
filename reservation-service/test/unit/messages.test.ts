/**
 * What the messages say, rendered from a reservation as the sender reads it: allergies first and in
 * red wherever the owner can decide, the time the restaurant promised to answer, one reference for
 * the customer (the code de réservation), a change said as such with what is now owed, and French
 * built around the restaurant's name.
 */
import { confirmationMail } from '../../src/email/confirmation';
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
  amount_received: null,
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
  it('accepted with the acompte not yet paid: not « confirmée », the new acompte to pay, what changed', () => {
    const mail = reservationModifiedMail(reservation({ status: 1 }), 'helene@exemple.fr', '18 → 22 personnes, total 720,00 € → 880,00 €');
    expect(mail.text).not.toContain('reste confirmée');
    expect(mail.text).toContain('Ce qui change : 18 → 22 personnes, total 720,00 € → 880,00 €');
    expect(mail.text.replace(/\s/g, ' ')).toContain('Acompte à régler : acompte de 30 % du total, soit 264,00 €');
    expect(mail.text).toContain('Elle sera confirmée dès réception de votre acompte');
  });

  it('paid: what was received, what remains on the new total', () => {
    const mail = reservationModifiedMail(reservation({ status: 3, amount_received: 216 }), 'helene@exemple.fr', '18 → 22 personnes');
    expect(mail.text).toContain('Elle reste confirmée');
    expect(mail.text.replace(/\s/g, ' ')).toContain('Acompte reçu : 216,00 €');
    expect(mail.text.replace(/\s/g, ' ')).toContain('Reste à payer : 664,00 €, sur place');
  });

  it('accepted with nothing to pay in advance: it stays confirmed', () => {
    const mail = reservationModifiedMail(reservation({ status: 1, deposit: null }), 'helene@exemple.fr', 'arrivée 20:00 → 20:30');
    expect(mail.text).toContain('Elle reste confirmée');
    expect(mail.text).not.toContain('Acompte à régler');
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
