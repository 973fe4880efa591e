/**
 * fr-FR formatting shared by the e-mails and the sheets (one place for each rule); dates are the
 * kernel's (@tablee/shared/format: formatLongDate, 'samedi 5 décembre 2026').
 */
import type { ReservationOption } from '@tablee/domain/reservation-options';

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
