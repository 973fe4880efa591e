import { formatCents } from '@tablee/domain/payments';
import { formatLongDate } from '@tablee/shared/format';
import { escapeHtml } from '../lib/html';
import { formatParty, formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';
import { button, emailLayout, heading, paragraph, prose } from './layout';
import type { Mail } from './mailer';

/**
 * After 'Non présenté', the no-show fee the CGV state could not be charged on the saved card without
 * the customer's authentication (their bank asked for it): the customer is asked to settle it from
 * the link of their page (the service's pay link makes the Checkout Session). From the restaurant's
 * name, Reply-To its contact address.
 */
export function noShowFeeMail(r: ReservationDetails, to: string, amountCents: number): Mail {
  const name = r.restaurant.name;
  const amount = formatCents(amountCents);
  const subject = `Frais de non-présentation : ${name} vous demande de confirmer le paiement`;
  const when = `le ${formatLongDate(r.reservation_date)}${r.arrival_time ? ` à ${formatTime(r.arrival_time)}` : ''}`;
  const facts = `Vous étiez attendus chez ${name} ${when} pour ${formatParty(r.number_people, r.children)}, et le restaurant vous a noté absents.`;
  const terms = `Ses conditions générales de vente prévoient des frais de non-présentation de ${amount}, à régler avec la carte enregistrée lors de votre réservation. Votre banque demande votre confirmation : réglez-les depuis le lien ci-dessous.`;
  const closing = 'Une question, une erreur ? Répondez simplement à cet e-mail : votre message arrive directement au restaurant.';
  const payUrl = r.customerPayUrl ?? r.customerPageUrl ?? '';
  const label = `Régler les frais de non-présentation — ${amount}`;
  const text = [`Bonjour ${r.customer_name},`, '', facts, '', terms, '', `${label} : ${payUrl}`, '', closing, '', 'Cordialement,', name].join('\n');
  const html = emailLayout(
    [
      heading(subject),
      paragraph(`Bonjour ${escapeHtml(r.customer_name)},`),
      paragraph(prose(facts)),
      paragraph(prose(terms)),
      payUrl ? paragraph(button(payUrl, label)) : '',
      paragraph(prose(closing)),
      paragraph(`Cordialement,<br>${escapeHtml(name)}`),
    ]
      .filter(Boolean)
      .join('\n'),
    { title: subject, from: name, preheader: terms },
  );
  return { to, fromName: name, replyTo: r.restaurant.contact?.email_address ?? undefined, subject, text, html, tag: `${r.numero_reservation}-frais-non-presentation` };
}
