import { formatEuros } from '@tablee/shared/format';
import { REMINDER_KINDS, REMINDER_TEMPLATES, reminderMessage } from '../../src/reminders';

/** The reminders' words: one text for the e-mail, the WhatsApp template's parameters and the owner's preview. */
const facts = {
  restaurantName: 'Le Comptoir des Halles',
  address: '12 rue des Halles, 69001 Lyon',
  customerName: 'Jeanne Dupont',
  date: '2026-12-21',
  arrivalTime: '20:00',
  guests: 14,
  // 19/12 at 20:00 in Paris (UTC+1 in winter).
  modifyUntil: '2026-12-19T19:00:00.000Z',
  deposit: 150,
  pageUrl: 'https://app.tablee.fr/ma-reservation/abc',
};

test('the final headcount: the meal, the deadline in Paris time, the page', () => {
  const m = reminderMessage('headcount', facts);
  expect(m.subject).toBe('Votre repas du Comptoir des Halles : confirmez le nombre de convives');
  expect(m.paragraphs).toEqual([
    'Bonjour Jeanne Dupont,',
    'Votre repas du Comptoir des Halles approche : lundi 21 décembre 2026 à 20:00, pour 14 personnes.',
    'Confirmez le nombre de convives et les choix de menus avant le samedi 19 décembre 2026 à 20:00 : la cuisine prépare ainsi exactement ce qu’il faut.',
    'Tout se fait sur votre page : https://app.tablee.fr/ma-reservation/abc',
  ]);
});

test('the day before: the address, the time, the guests, whom to tell', () => {
  const m = reminderMessage('day_before', { ...facts, guests: 1, arrivalTime: null });
  expect(m.subject).toBe('À demain : votre repas du Comptoir des Halles');
  expect(m.paragraphs.slice(1)).toEqual([
    'Le restaurant vous attend lundi 21 décembre 2026, pour 1 personne.',
    'Adresse : 12 rue des Halles, 69001 Lyon',
    'Un empêchement ? Prévenez le restaurant : https://app.tablee.fr/ma-reservation/abc',
  ]);
});

test('the sum due in advance: its amount in euros, in the CGV’s word (arrhes unless they say acompte), agreed', () => {
  const arrhes = reminderMessage('deposit', facts);
  expect(arrhes.subject).toBe('Votre réservation du Comptoir des Halles : les arrhes restent à verser');
  expect(arrhes.paragraphs.slice(1)).toEqual([
    `Votre réservation du lundi 21 décembre 2026 à 20:00 est acceptée ; les arrhes de ${formatEuros(150)} n’ont pas encore été reçues.`,
    'Versez-les pour garantir votre table : les moyens de paiement sont sur votre page, https://app.tablee.fr/ma-reservation/abc',
  ]);
  const acompte = reminderMessage('deposit', { ...facts, advanceNature: 'acompte' });
  expect(acompte.subject).toBe('Votre réservation du Comptoir des Halles : l’acompte reste à verser');
  expect(acompte.paragraphs.slice(1)).toEqual([
    `Votre réservation du lundi 21 décembre 2026 à 20:00 est acceptée ; l’acompte de ${formatEuros(150)} n’a pas encore été reçu.`,
    'Versez-le pour garantir votre table : les moyens de paiement sont sur votre page, https://app.tablee.fr/ma-reservation/abc',
  ]);
});

test('each message gives its WhatsApp template every parameter it declares', () => {
  for (const kind of REMINDER_KINDS) {
    expect(reminderMessage(kind, facts).templateParameters).toHaveLength(REMINDER_TEMPLATES[kind].parameters.length);
  }
});
