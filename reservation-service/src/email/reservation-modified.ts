import { escapeHtml } from '../lib/html';
import { formatShortDate, formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';
import type { Mail } from './mailer';
import { emailLayout, factsTable, heading, paragraph, prose, subheading } from './layout';
import { requestFacts } from './request-summary';

/**
 * The customer's e-mail after the restaurant changed an accepted or paid reservation (Modifier): the
 * reservation as it now stands (rendered when sent: the latest details), its allergies and diets as
 * the kitchen has them, the code to show on arrival. Reply-To the restaurant: a correction goes to it.
 */
export function reservationModifiedMail(r: ReservationDetails, to: string): Mail {
  const name = r.restaurant.name;
  const subject = `Réservation modifiée : ${name}, ${formatShortDate(r.reservation_date)} à ${formatTime(r.arrival_time)}`;
  const intro = `${name} a modifié votre réservation. Elle reste confirmée ; voici ses nouvelles informations.`;
  const replyTo = r.restaurant.contact?.email_address ?? undefined;
  const question = replyTo
    ? 'Une erreur ou une question ? Répondez simplement à cet e-mail : votre message arrive directement au restaurant.'
    : 'Une erreur ou une question ? Contactez directement le restaurant.';
  const facts = [
    ...requestFacts(r, { guarantee: false }),
    ...(r.dietary_notes ? ([['Allergies et régimes', r.dietary_notes]] as [string, string][]) : []),
    ['Numéro de réservation', r.numero_reservation_restaurateur] as [string, string],
    ['Code de réservation', r.code_reservation] as [string, string],
  ];

  const text = [
    `Bonjour ${r.customer_name},`,
    '',
    intro,
    '',
    'Votre réservation :',
    ...facts.map(([label, value]) => `- ${label} : ${value}`),
    '',
    'Conservez ce code de réservation : il vous sera demandé à votre arrivée.',
    question,
    '',
    'À bientôt,',
    name,
  ].join('\n');

  // The one layout of every e-mail (layout.ts), from the restaurant's name.
  const html = emailLayout(
    [
      heading('Réservation modifiée'),
      paragraph(`Bonjour ${prose(r.customer_name)},`),
      paragraph(prose(intro)),
      subheading('Votre réservation'),
      factsTable(facts),
      paragraph(prose('Conservez ce code de réservation : il vous sera demandé à votre arrivée.'), 'margin-top:20px'),
      paragraph(prose(question)),
      paragraph(`À bientôt,<br>${escapeHtml(name)}`, 'margin-top:20px'),
    ].join('\n'),
    { title: subject, from: name, preheader: intro },
  );
  return { to, fromName: name, replyTo, subject, text, html, tag: `${r.numero_reservation}-modifiee` };
}
