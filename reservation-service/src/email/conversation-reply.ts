import { formatLongDate } from '@tablee/shared/format';
import { escapeHtml } from '../lib/html';
import { formatParty, formatShortDate, formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';
import { pageLinkHtml, pageLinkText } from './customer-page';
import type { Mail } from './mailer';
import { emailLayout, factsTable, heading, paragraph, prose, subheading, type Fact } from './layout';
import { quote } from './request-summary';

/**
 * A member's reply to the customer of a request (a conversation_reply by e-mail, queued by
 * private.queue_conversation_reply): the restaurant's words as written, the link to the customer's
 * page where the exchange is kept and where they can answer, the request it is about. From the
 * restaurant's name, Reply-To its contact address: an answer by e-mail reaches the restaurant.
 */
export function conversationReplyMail(r: ReservationDetails, to: string, reply: string, messageId: string): Mail {
  const name = r.restaurant.name;
  const subject = `Message de ${name} : votre réservation du ${formatShortDate(r.reservation_date)}`;
  const intro = `${name} vous répond au sujet de votre réservation :`;
  const replyTo = r.restaurant.contact?.email_address ?? undefined;
  const answer = replyTo
    ? 'Pour lui répondre, écrivez-lui depuis votre page, ou répondez simplement à cet e-mail : votre message arrive directement au restaurant.'
    : 'Pour lui répondre, écrivez-lui depuis votre page.';
  const facts: Fact[] = [
    ['Date', formatLongDate(r.reservation_date)],
    ['Heure d’arrivée', formatTime(r.arrival_time)],
    ['Personnes', formatParty(r.number_people, r.children)],
    ['Code de réservation', r.code_reservation],
  ];
  const text = [
    `Bonjour ${r.customer_name},`,
    '',
    intro,
    '',
    reply,
    '',
    ...(r.customerPageUrl ? [...pageLinkText(r), ''] : []),
    answer,
    '',
    'Votre réservation :',
    ...facts.map(([label, value]) => `- ${label} : ${value}`),
    '',
    'À bientôt,',
    name,
  ].join('\n');
  const html = emailLayout(
    [
      heading(`Message de ${name}`),
      paragraph(`Bonjour ${prose(r.customer_name)},`),
      paragraph(prose(intro)),
      quote(reply),
      pageLinkHtml(r),
      paragraph(prose(answer)),
      subheading('Votre réservation'),
      factsTable(facts),
      paragraph(`À bientôt,<br>${escapeHtml(name)}`, 'margin-top:20px'),
    ]
      .filter(Boolean)
      .join('\n'),
    { title: subject, from: name, preheader: reply.slice(0, 140) },
  );
  return { to, fromName: name, replyTo, subject, text, html, tag: `${r.numero_reservation}-reponse-${messageId.slice(0, 8)}` };
}
