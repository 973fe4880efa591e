import { CANCELLATION_REASONS, REFUSAL_REASONS } from '@tablee/shared/reservation-status';
import { escapeHtml } from '../lib/html';
import { balance } from '../lib/deposit';
import { formatDate, formatEuros, formatOption, formatParty, formatTime } from '../lib/format';
import type { Action } from '../reservations/outcomes';
import type { ReservationDetails } from '../reservations/details';
import type { DecisionReason } from '../reservations/transition';
import type { Mail } from './mailer';

const label = (labels: Record<string, string>, code: string | undefined, detail: string | undefined) =>
  code === 'autre' || !code ? detail : `${labels[code] ?? code}${detail ? ` — ${detail}` : ''}`;

/**
 * The customer's e-mail after the restaurant decided (French, one per transition), to `to` only:
 * accepted, refused (with its reason and the restaurant's proposal), acompte received, cancelled
 * (with its reason).
 */
export function confirmationMail(r: ReservationDetails, action: Action, to: string, why: DecisionReason = {}): Mail {
  const name = r.restaurant.name;
  const TEXTS: Record<Action, { subject: string; intro: string; heading: string; closing: string; tag: string }> = {
    accept: {
      subject: `Votre réservation chez ${name} est confirmée`,
      intro: `${name} a le plaisir de confirmer votre réservation.`,
      heading: 'Récapitulatif de votre réservation :',
      closing: 'Conservez ce code de réservation : il vous sera demandé à votre arrivée. Nous avons hâte de vous accueillir !',
      tag: 'acceptee',
    },
    reject: {
      subject: `Votre demande de réservation chez ${name} n’a pas pu être acceptée`,
      intro: `Nous sommes au regret de vous informer que ${name} ne peut pas accepter votre demande de réservation.`,
      heading: 'Rappel de votre demande :',
      closing: 'Nous espérons avoir le plaisir de vous accueillir une autre fois.',
      tag: 'refusee',
    },
    paid: {
      subject: `Acompte reçu : votre réservation chez ${name}`,
      intro: `${name} a bien reçu votre acompte : votre réservation est confirmée.`,
      heading: 'Récapitulatif de votre réservation :',
      closing: 'Conservez ce code de réservation : il vous sera demandé à votre arrivée. Nous avons hâte de vous accueillir !',
      tag: 'acompte-recu',
    },
    cancel: {
      subject: `Votre réservation chez ${name} est annulée`,
      intro: `Nous sommes au regret de vous informer que ${name} a annulé votre réservation.`,
      heading: 'Rappel de la réservation annulée :',
      closing: 'Pour toute question, répondez simplement à cet e-mail ou contactez le restaurant.',
      tag: 'annulee',
    },
  };
  const { subject, intro, heading, closing, tag } = TEXTS[action];
  const reason = action === 'reject' ? label(REFUSAL_REASONS, why.reason, why.reason_detail) : action === 'cancel' ? label(CANCELLATION_REASONS, why.reason, why.reason_detail) : undefined;
  const { received, remaining } = balance(r.total_amount, r.restaurant.billing, action === 'paid');
  const notes: [string, string][] = [
    ...(reason ? ([['Raison', reason]] as [string, string][]) : []),
    ...(action === 'reject' && why.proposal ? ([['Le restaurant vous propose', why.proposal]] as [string, string][]) : []),
    ...(action === 'paid' ? ([['Acompte reçu', formatEuros(received)], ['Reste à payer', formatEuros(remaining)]] as [string, string][]) : []),
  ];
  const summary: [string, string][] = [
    ['Restaurant', name],
    ['Date', formatDate(r.reservation_date)],
    ['Heure d’arrivée', formatTime(r.arrival_time)],
    ['Nombre de personnes', formatParty(r.number_people, r.children)],
    ['Menu', r.menu?.name ?? r.selected_menu ?? 'non précisé'],
    ['Options', r.options.length ? r.options.map(formatOption).join(', ') : 'aucune'],
    ['Total', formatEuros(r.total_amount)],
    ['Code de réservation', r.code_reservation],
  ];
  const text = [
    `Bonjour ${r.customer_name},`,
    '',
    intro,
    ...notes.map(([l, v]) => `${l} : ${v}`),
    '',
    heading,
    ...summary.map(([label, value]) => `- ${label} : ${value}`),
    '',
    closing,
    '',
    'Cordialement,',
    name,
  ].join('\n');
  const html = `<p>Bonjour ${escapeHtml(r.customer_name)},</p>
<p>${escapeHtml(intro)}</p>
${notes.map(([l, v]) => `<p><strong>${escapeHtml(l)} :</strong> ${escapeHtml(v)}</p>`).join('\n')}
<p>${escapeHtml(heading)}</p>
<ul>${summary.map(([l, v]) => `<li><strong>${escapeHtml(l)} :</strong> ${escapeHtml(v)}</li>`).join('')}</ul>
<p>${escapeHtml(closing)}</p>
<p>Cordialement,<br>${escapeHtml(name)}</p>`;
  return { to, subject, text, html, tag: `${r.numero_reservation}-${tag}` };
}
