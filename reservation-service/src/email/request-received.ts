import { formatLongDate } from '@tablee/shared/format';
import { aDepositText, ADVANCE_WORDS, depositNature } from '@tablee/domain/deposit';
import { depositText } from '../lib/deposit';
import { escapeHtml } from '../lib/html';
import { answerBy } from '@tablee/domain/french';
import { formatShortDate, formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';
import type { Mail } from './mailer';
import { emailLayout, factsTable, heading, paragraph, prose, subheading } from './layout';
import { quote, requestFacts } from './request-summary';
import { pageLinkHtml, pageLinkText } from './customer-page';

/** What happens once the restaurant accepts: the arrhes or the acompte (in the CGV's word), or the card imprint it will ask for, if any. */
function afterAcceptance(r: ReservationDetails): string {
  const deposit = r.deposit;
  const nature = depositNature(deposit);
  if (deposit?.method === 'acompte' && nature) {
    return `S’il l’accepte, vous recevrez un e-mail avec les modalités de paiement : ${aDepositText(deposit)} ${ADVANCE_WORDS[nature].willBe} à régler pour confirmer la réservation.`;
  }
  if (deposit?.method === 'empreinte') {
    return `S’il l’accepte, vous recevrez un e-mail de confirmation ; une ${depositText(deposit)} vous sera demandée pour garantir la réservation (aucun montant n’est prélevé).`;
  }
  return 'S’il l’accepte, vous recevrez un e-mail de confirmation : rien n’est demandé à l’avance.';
}

/**
 * The customer's acknowledgement of a new request: it is received, not yet confirmed; when the
 * restaurant promised to answer (respond_by), what comes next (the arrhes or acompte, if any), the request as
 * sent, and the link to the customer's own page. Reply-To the restaurant's contact address: an answer
 * goes to the restaurant, not to Tablée.
 */
export function requestReceivedMail(r: ReservationDetails, to: string, now: Date = new Date()): Mail {
  const name = r.restaurant.name;
  const subject = `Demande reçue : ${name}, ${formatShortDate(r.reservation_date)} à ${formatTime(r.arrival_time)}`;
  const intro = `${name} a bien reçu votre demande de réservation pour ${r.number_people + r.children} personnes le ${formatLongDate(r.reservation_date)} à ${formatTime(r.arrival_time)}.`;
  const pending = 'Elle n’est pas encore confirmée : le restaurant doit d’abord l’accepter.';
  const answer = r.respond_by ? `Le restaurant s’engage à vous répondre ${answerBy(r.respond_by, now)}, par e-mail.` : 'Le restaurant vous répondra par e-mail.';
  const next = afterAcceptance(r);
  const replyTo = r.restaurant.contact?.email_address ?? undefined;
  const question = replyTo ? 'Une question ? Répondez simplement à cet e-mail : votre message arrive directement au restaurant.' : null;
  // The customer's one reference, the same on every message they get and on the request page.
  const facts = [...requestFacts(r, { guarantee: false }), ['Code de réservation', r.code_reservation] as [string, string]];

  const text = [
    `Bonjour ${r.customer_name},`,
    '',
    intro,
    pending,
    '',
    answer,
    next,
    ...(r.customerPageUrl ? ['', ...pageLinkText(r)] : []),
    '',
    'Votre demande :',
    ...facts.map(([label, value]) => `- ${label} : ${value}`),
    ...(r.customer_message ? ['', 'Votre message :', r.customer_message] : []),
    ...(question ? ['', question] : []),
    '',
    'À bientôt,',
    name,
  ].join('\n');

  const html = emailLayout(
    [
      heading('Demande reçue'),
      paragraph(`Bonjour ${prose(r.customer_name)},`),
      paragraph(`${prose(intro)} ${prose(pending)}`),
      paragraph(`<strong>${prose(answer)}</strong> ${prose(next)}`),
      pageLinkHtml(r),
      subheading('Votre demande'),
      factsTable(facts),
      r.customer_message ? `${subheading('Votre message')}${quote(r.customer_message)}` : '',
      question ? paragraph(prose(question), 'margin-top:20px') : '',
      paragraph(`À bientôt,<br>${escapeHtml(name)}`, 'margin-top:20px'),
    ]
      .filter(Boolean)
      .join('\n'),
    { title: subject, from: name, preheader: pending },
  );
  return { to, fromName: name, replyTo, subject, text, html, tag: `${r.numero_reservation}-demande-recue` };
}
