/**
 * fr-FR formatting shared by the e-mails and the sheets (one place for each rule); dates are the
 * kernel's (@tablee/shared/format: formatLongDate, 'samedi 5 décembre 2026').
 */
import { parisDayAndTime } from '@tablee/domain/french';
import type { ReservationOption } from '@tablee/domain/reservation-options';

// An instant's day and time in France: the domain's rule, shared with the request page.
export { parisDayAndTime };

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

export function formatEuros(amount: number | string | null | undefined): string {
  return euros.format(Number(amount ?? 0));
}

/** 'HH:MM:SS' → 'HH:MM'. */
export function formatTime(time: string | null | undefined): string {
  return time ? time.slice(0, 5) : 'non précisée';
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n > 1 ? many : one}`;
}

export function formatParty(adults: number, children: number): string {
  const total = plural(adults + children, 'personne', 'personnes');
  if (!children) return `${total} (${plural(adults, 'adulte', 'adultes')})`;
  return `${total} (${plural(adults, 'adulte', 'adultes')} et ${plural(children, 'enfant', 'enfants')})`;
}

export function formatOption(o: ReservationOption): string {
  return `${o.title} × ${o.quantity} (${formatEuros(o.price)} l'unité)`;
}

/** The services' names, as the sheets and the e-mails print them. */
export const SERVICE_LABELS: Record<string, string> = { lunch: 'Midi', dinner: 'Soir' };

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it (each e-mail formats several dates).
const shortDate = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** 'YYYY-MM-DD' → 'ven. 12 déc.' (subjects and short lines). */
export function formatShortDate(isoDate: string): string {
  return shortDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** A deadline said from `now`: '21:30' today, else 'le sam. 13 déc. à 09:30' (France's calendar). */
export function formatDeadline(instant: string | Date, now: Date = new Date()): string {
  const due = parisDayAndTime(instant);
  return due.day === parisDayAndTime(now).day ? due.time : `le ${formatShortDate(due.day)} à ${due.time}`;
}
