import { acceptanceSummary, acceptanceWarnings, type AcceptanceCheck } from '@tablee/domain/acceptance';
import { formatLongDate } from '@tablee/shared/format';
import { escapeHtml } from '../lib/html';
import { formatDeadline, formatShortDate, formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';
import { decisionLink, reservationAppLink } from '../reservations/links';
import type { Mail } from './mailer';
import { button, emailLayout, factsTable, heading, notice, paragraph, prose, subheading } from './layout';
import { allergiesHtml, allergiesLine, quote, requestFacts, type Fact } from './request-summary';

/** 'Nouvelle demande : 14 pers. le ven. 12 déc. à 20:00 (R-0042)' */
export function newRequestSubject(r: ReservationDetails): string {
  return `Nouvelle demande : ${r.number_people + r.children} pers. le ${formatShortDate(r.reservation_date)} à ${formatTime(r.arrival_time)} (${r.numero_reservation_restaurateur})`;
}

/** When the restaurant promised to answer: 'À traiter avant 21:30', or that the promise is already past. */
export function answerDeadline(r: ReservationDetails, now: Date = new Date()): string | null {
  if (!r.respond_by) return null;
  const when = formatDeadline(r.respond_by, now);
  return new Date(r.respond_by) > now ? `À traiter avant ${when}` : `Délai de réponse dépassé (${when}) : à traiter au plus vite`;
}

/** Who asked and how to answer them. */
export function customerFacts(r: ReservationDetails): Fact[] {
  return [
    ['Nom', r.customer_name || 'non précisé'],
    ['Téléphone', r.phone_number || 'non précisé'],
    ['E-mail', r.email || 'non précisé'],
  ];
}

/**
 * The restaurant's e-mail for a new request: the group's allergies first (in red), the request in full, by when the restaurant promised to
 * answer, what accepting it would do to the service (capacity, hours), the two one-click links (no
 * sign-in) and the request in the app. Reply-To the customer, so that a question goes straight to them.
 */
export function newRequestMail(r: ReservationDetails, to: string, appUrl: string, check: AcceptanceCheck | null, now: Date = new Date()): Mail {
  const subject = newRequestSubject(r);
  const intro = `${r.customer_name || 'Un client'} demande une table pour ${r.number_people + r.children} personnes le ${formatLongDate(r.reservation_date)} à ${formatTime(r.arrival_time)}.`;
  const deadline = answerDeadline(r, now);
  const warnings = check ? acceptanceWarnings(check) : [];
  const plan = check ? acceptanceSummary(check) : null;
  const accept = decisionLink(appUrl, r, 'accept');
  const reject = decisionLink(appUrl, r, 'reject');
  const inApp = reservationAppLink(appUrl, r);
  const facts = requestFacts(r, { guarantee: true });
  const customer = customerFacts(r);
  // With a warning, the one-click Accepter does not accept: it opens the request in the app, where the owner confirms.
  const linksNote = warnings.length
    ? 'Les boutons Accepter et Refuser fonctionnent sans vous connecter. Avec un point à vérifier, Accepter ne fait rien seul : il vous envoie vers la demande dans Tablée, où vous confirmez. Le client est prévenu par e-mail de votre réponse.'
    : 'Les boutons Accepter et Refuser fonctionnent sans vous connecter. Le client est prévenu par e-mail de votre réponse.';

  const text = [
    `Nouvelle demande de groupe ${r.numero_reservation_restaurateur}`,
    '',
    // What the kitchen must know comes before anything the owner decides on.
    allergiesLine(r),
    '',
    intro,
    ...(deadline ? [`${deadline}.`] : []),
    ...(warnings.length ? ['', 'Avant d’accepter :', ...warnings.map((w) => `- ${w}`)] : []),
    ...(plan ? ['', plan] : []),
    '',
    `Accepter : ${accept}`,
    `Refuser : ${reject}`,
    `Voir la demande dans Tablée : ${inApp}`,
    '',
    'La demande :',
    ...facts.map(([label, value]) => `- ${label} : ${value}`),
    '',
    'Le client :',
    ...customer.map(([label, value]) => `- ${label} : ${value}`),
    ...(r.customer_message ? ['', 'Son message :', r.customer_message] : []),
    '',
    linksNote,
    '',
    'Tablée',
  ].join('\n');

  const html = emailLayout(
    [
      heading(`Nouvelle demande de groupe ${r.numero_reservation_restaurateur}`),
      allergiesHtml(r),
      paragraph(prose(intro)),
      deadline ? paragraph(prose(deadline), 'font-weight:bold;color:#ad4e00') : '',
      warnings.length ? notice(`<strong>Avant d’accepter&nbsp;:</strong><ul style="margin:6px 0 0;padding-left:20px">${warnings.map((w) => `<li>${prose(w)}</li>`).join('')}</ul>`) : '',
      plan ? paragraph(prose(plan), 'color:#595959') : '',
      `<div style="margin:20px 0 8px">${button(accept, 'Accepter', { background: '#237804', text: '#ffffff', border: '#237804' })}${button(reject, 'Refuser', { background: '#ffffff', text: '#a8071a', border: '#a8071a' })}</div>`,
      paragraph(`<a href="${escapeHtml(inApp)}" style="color:#a33d17">Voir la demande dans Tablée</a>`),
      subheading('La demande'),
      factsTable(facts),
      subheading('Le client'),
      factsTable(customer),
      r.customer_message ? `${subheading('Son message')}${quote(r.customer_message)}` : '',
      paragraph(prose(linksNote), 'margin-top:20px;color:#595959;font-size:13px'),
    ]
      .filter(Boolean)
      .join('\n'),
    { title: subject, from: `Tablée · ${r.restaurant.name}`, preheader: deadline ?? intro, footer: 'Tablée, l’assistant des réservations de groupe de votre restaurant.' },
  );
  // From the restaurant's own assistant: the owner of several restaurants sees which one at once.
  return { to, fromName: `Tablée · ${r.restaurant.name}`, replyTo: r.email_address ?? undefined, subject, text, html, tag: `${r.numero_reservation}-nouvelle-demande` };
}
