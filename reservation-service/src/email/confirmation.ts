import { escapeHtml } from '../lib/html';
import { formatDate, formatEuros, formatOption, formatParty, formatTime } from '../lib/format';
import type { Action } from '../reservations/outcomes';
import type { ReservationDetails } from '../reservations/details';
import type { Mail } from './mailer';

/** The customer's e-mail after the restaurant accepted or refused the request (French, one per transition), to `to` only. */
export function confirmationMail(r: ReservationDetails, action: Action, to: string): Mail {
  const name = r.restaurant.name;
  const accepted = action === 'accept';
  const subject = accepted
    ? `Votre réservation chez ${name} est confirmée`
    : `Votre demande de réservation chez ${name} n’a pas pu être acceptée`;
  const intro = accepted
    ? `${name} a le plaisir de confirmer votre réservation.`
    : `Nous sommes au regret de vous informer que ${name} ne peut pas accepter votre demande de réservation.`;
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
  const heading = accepted ? 'Récapitulatif de votre réservation :' : 'Rappel de votre demande :';
  const closing = accepted
    ? 'Conservez ce code de réservation : il vous sera demandé à votre arrivée. Nous avons hâte de vous accueillir !'
    : 'Nous espérons avoir le plaisir de vous accueillir une autre fois.';
  const text = [
    `Bonjour ${r.customer_name},`,
    '',
    intro,
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
<p>${escapeHtml(heading)}</p>
<ul>${summary.map(([l, v]) => `<li><strong>${escapeHtml(l)} :</strong> ${escapeHtml(v)}</li>`).join('')}</ul>
<p>${escapeHtml(closing)}</p>
<p>Cordialement,<br>${escapeHtml(name)}</p>`;
  return { to, subject, text, html, tag: `${r.numero_reservation}-${accepted ? 'acceptee' : 'refusee'}` };
}
