import { depositNature } from '@tablee/domain/deposit';
import { reminderMessage, type ReminderFacts, type ReminderKind } from '@tablee/domain/reminders';
import { escapeHtml } from '../lib/html';
import { formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';
import { pageLinkHtml } from './customer-page';
import type { Mail } from './mailer';
import { emailLayout, heading, paragraph, prose } from './layout';

/** What the reminder the outbox queued says that the database decided: the modification deadline, the sum due in advance (private.queue_customer_reminders). */
export interface ReminderPayload {
  modify_until?: string | null;
  deposit?: number | string | null;
}

/** The facts a reminder speaks of: the reservation as it is when sent (its deposit's nature: arrhes or acompte), the deadline and the sum due as queued. */
export function reminderFacts(r: ReservationDetails, payload: ReminderPayload): ReminderFacts {
  return {
    restaurantName: r.restaurant.name,
    address: r.restaurant.address,
    customerName: r.customer_name,
    date: r.reservation_date,
    arrivalTime: r.arrival_time ? formatTime(r.arrival_time) : null,
    guests: r.number_people + r.children,
    modifyUntil: payload.modify_until ?? r.reservation_date,
    deposit: payload.deposit === null || payload.deposit === undefined ? null : Number(payload.deposit),
    advanceNature: depositNature(r.deposit) ?? undefined,
    pageUrl: r.customerPageUrl ?? '',
  };
}

/**
 * A customer's reminder by e-mail (the final headcount, the day before, the arrhes or acompte due): the words of
 * @tablee/domain/reminders, the ones the owner previews on 'Messages automatiques', with the page's
 * button. From the restaurant's name, Reply-To its contact address.
 */
export function customerReminderMail(kind: ReminderKind, r: ReservationDetails, to: string, payload: ReminderPayload): Mail {
  const message = reminderMessage(kind, reminderFacts(r, payload));
  const name = r.restaurant.name;
  const replyTo = r.restaurant.contact?.email_address ?? undefined;
  // The last paragraph carries the page's address: the button says it in the HTML part.
  const [hello, ...rest] = message.paragraphs;
  const html = emailLayout(
    [heading(message.subject), paragraph(prose(hello)), ...rest.slice(0, -1).map((p) => paragraph(prose(p))), pageLinkHtml(r), paragraph(`À bientôt,<br>${escapeHtml(name)}`, 'margin-top:20px')]
      .filter(Boolean)
      .join('\n'),
    { title: message.subject, from: name, preheader: rest[0] ?? message.subject },
  );
  const text = [...message.paragraphs.flatMap((p) => [p, '']), 'À bientôt,', name].join('\n');
  return { to, fromName: name, replyTo, subject: message.subject, text, html, tag: `${r.numero_reservation}-rappel-${kind}` };
}
