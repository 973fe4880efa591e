import { sumWords, yourDepositText } from '@tablee/domain/deposit';
import { formatCents } from '@tablee/domain/payments';
import { statusFromCode } from '@tablee/domain/reservation-status';
import { formatLongDate, parisToday } from '@tablee/shared/format';
import { balance, depositDeadline } from '../lib/deposit';
import { escapeHtml } from '../lib/html';
import { formatShortDate, formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';
import { paymentAndPolicies, termsHtml, termText, type Term } from './confirmation';
import type { Mail } from './mailer';
import { emailLayout, factsTable, heading, notice, paragraph, prose, subheading } from './layout';
import { requestFacts } from './request-summary';
import { pageLinkHtml, pageLinkText } from './customer-page';

/**
 * Where the reservation stands after the change: accepted with arrhes or an acompte not yet received is
 * not confirmed (those of the new total are what it waits for); paid, what was received stays
 * received; otherwise it stays confirmed.
 */
function standing(r: ReservationDetails, today: string): { text: string; awaitsAcompte: boolean } {
  const paid = statusFromCode(r.status) === 'paid';
  const deposit = r.deposit;
  if (!paid && deposit?.method === 'acompte') {
    return {
      text: `Elle sera confirmée dès réception de ${yourDepositText(deposit)} (sur le nouveau total), à régler avant le ${formatLongDate(depositDeadline(r.reservation_date, today))}.`,
      awaitsAcompte: true,
    };
  }
  if (paid && deposit?.method === 'acompte') {
    const sum = sumWords(deposit);
    return { text: `Elle reste confirmée : ${sum.your} ${sum.plural ? 'ont' : 'a'} bien été ${sum.agree('reçu')}.`, awaitsAcompte: false };
  }
  return { text: 'Elle reste confirmée ; voici ses nouvelles informations.', awaitsAcompte: false };
}

/**
 * The customer's e-mail after the restaurant changed an accepted or paid reservation (Modifier): what
 * changed (`changes`, the change as modify_reservation summed it up for the customer, internal notes
 * left out), where the reservation now stands and what is now owed (the arrhes or acompte of the new total, or
 * what was received and what remains), the reservation as it now stands (rendered when sent: the
 * latest details) with its allergies and diets as the kitchen has them, and the code to show on
 * arrival, and the link to the customer's own page. Reply-To the restaurant: a correction goes to it.
 */
export function reservationModifiedMail(r: ReservationDetails, to: string, changes: string | null = null, today: string = parisToday()): Mail {
  const name = r.restaurant.name;
  const subject = `Réservation modifiée : ${name}, ${formatShortDate(r.reservation_date)} à ${formatTime(r.arrival_time)}`;
  const { text: stands, awaitsAcompte } = standing(r, today);
  const intro = `${name} a modifié votre réservation.`;
  const changed = changes ? `Ce qui change : ${changes}` : null;
  const replyTo = r.restaurant.contact?.email_address ?? undefined;
  const question = replyTo
    ? 'Une erreur ou une question ? Répondez simplement à cet e-mail : votre message arrive directement au restaurant.'
    : 'Une erreur ou une question ? Contactez directement le restaurant.';
  const facts = [
    ...requestFacts(r, { guarantee: false }),
    ...(r.dietary_notes ? ([['Allergies et régimes', r.dietary_notes]] as [string, string][]) : []),
    ['Code de réservation', r.code_reservation] as [string, string],
  ];
  const paid = statusFromCode(r.status) === 'paid';
  const { receivedCents } = balance(r.total_amount, r.deposit, r.restaurant.billing, paid, r.amount_received_cents);
  const sum = sumWords(r.deposit);
  const owed: Term[] = [...(paid && receivedCents > 0 ? ([[`${sum.label} ${sum.agree('reçu')}`, formatCents(receivedCents)]] as Term[]) : []), ...paymentAndPolicies(r, paid, today)];

  const text = [
    `Bonjour ${r.customer_name},`,
    '',
    intro,
    ...(changed ? [changed] : []),
    stands,
    ...(r.customerPageUrl ? ['', ...pageLinkText(r)] : []),
    '',
    'Votre réservation :',
    ...facts.map(([label, value]) => `- ${label} : ${value}`),
    '',
    'Paiement et conditions :',
    ...owed.map(termText),
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
      changed ? paragraph(`<strong>${prose(changed)}</strong>`) : '',
      awaitsAcompte ? notice(prose(stands)) : paragraph(prose(stands)),
      pageLinkHtml(r),
      subheading('Votre réservation'),
      factsTable(facts),
      subheading('Paiement et conditions'),
      termsHtml(owed),
      paragraph(prose('Conservez ce code de réservation : il vous sera demandé à votre arrivée.'), 'margin-top:20px'),
      paragraph(prose(question)),
      paragraph(`À bientôt,<br>${escapeHtml(name)}`, 'margin-top:20px'),
    ]
      .filter(Boolean)
      .join('\n'),
    { title: subject, from: name, preheader: changed ?? intro },
  );
  return { to, fromName: name, replyTo, subject, text, html, tag: `${r.numero_reservation}-modifiee` };
}
