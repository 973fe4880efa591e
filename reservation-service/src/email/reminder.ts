import { formatLongDate } from '@tablee/shared/format';
import { escapeHtml } from '../lib/html';
import { formatDeadline, formatParty, formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';
import { decisionLink } from '../reservations/links';
import { button, emailLayout, factLines, paragraph, prose } from './layout';
import type { Mail } from './mailer';
import { allergiesHtml, allergiesLine } from './request-summary';

/**
 * The owner's reminder of a request not answered within the response time the restaurant promised:
 * the group's allergies first (in red), who, when, how many, when the customer was promised an answer
 * (respond_by, counted within the opening hours), and the two one-click links (no sign-in needed).
 */
export function reminderMail(r: ReservationDetails, to: string, appUrl: string, now: Date = new Date()): Mail {
  const link = (action: 'accept' | 'reject') => decisionLink(appUrl, r, action);
  const subject = `Demande en attente de réponse : ${r.customer_name || 'un client'}, ${formatLongDate(r.reservation_date)} (${r.numero_reservation_restaurateur})`;
  const intro = `Cette demande de réservation attend votre réponse depuis plus longtemps que le délai de réponse que vous avez indiqué.`;
  const facts: [string, string][] = [
    ['Client', r.customer_name || 'non précisé'],
    ['Date', formatLongDate(r.reservation_date)],
    ['Heure d’arrivée', formatTime(r.arrival_time)],
    ['Nombre de personnes', formatParty(r.number_people, r.children)],
    ['Réservation', r.numero_reservation_restaurateur],
    ...(r.respond_by ? ([['Réponse promise au client', formatDeadline(r.respond_by, now)]] as [string, string][]) : []),
  ];
  const text = [
    'Bonjour,',
    '',
    allergiesLine(r),
    '',
    intro,
    '',
    ...facts.map(([label, value]) => `- ${label} : ${value}`),
    '',
    `Accepter : ${link('accept')}`,
    `Refuser : ${link('reject')}`,
    '',
    'Ce rappel n’est envoyé qu’une fois par demande.',
    '',
    'Tablée',
  ].join('\n');
  const html = emailLayout(
    [
      paragraph('Bonjour,'),
      allergiesHtml(r),
      paragraph(prose(intro)),
      factLines(facts),
      `<div style="margin:16px 0 8px">${button(link('accept'), 'Accepter la demande', { background: '#237804', text: '#ffffff', border: '#237804' })}${button(link('reject'), 'Refuser la demande', { background: '#ffffff', text: '#a8071a', border: '#a8071a' })}</div>`,
      paragraph('Ce rappel n’est envoyé qu’une fois par demande.', 'color:#595959;font-size:13px'),
      paragraph(escapeHtml('Tablée')),
    ].join('\n'),
    { title: subject, from: `Tablée · ${r.restaurant.name}`, preheader: intro },
  );
  return { to, fromName: `Tablée · ${r.restaurant.name}`, subject, text, html, tag: `${r.numero_reservation}-rappel` };
}
