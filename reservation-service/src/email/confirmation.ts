import { ADVANCE_WORDS, depositNature, sumWords, yourDepositText } from '@tablee/domain/deposit';
import { ADVANCE_NATURES, formatCents } from '@tablee/domain/payments';
import { CANCELLATION_REASONS, REFUSAL_REASONS } from '@tablee/domain/reservation-status';
import { formatPhone } from '@tablee/domain/phone';
import { formatLongDate, parisToday } from '@tablee/shared/format';
import { escapeHtml } from '../lib/html';
import { balance, depositDeadline, depositText, toCents } from '../lib/deposit';
import { formatEuros, formatOption, formatParty, formatTime } from '../lib/format';
import { button, emailLayout, factLines, factText, heading as titleHtml, linkify, notice, paragraph, prose, type Fact } from './layout';
import type { Action } from '../reservations/outcomes';
import type { ReservationDetails } from '../reservations/details';
import type { DecisionReason } from '../reservations/transition';
import type { Mail } from './mailer';
import { pageLinkHtml, pageLinkText } from './customer-page';

const label = (labels: Record<string, string>, code: string | undefined, detail: string | undefined) =>
  code === 'autre' || !code ? detail : `${labels[code] ?? code}${detail ? ` — ${detail}` : ''}`;

/** The decisions the customer is e-mailed of (a no-show is the restaurant's record only). */
export type MailAction = Exclude<Action, 'no_show'>;

/**
 * The customer's e-mail after the restaurant decided (French, one per transition), to `to` only:
 * accepted, refused (with its reason and the restaurant's proposal), the sum paid in advance received,
 * cancelled (with its reason, and for a paid reservation what becomes of what was paid; in the
 * customer's own words when they cancelled it themselves), each with the link to the customer's own
 * page. Money taken in advance is named as the CGV name it (arrhes or acompte: the deposit's nature).
 */
export function confirmationMail(r: ReservationDetails, action: MailAction, to: string, why: DecisionReason = {}, today: string = parisToday()): Mail {
  const name = r.restaurant.name;
  // Accepted with arrhes or an acompte still to pay: accepted, not yet confirmed — confirmed once they are received, by their deadline.
  const deposit = r.deposit;
  const acompte = action === 'accept' && deposit?.method === 'acompte' ? { text: yourDepositText(deposit), by: formatLongDate(depositDeadline(r.reservation_date, today)) } : null;
  // What was asked in advance, in the CGV's word (« vos arrhes », « votre acompte »), or a payment when nothing was.
  const sum = sumWords(deposit);
  // Cancelled by the customer on their own page (the history's actor), or by the restaurant at the customer's request.
  const ownCancellation = action === 'cancel' && why.actor === 'customer';
  const byCustomer = action === 'cancel' && (ownCancellation || why.reason === 'demande_du_client');
  const TEXTS: Record<MailAction, { subject: string; intro: string; heading: string; closing: string; tag: string }> = {
    accept: acompte
      ? {
          subject: `Votre demande chez ${name} est acceptée : réglez ${sum.the} pour la confirmer`,
          intro: `${name} a accepté votre demande de réservation. Elle sera confirmée dès réception de ${acompte.text}, à régler avant le ${acompte.by}.`,
          heading: 'Récapitulatif de votre réservation :',
          closing: `Vous recevrez un e-mail de confirmation dès que le restaurant aura reçu ${sum.your}. Conservez ce code de réservation : il vous sera demandé à votre arrivée.`,
          tag: 'acceptee',
        }
      : {
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
      subject: `${sum.label} ${sum.agree('reçu')} : votre réservation chez ${name}`,
      intro: `${name} a bien reçu ${sum.your} : votre réservation est confirmée.`,
      heading: 'Récapitulatif de votre réservation :',
      closing: 'Conservez ce code de réservation : il vous sera demandé à votre arrivée. Nous avons hâte de vous accueillir !',
      tag: 'acompte-recu',
    },
    cancel: ownCancellation
      ? {
          // The customer cancelled it themselves: what they did is recorded, and the restaurant knows.
          subject: `Annulation enregistrée : votre réservation chez ${name}`,
          intro: `Votre annulation est enregistrée : votre réservation chez ${name} est annulée et le restaurant en est informé.`,
          heading: 'Rappel de la réservation annulée :',
          closing: 'Pour toute question, répondez simplement à cet e-mail : votre message arrive directement au restaurant.',
          tag: 'annulee',
        }
      : {
          subject: `Votre réservation chez ${name} est annulée`,
          // Cancelled at the customer's own request: no regret to express, no reason to give them.
          intro: byCustomer ? `Comme vous l’avez demandé, ${name} a annulé votre réservation.` : `Nous sommes au regret de vous informer que ${name} a annulé votre réservation.`,
          heading: 'Rappel de la réservation annulée :',
          closing: 'Pour toute question, répondez simplement à cet e-mail ou contactez le restaurant.',
          tag: 'annulee',
        },
  };
  const { subject, intro, heading, closing, tag } = TEXTS[action];
  const reason =
    action === 'reject'
      ? label(REFUSAL_REASONS, why.reason, why.reason_detail)
      : action === 'cancel'
        ? byCustomer
          ? why.reason_detail
          : label(CANCELLATION_REASONS, why.reason, why.reason_detail)
        : undefined;
  const { receivedCents, remainingCents } = balance(r.total_amount, r.deposit, r.restaurant.billing, action === 'paid', r.amount_received_cents);
  const notes: Fact[] = [
    ...(reason ? ([[ownCancellation ? 'Votre raison' : byCustomer ? 'Précision' : 'Raison', reason]] as Fact[]) : []),
    ...(action === 'reject' && why.proposal ? ([['Le restaurant vous propose', why.proposal]] as Fact[]) : []),
    ...(action === 'cancel' ? depositNote(r, why, ownCancellation) : []),
    ...(action === 'paid'
      ? ([
          [`${sum.label} ${sum.agree('reçu')}`, formatCents(receivedCents)],
          ['Reste à payer', formatCents(remainingCents)],
        ] as Fact[])
      : []),
  ];
  const contact = r.restaurant.contact;
  // 'Téléphone du restaurant' when set, else the WhatsApp number (E.164), in French format.
  const stored = contact?.phone || contact?.whatsapp || r.restaurant.billing?.contact_phone || null;
  const phone = stored && formatPhone(stored);
  // Answers go to the restaurant (its contact address, when it is one valid address), not to Tablée.
  const replyTo = contact?.email_address ?? undefined;
  if (action === 'reject' && why.proposal) notes.push(['Pour accepter cette proposition', howToAnswer(Boolean(replyTo), phone)]);
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
    ...notes.map(factText),
    ...(r.customerPageUrl ? ['', ...pageLinkText(r)] : []),
    '',
    heading,
    ...summary.map(([label, value]) => `- ${label} : ${value}`),
    ...(terms.length ? ['', 'Paiement et conditions :', ...terms.map(termText)] : []),
    '',
    closing,
    '',
    'Cordialement,',
    name,
  ].join('\n');
  // The same lines as the text part, in the one layout; what the customer must act on set apart.
  const html = emailLayout(
    [
      titleHtml(subject),
      paragraph(`Bonjour ${escapeHtml(r.customer_name)},`),
      acompte ? notice(prose(intro)) : paragraph(prose(intro)),
      notes.length ? factLines(notes) : '',
      pageLinkHtml(r),
      `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(heading)}</h2>`,
      factLines(summary),
      terms.length ? `<h2 style="font-size:16px;margin:20px 0 8px">Paiement et conditions :</h2>\n${termsHtml(terms)}` : '',
      paragraph(prose(closing)),
      paragraph(`Cordialement,<br>${escapeHtml(name)}`),
    ]
      .filter(Boolean)
      .join('\n'),
    { title: subject, from: name, preheader: intro },
  );
  return { to, fromName: name, replyTo, subject, text, html, tag: `${r.numero_reservation}-${tag}` };
}

/** How the customer takes the restaurant's counter-proposal: an answer to this e-mail, or the restaurant's phone. */
function howToAnswer(canReply: boolean, phone: string | null): string {
  const call = phone ? `appelez le restaurant au ${phone}` : null;
  if (canReply) return `répondez simplement à cet e-mail${call ? ` ou ${call}` : ''} ; votre message arrive directement au restaurant`;
  return call ?? 'contactez directement le restaurant';
}

/**
 * A cancelled paid reservation: what was paid (arrhes, an acompte, or the whole price) refunded (how
 * much, of what was paid) or kept (under which policy). Arrhes refunded beyond what was paid: returned
 * double, as the law has it when the restaurant cancels. At a restaurant with its own Stripe account the
 * service refunds online, on the card that paid. The customer's own cancellation within the free
 * deadline: the restaurant refunds it.
 */
function depositNote(r: ReservationDetails, why: DecisionReason, ownCancellation = false): Fact[] {
  const paid = r.amount_received_cents ?? toCents(r.total_amount);
  const amount = why.amount_cents ?? paid;
  const sum = sumWords(r.deposit);
  if (why.deposit === 'refunded' && amount > paid && depositNature(r.deposit) === 'arrhes') {
    return [['Arrhes restituées au double', `${formatCents(amount)} (sur ${formatCents(paid)} versés), comme le prévoit la loi lorsque le restaurant annule.`]];
  }
  if (why.deposit === 'refunded' && r.restaurant.onlinePayment) {
    return [['', `Remboursement de ${formatCents(amount)} sur la carte utilisée pour le paiement : il apparaît sur votre compte sous 5 à 10 jours ouvrés.`]];
  }
  if (why.deposit === 'refunded' && ownCancellation) {
    return [[sum.label, `${formatCents(amount)}, ${sum.agree('remboursé')} par le restaurant : vous avez annulé dans le délai prévu par ses conditions`]];
  }
  if (why.deposit === 'refunded') return [[`${sum.label} ${sum.agree('remboursé')}`, amount < paid ? `${formatCents(amount)} (sur ${formatCents(paid)} versés)` : formatCents(amount)]];
  if (why.deposit !== 'kept') return [];
  const policy = r.restaurant.cgv ? POLICY_TEXT[r.restaurant.cgv.cancellation_policy] : undefined;
  return [
    [
      `${sum.label} ${sum.agree('conservé')}`,
      `${formatCents(amount)}, conformément aux conditions d’annulation du restaurant${policy ? ` (annulation ${policy})` : ' (conditions générales de vente)'}`,
    ],
  ];
}

/** The card imprint's button (and its text line) at a restaurant with its own Stripe account. */
const IMPRINT_BUTTON = 'Enregistrer ma carte (empreinte bancaire)';

/** 'jusqu’à 48 h avant votre venue' for each CGV policy (spec §5: same_day, 24h, 48h, 72h, 7_days). */
const POLICY_TEXT: Record<string, string> = {
  same_day: 'possible jusqu’au jour même',
  '24h': 'possible jusqu’à 24 h avant votre venue',
  '48h': 'possible jusqu’à 48 h avant votre venue',
  '72h': 'possible jusqu’à 72 h (3 jours) avant votre venue',
  '7_days': 'possible jusqu’à 7 jours avant votre venue',
};

/**
 * A line of « Paiement et conditions »: 'Label : value' (an empty label: a sentence alone); with a
 * button's words, the HTML part draws the value (the pay link) as that button, the text part the line.
 */
export type Term = [label: string, value: string, button?: string];

/** A term as the text part writes it. */
export const termText = ([label, value]: Term) => `- ${factText([label, value])}`;

/** The terms in the HTML part: their lines, and the pay link of an online payment as a button between them. */
export function termsHtml(terms: Term[]): string {
  const parts: string[] = [];
  let run: Fact[] = [];
  const flush = () => {
    if (run.length) parts.push(factLines(run, linkify));
    run = [];
  };
  for (const [label, value, words] of terms) {
    if (!words) {
      run.push([label, value]);
      continue;
    }
    flush();
    parts.push(`<div style="margin:4px 0 16px">${button(value, words)}</div>`);
  }
  flush();
  return parts.join('\n');
}

/**
 * What the customer of an accepted reservation must know to act: the arrhes or the acompte (how much,
 * by when, what they commit to, how: online at a restaurant with its own Stripe account — the pay
 * link of the customer's page's token —, else the owner's payment link, and the restaurant's bank
 * details from Facturation) or the card imprint, what remains and where, the cancellation and
 * modification policies and the CGV link.
 */
export function paymentAndPolicies(r: ReservationDetails, paid: boolean, today: string): Term[] {
  const billing = r.restaurant.billing;
  const deposit = r.deposit;
  const nature = depositNature(deposit);
  const { where, acompteDueCents, afterAcompteCents } = balance(r.total_amount, r.deposit, billing, paid, r.amount_received_cents);
  // Paid online, on the restaurant's own Stripe account: the service's pay link of this customer's page.
  const payUrl = r.restaurant.onlinePayment ? r.customerPayUrl : null;
  const lines: Term[] = [];
  if (deposit?.method === 'acompte' && nature && !paid) {
    const sum = ADVANCE_WORDS[nature];
    const words = ADVANCE_NATURES[nature];
    lines.push([`${sum.label} à régler`, `${depositText(deposit)}, avant le ${formatLongDate(depositDeadline(r.reservation_date, today))}`]);
    // What they commit to: arrhes lost if the customer withdraws (double if the restaurant does), or an acompte, the whole price owed.
    lines.push(['', words.consequence]);
    // How: online (Stripe's page, or the owner's payment link, any provider) first, then a transfer to the bank details of Facturation.
    const online = payUrl ?? billing?.payment_link ?? null;
    if (payUrl) lines.push([`${words.pay} en ligne`, payUrl, words.pay]);
    else if (online) lines.push([`${words.pay} en ligne`, online]);
    if (billing?.iban) {
      // The customer's one reference (their code de réservation), which the owner's search finds.
      const transfer = [
        billing.company_name ? `à ${billing.company_name}` : null,
        `IBAN ${billing.iban}`,
        billing.bic ? `BIC ${billing.bic}` : null,
        `en indiquant la référence ${r.code_reservation}`,
      ]
        .filter(Boolean)
        .join(', ');
      // The label says « virement » once: « Ou par virement : à …, IBAN … », « Comment les régler : par virement à … ».
      lines.push(online ? ['Ou par virement', transfer] : [`Comment ${sum.it} régler`, `par virement ${transfer}`]);
    }
    if (!online && !billing?.iban) lines.push([`Comment ${sum.it} régler`, `le restaurant vous indiquera comment ${sum.it} régler ; répondez à cet email pour toute question`]);
  } else if (deposit?.method === 'empreinte') {
    lines.push(['Garantie', `une ${depositText(deposit)} vous sera demandée pour garantir la réservation ; aucun montant n’est prélevé`]);
    // Saved online on the restaurant's Stripe account, from the same link.
    if (payUrl && !paid) lines.push([IMPRINT_BUTTON, payUrl, IMPRINT_BUTTON]);
  }
  // Arrhes or an acompte still to pay: what remains once paid, said as such.
  const due = nature ? ADVANCE_WORDS[nature] : null;
  lines.push([
    'Reste à payer',
    afterAcompteCents > 0 ? `${formatCents(afterAcompteCents)}, ${where}${acompteDueCents && due ? `, une fois ${due.the} ${due.agree('réglé')}` : ''}` : `${formatEuros(0)}, tout est réglé`,
  ]);
  const cgv = r.restaurant.cgv;
  if (cgv) {
    lines.push(['Annulation', POLICY_TEXT[cgv.cancellation_policy] ?? cgv.cancellation_policy]);
    lines.push(['Modification', POLICY_TEXT[cgv.modification_policy] ?? cgv.modification_policy]);
    if (cgv.link) lines.push(['Conditions générales de vente', cgv.link]);
  }
  return lines;
}
