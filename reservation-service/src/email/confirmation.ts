import { CANCELLATION_REASONS, REFUSAL_REASONS } from '@tablee/domain/reservation-status';
import { formatPhone } from '@tablee/domain/phone';
import { formatLongDate, parisToday } from '@tablee/shared/format';
import { escapeHtml } from '../lib/html';
import { balance, depositDeadline, depositFor, depositText } from '../lib/deposit';
import { formatEuros, formatOption, formatParty, formatTime } from '../lib/format';
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
export function confirmationMail(r: ReservationDetails, action: Action, to: string, why: DecisionReason = {}, today: string = parisToday()): Mail {
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
    ...(action === 'paid'
      ? ([
          ['Acompte reçu', formatEuros(received)],
          ['Reste à payer', formatEuros(remaining)],
        ] as [string, string][])
      : []),
  ];
  const contact = r.restaurant.contact;
  // 'Téléphone du restaurant' when set, else the WhatsApp number (E.164), in French format.
  const stored = contact?.phone || contact?.whatsapp || r.restaurant.billing?.contact_phone || null;
  const phone = stored && formatPhone(stored);
  const summary: [string, string][] = [
    ['Restaurant', name],
    ...(r.restaurant.address ? ([['Adresse', r.restaurant.address]] as [string, string][]) : []),
    ...(phone ? ([['Téléphone du restaurant', phone]] as [string, string][]) : []),
    ['Date', formatLongDate(r.reservation_date)],
    ['Heure d’arrivée', formatTime(r.arrival_time)],
    ['Nombre de personnes', formatParty(r.number_people, r.children)],
    ['Menu', r.menu?.name ?? r.selected_menu ?? 'non précisé'],
    ['Options', r.options.length ? r.options.map(formatOption).join(', ') : 'aucune'],
    ['Total', formatEuros(r.total_amount)],
    ['Code de réservation', r.code_reservation],
  ];
  const terms = action === 'accept' || action === 'paid' ? paymentAndPolicies(r, action === 'paid', today) : [];
  const text = [
    `Bonjour ${r.customer_name},`,
    '',
    intro,
    ...notes.map(([l, v]) => `${l} : ${v}`),
    '',
    heading,
    ...summary.map(([label, value]) => `- ${label} : ${value}`),
    ...(terms.length ? ['', 'Paiement et conditions :', ...terms.map(([label, value]) => `- ${label} : ${value}`)] : []),
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
${terms.length ? `<p>Paiement et conditions :</p>\n<ul>${terms.map(([l, v]) => `<li><strong>${escapeHtml(l)} :</strong> ${linkify(v)}</li>`).join('')}</ul>` : ''}
<p>${escapeHtml(closing)}</p>
<p>Cordialement,<br>${escapeHtml(name)}</p>`;
  // Answers go to the restaurant (its contact address, when it is one valid address), not to Tablée.
  const replyTo = contact?.email_address ?? undefined;
  return { to, replyTo, subject, text, html, tag: `${r.numero_reservation}-${tag}` };
}

/** 'jusqu’à 48 h avant votre venue' for each CGV policy (spec §5: same_day, 24h, 48h, 72h, 7_days). */
const POLICY_TEXT: Record<string, string> = {
  same_day: 'possible jusqu’au jour même',
  '24h': 'possible jusqu’à 24 h avant votre venue',
  '48h': 'possible jusqu’à 48 h avant votre venue',
  '72h': 'possible jusqu’à 72 h (3 jours) avant votre venue',
  '7_days': 'possible jusqu’à 7 jours avant votre venue',
};

/**
 * What the customer of an accepted reservation must know to act: the acompte (how much, by when, how:
 * the restaurant's bank details from Facturation) or the card imprint, what remains and where, the
 * cancellation and modification policies and the CGV link.
 */
function paymentAndPolicies(r: ReservationDetails, paid: boolean, today: string): [string, string][] {
  const billing = r.restaurant.billing;
  const deposit = depositFor(r.total_amount, billing);
  const { where, acompteDue, afterAcompte } = balance(r.total_amount, billing, paid);
  const lines: [string, string][] = [];
  if (deposit?.method === 'acompte' && !paid) {
    lines.push(['Acompte à régler', `${depositText(deposit)}, avant le ${formatLongDate(depositDeadline(r.reservation_date, today))}`]);
    // How: the owner's payment link (any provider) first, then a transfer to the bank details of Facturation.
    if (billing?.payment_link) lines.push(['Payer l’acompte en ligne', billing.payment_link]);
    if (billing?.iban) {
      lines.push([
        billing.payment_link ? 'Ou par virement' : 'Comment le régler',
        `par virement${billing.company_name ? ` à ${billing.company_name}` : ''}, IBAN ${billing.iban}${billing.bic ? `, BIC ${billing.bic}` : ''}, en indiquant la référence ${r.numero_reservation_restaurateur}`,
      ]);
    }
    if (!billing?.payment_link && !billing?.iban) lines.push(['Comment le régler', 'le restaurant vous indiquera comment le régler ; répondez à cet email pour toute question']);
  } else if (deposit?.method === 'empreinte') {
    lines.push(['Garantie', `une ${depositText(deposit)} vous sera demandée pour garantir la réservation ; aucun montant n’est prélevé`]);
  }
  // An acompte still to pay: what remains once it is paid, said as such.
  lines.push(['Reste à payer', afterAcompte > 0 ? `${formatEuros(afterAcompte)}, ${where}${acompteDue ? ', une fois l’acompte réglé' : ''}` : `${formatEuros(0)}, tout est réglé`]);
  const cgv = r.restaurant.cgv;
  if (cgv) {
    lines.push(['Annulation', POLICY_TEXT[cgv.cancellation_policy] ?? cgv.cancellation_policy]);
    lines.push(['Modification', POLICY_TEXT[cgv.modification_policy] ?? cgv.modification_policy]);
    if (cgv.link) lines.push(['Conditions générales de vente', cgv.link]);
  }
  return lines;
}

/** An http(s) address as a link, anything else as text (both escaped). */
function linkify(value: string): string {
  return /^https?:\/\/\S+$/.test(value) ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
}
