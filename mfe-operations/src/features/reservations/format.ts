/** How the reservation screens write people and options (spec §2), and which requests are past. */
import { formatEuros } from '@tablee/shared';
import type { Reservation, ReservationOption } from '@tablee/domain';
import dayjs from 'dayjs';

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/** List column Personnes: '8', or '8 (2 enfants)' when there are children. */
export function formatPeople(adults: number, children: number): string {
  return children > 0 ? `${adults} (${plural(children, 'enfant')})` : String(adults);
}

/** Detail panel: '8 adultes', or '8 adultes + 2 enfants'. */
export function formatGuests(adults: number, children: number): string {
  return children > 0 ? `${plural(adults, 'adulte')} + ${plural(children, 'enfant')}` : plural(adults, 'adulte');
}

/** 'Apéritif maison — 6,00 € (x8)'; the quantity only when above 1. */
export function formatOption(option: ReservationOption): string {
  return `${option.title} — ${formatEuros(option.price)}${option.quantity > 1 ? ` (x${option.quantity})` : ''}`;
}

/** The two PDFs of an accepted or paid reservation (their links come from the reservation service). */
export type Sheet = 'feuille-cuisine' | 'feuille-salle';

/**
 * A pending request whose date is before today (the owner's calendar day): flagged in the list and the
 * detail, and accepting it asks for a confirmation naming the date (the customer would be told it is
 * confirmed for a day already gone).
 */
export function isPastPending(reservation: Pick<Reservation, 'status' | 'reservationDate'>, today: string = dayjs().format('YYYY-MM-DD')): boolean {
  return reservation.status === 'pending' && reservation.reservationDate < today;
}

/** The instant in France as 'YYYY-MM-DD HH:MM', whatever the machine's time zone. */
function parisNow(now: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * An accepted or paid reservation whose arrival time (France) has come: the customer may be marked
 * 'Non présenté' (the database checks the same before it records it).
 */
export function canMarkNoShow(reservation: Pick<Reservation, 'status' | 'reservationDate' | 'arrivalTime'>, now: Date = new Date()): boolean {
  return (reservation.status === 'accepted' || reservation.status === 'paid') && `${reservation.reservationDate} ${reservation.arrivalTime || '00:00'}` <= parisNow(now);
}

/**
 * A pending request past the answer the restaurant promised (restaurant_reservations.respond_by:
 * its response time when the request arrived): 'En retard' in the list and the detail.
 */
export function isLate(reservation: Pick<Reservation, 'status' | 'respondBy'>, now: number = Date.now()): boolean {
  return reservation.status === 'pending' && Date.parse(reservation.respondBy) < now;
}

/**
 * Whether the customer hears of the owner's decisions, said before any is made: the database decides
 * who can be e-mailed (restaurant_reservations.email_address: exactly one plain address), as it does
 * for the reservation service that sends.
 */
export function customerNotice(reservation: Pick<Reservation, 'email' | 'emailDeliverable'>): { emailed: boolean; text: string } {
  if (reservation.emailDeliverable) return { emailed: true, text: 'Le client en sera informé par email.' };
  return {
    emailed: false,
    text: reservation.email.trim()
      ? 'L’adresse email du client n’est pas une adresse unique valide : il ne sera pas prévenu, contactez-le directement.'
      : 'Le client n’a pas d’adresse email : il ne sera pas prévenu, contactez-le directement.',
  };
}

/**
 * The service's sentence after a decision, naming the reservation it is about: 'Réservation acceptée.
 * …' reads 'Réservation R-0012 acceptée. …', 'Acompte reçu : la réservation est…' reads '… la
 * réservation R-0012 est…'; any other sentence is prefixed with the number.
 */
export function decisionToast(numero: string, message: string): string {
  if (/^Réservation (acceptée|refusée|annulée)\b/.test(message)) return message.replace(/^Réservation /, `Réservation ${numero} `);
  if (message.includes('la réservation est')) return message.replace('la réservation est', `la réservation ${numero} est`);
  return `Réservation ${numero} : ${message}`;
}
