/** How the reservation screens write people and options (spec §2). */
import { formatEuros, type ReservationOption } from '@tablee/shared';

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
