/**
 * The restaurant's e-mails of what a customer did on their own page (/ma-reservation/{token}): a
 * change of the headcount or the allergies, a cancellation, a message. To the restaurant's contact
 * address, from its own assistant ('Tablée · {restaurant}'), Reply-To the customer; each links to the
 * reservation (or the conversation) in the app. Never the customer's page itself: its link is theirs.
 */
import { acceptanceSummary, acceptanceWarnings, type AcceptanceCheck } from '@tablee/domain/acceptance';
import { depositNature, sumWords } from '@tablee/domain/deposit';
import { formatCents } from '@tablee/domain/payments';
import { RESERVATION_STATUS_BADGES, statusFromCode } from '@tablee/domain/reservation-status';
import { formatLongDate } from '@tablee/shared/format';
import { escapeHtml } from '../lib/html';
import { formatParty, formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';
import { conversationAppLink, reservationAppLink } from '../reservations/links';
import type { Mail } from './mailer';
import { BRAND_COLOURS, button, emailLayout, factsTable, heading, notice, paragraph, prose, subheading, type Fact } from './layout';
import { customerFacts } from './new-request';
import { allergiesHtml, allergiesLine, quote, requestFacts } from './request-summary';

const FOOTER = 'Tablée, l’assistant des réservations de groupe de votre restaurant.';

/** Who: the customer's name, or 'Le client'. */
const who = (r: ReservationDetails) => r.customer_name?.trim() || 'Le client';

/** The cancellation the customer made, as its history row recorded it (reservation_events). */
export interface CustomerCancellation {
  /** The status it was cancelled from (a pending request, an accepted or a paid reservation). */
  fromStatus: number | null;
  /** The customer's reason, in their words. */
  reason: string | null;
  /** What a paid reservation received (arrhes, an acompte, the whole price): to refund (cancelled within the CGV's deadline) or kept (after it). */
  deposit: 'refunded' | 'kept' | null;
  amountCents: number | null;
}

/** The reservation in the app, as a plain link under the buttons. */
const appLinkHtml = (href: string, label: string) => paragraph(`<a href="${escapeHtml(href)}" style="color:${BRAND_COLOURS.link}">${escapeHtml(label)}</a>`);

function mail(r: ReservationDetails, to: string, subject: string, text: string[], body: string[], preheader: string, tag: string): Mail {
  const from = `Tablée · ${r.restaurant.name}`;
  return {
    to,
    fromName: from,
    // Answering the e-mail writes to the customer, as the new request's does.
    replyTo: r.email_address ?? undefined,
    subject,
    text: [...text, '', 'Tablée'].join('\n'),
    html: emailLayout(body.filter(Boolean).join('\n'), { title: subject, from, preheader, footer: FOOTER }),
    tag,
  };
}

const factText = (facts: Fact[]) => facts.map(([label, value]) => `- ${label} : ${value}`);

/**
 * '{customer} a modifié sa réservation R-0042': what changed (the history's words), the group's
 * allergies first, where the service now stands against its capacity (the acceptance check: its
 * warnings, and for a request still pending the covers once accepted), and the reservation as it now is.
 */
export function ownerCustomerChangedMail(r: ReservationDetails, to: string, appUrl: string, changes: string | null, check: AcceptanceCheck | null): Mail {
  const subject = `${who(r)} a modifié sa réservation ${r.numero_reservation_restaurateur}`;
  const status = statusFromCode(r.status);
  const changed = `Ce qui change : ${changes ?? 'voir la réservation dans Tablée'}`;
  const standing =
    status === 'pending'
      ? 'La demande attend toujours votre réponse.'
      : status === 'accepted' || status === 'paid'
        ? 'La réservation reste acceptée avec ces nouvelles informations : vérifiez que vous pouvez les suivre, sinon contactez le client.'
        : `Statut de la réservation : ${RESERVATION_STATUS_BADGES[status].label}.`;
  const warnings = check ? acceptanceWarnings(check) : [];
  const plan = check && status === 'pending' ? acceptanceSummary(check) : null;
  const inApp = reservationAppLink(appUrl, r);
  const facts = requestFacts(r, { guarantee: true });
  const customer = customerFacts(r);
  const intro = `${who(r)} a modifié sa réservation du ${formatLongDate(r.reservation_date)} à ${formatTime(r.arrival_time)} depuis sa page.`;
  const text = [
    subject,
    '',
    allergiesLine(r),
    '',
    intro,
    changed,
    standing,
    ...(warnings.length ? ['', 'À vérifier :', ...warnings.map((w) => `- ${w}`)] : []),
    ...(plan ? ['', plan] : []),
    '',
    `Voir la réservation dans Tablée : ${inApp}`,
    '',
    'La réservation :',
    ...factText(facts),
    '',
    'Le client :',
    ...factText(customer),
  ];
  const body = [
    heading(subject),
    allergiesHtml(r),
    paragraph(prose(intro)),
    paragraph(`<strong>${prose(changed)}</strong>`),
    paragraph(prose(standing)),
    warnings.length ? notice(`<strong>À vérifier&nbsp;:</strong><ul style="margin:6px 0 0;padding-left:20px">${warnings.map((w) => `<li>${prose(w)}</li>`).join('')}</ul>`) : '',
    plan ? paragraph(prose(plan), 'color:#595959') : '',
    `<div style="margin:20px 0 8px">${button(inApp, 'Voir la réservation dans Tablée')}</div>`,
    subheading('La réservation'),
    factsTable(facts),
    subheading('Le client'),
    factsTable(customer),
  ];
  return mail(r, to, subject, text, body, changed, `${r.numero_reservation}-modifiee-par-le-client`);
}

/**
 * What becomes of what the customer paid (arrhes or an acompte, in your CGV's word; a payment when
 * nothing was asked in advance), for the restaurant: to refund, kept, or nothing received. With the
 * restaurant's own Stripe account, what was paid online is refunded online by Tablée.
 */
function acompteLine(r: ReservationDetails, c: CustomerCancellation): string {
  const amount = formatCents(c.amountCents ?? r.amount_received_cents ?? 0);
  const sum = sumWords(r.deposit);
  if (c.deposit === 'refunded') {
    const online = r.restaurant.onlinePayment ? ' Ce qu’il a payé en ligne lui est remboursé automatiquement sur sa carte : ne remboursez vous-même que ce qu’il a réglé autrement.' : '';
    return `${sum.label} ${sum.agree('reçu')} : ${amount}, à rembourser au client (annulation dans le délai de vos conditions d’annulation).${online}`;
  }
  if (c.deposit === 'kept')
    return `${sum.label} ${sum.agree('reçu')} : ${amount}, ${sum.agree('conservé')} selon vos conditions d’annulation (annulation après le délai) ; le client en a été informé.`;
  if (c.fromStatus !== null && statusFromCode(c.fromStatus) === 'pending') return 'C’était une demande en attente : rien n’avait été demandé à l’avance.';
  const nature = depositNature(r.deposit);
  if (!nature) return 'Rien n’était demandé à l’avance : rien à rembourser.';
  return `${sum.the.charAt(0).toUpperCase()}${sum.the.slice(1)} ${sum.plural ? 'n’avaient' : 'n’avait'} pas été ${sum.agree('reçu')} : rien à rembourser.`;
}

/**
 * '{customer} a annulé sa réservation R-0042': their reason, what becomes of what they paid (to refund
 * within the deadline, kept after it), that the covers are free again, and the reservation as it was.
 */
export function ownerCustomerCancelledMail(r: ReservationDetails, to: string, appUrl: string, cancellation: CustomerCancellation): Mail {
  const subject = `${who(r)} a annulé sa réservation ${r.numero_reservation_restaurateur}`;
  const intro = `${who(r)} a annulé depuis sa page sa réservation du ${formatLongDate(r.reservation_date)} à ${formatTime(r.arrival_time)} (${formatParty(r.number_people, r.children)}).`;
  const acompte = acompteLine(r, cancellation);
  const freed = 'Ses couverts ne sont plus comptés sur votre planning. Le client a reçu la confirmation de son annulation par e-mail.';
  const inApp = reservationAppLink(appUrl, r);
  const facts: Fact[] = [...requestFacts(r, { guarantee: true }), ['Code de réservation', r.code_reservation]];
  const customer = customerFacts(r);
  const text = [
    subject,
    '',
    intro,
    '',
    'Sa raison :',
    cancellation.reason ?? 'non précisée',
    '',
    acompte,
    freed,
    '',
    `Voir la réservation dans Tablée : ${inApp}`,
    '',
    'La réservation annulée :',
    ...factText(facts),
    '',
    'Le client :',
    ...factText(customer),
  ];
  const body = [
    heading(subject),
    paragraph(prose(intro)),
    subheading('Sa raison'),
    cancellation.reason ? quote(cancellation.reason) : paragraph('non précisée'),
    cancellation.deposit ? notice(prose(acompte)) : paragraph(prose(acompte)),
    paragraph(prose(freed)),
    `<div style="margin:20px 0 8px">${button(inApp, 'Voir la réservation dans Tablée')}</div>`,
    subheading('La réservation annulée'),
    factsTable(facts),
    subheading('Le client'),
    factsTable(customer),
  ];
  return mail(r, to, subject, text, body, `${intro} ${acompte}`, `${r.numero_reservation}-annulee-par-le-client`);
}

/**
 * 'Message de {customer} (R-0042)': their words as written, and where to answer: the conversation in
 * the app (the reply shows on their page and reaches them by e-mail), the reservation beside it.
 */
export function ownerCustomerMessageMail(r: ReservationDetails, to: string, appUrl: string, message: string, conversationId: string): Mail {
  const subject = `Message de ${who(r)} : réservation ${r.numero_reservation_restaurateur}`;
  const intro = `${who(r)} vous écrit depuis sa page de réservation (${formatLongDate(r.reservation_date)} à ${formatTime(r.arrival_time)}, ${formatParty(r.number_people, r.children)}) :`;
  const answerIn = conversationAppLink(appUrl, r.restaurant_id, conversationId);
  const inApp = reservationAppLink(appUrl, r);
  const how = r.email_address ? 'Répondez dans Tablée : votre réponse s’affiche sur sa page et lui est envoyée par e-mail.' : 'Répondez dans Tablée : votre réponse s’affiche sur sa page.';
  const facts: Fact[] = [
    ['Statut', RESERVATION_STATUS_BADGES[statusFromCode(r.status)].label],
    ['Date', formatLongDate(r.reservation_date)],
    ['Heure d’arrivée', formatTime(r.arrival_time)],
    ['Personnes', formatParty(r.number_people, r.children)],
    ...customerFacts(r),
  ];
  const text = [subject, '', intro, '', message, '', how, `Répondre dans Tablée : ${answerIn}`, `Voir la réservation dans Tablée : ${inApp}`, '', 'La réservation :', ...factText(facts)];
  const body = [
    heading(subject),
    paragraph(prose(intro)),
    quote(message),
    paragraph(prose(how)),
    `<div style="margin:20px 0 8px">${button(answerIn, 'Répondre dans Tablée')}</div>`,
    appLinkHtml(inApp, 'Voir la réservation dans Tablée'),
    subheading('La réservation'),
    factsTable(facts),
  ];
  return mail(r, to, subject, text, body, message.slice(0, 140), `${r.numero_reservation}-message-du-client`);
}
