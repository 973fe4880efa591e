/**
 * Reservation status: a smallint in the database, one mapping for every module (ARCHITECTURE.md,
 * Data; spec §4 first reading): 0 pending, 1 accepted, 2 rejected, 3 paid, 4 cancelled, 5 no_show
 * ('Non présenté').
 * Any other value reads as pending. The SQL side is the lookup table private.reservation_statuses
 * (migration 20261123000300); domain/test/integration/reservation-status.test.ts checks both agree.
 * Its only import is the words of the sums paid in advance (payments.ts, plain data): the reservation
 * service (Node) uses it too.
 */
import { ADVANCE_NATURES, type AdvanceNature } from './payments';

export type ReservationStatus = 'pending' | 'accepted' | 'rejected' | 'paid' | 'cancelled' | 'no_show';

export const RESERVATION_STATUS_CODES: Readonly<Record<ReservationStatus, number>> = {
  pending: 0,
  accepted: 1,
  rejected: 2,
  paid: 3,
  cancelled: 4,
  no_show: 5,
};

/** The status of a stored code (no table built at load: a bundle that never reads a code, the link page, carries nothing of it). */
export function statusFromCode(code: unknown): ReservationStatus {
  const n = typeof code === 'string' && code.trim() !== '' ? Number(code) : code;
  return (Object.keys(RESERVATION_STATUS_CODES) as ReservationStatus[]).find((status) => RESERVATION_STATUS_CODES[status] === n) ?? 'pending';
}

export function statusToCode(status: ReservationStatus): number {
  return RESERVATION_STATUS_CODES[status];
}

/**
 * Why a request is refused, or a reservation cancelled: codes of private.reservation_reasons
 * (migration 20261123000500), French labels for the app and the customer's e-mail. 'autre' comes
 * with the owner's own words. domain/test/integration/reservation-status.test.ts checks both agree.
 */
export const REFUSAL_REASONS = {
  complet: 'Complet',
  fermeture_exceptionnelle: 'Fermeture exceptionnelle',
  groupe_trop_important: 'Groupe trop important',
  horaire_indisponible: 'Horaire indisponible',
  autre: 'Autre',
} as const;
export const CANCELLATION_REASONS = {
  demande_du_client: 'À la demande du client',
  fermeture_exceptionnelle: 'Fermeture exceptionnelle',
  acompte_non_recu: 'Acompte non reçu',
  autre: 'Autre',
} as const;
export type RefusalReason = keyof typeof REFUSAL_REASONS;
export type CancellationReason = keyof typeof CANCELLATION_REASONS;

/** The kitchen and dining-room sheets exist for reservations the restaurant has accepted (paid ones included). */
export function hasSheets(status: ReservationStatus): boolean {
  return status === 'accepted' || status === 'paid';
}

/** Labels of the reservation list's filter (spec §2), 'all' included. */
export const RESERVATION_FILTER_LABELS: Readonly<Record<ReservationStatus | 'all', string>> = {
  all: 'Toutes les réservations',
  pending: 'En attente',
  accepted: 'Acceptées',
  rejected: 'Refusées',
  cancelled: 'Annulées',
  paid: 'Payées / acompte reçu',
  no_show: 'Non présentés',
};

/** The filter's choices in the spec's order (§2). */
export const RESERVATION_FILTERS: readonly (ReservationStatus | 'all')[] = ['all', 'pending', 'accepted', 'rejected', 'cancelled', 'paid', 'no_show'];

/**
 * Label and colours of one reservation's status badge (singular; the filter's labels are plural).
 * Text colours are dark enough on their background for WCAG AA (axe-core checks the screens).
 */
export const RESERVATION_STATUS_BADGES: Readonly<Record<ReservationStatus, { label: string; color: string; background: string }>> = {
  pending: { label: 'En attente', color: '#874d00', background: '#fff7e6' },
  accepted: { label: 'Acceptée', color: '#135200', background: '#f6ffed' },
  rejected: { label: 'Refusée', color: '#a8071a', background: '#fff1f0' },
  paid: { label: 'Payée', color: '#003a8c', background: '#e6f4ff' },
  cancelled: { label: 'Annulée', color: '#434343', background: '#f0f0f0' },
  no_show: { label: 'Non présenté', color: '#780650', background: '#fff0f6' },
};

/**
 * A paid reservation whose payment was only the acompte: what is still due, in cents (the total
 * minus what was received), else null (not paid, or paid in full). The export says the same in SQL
 * (public.export_reservations_csv).
 */
export function amountDueCents(r: { status: ReservationStatus; totalAmount: number; amountReceivedCents: number | null }): number | null {
  if (r.status !== 'paid' || r.amountReceivedCents === null) return null;
  const due = Math.round(r.totalAmount * 100) - r.amountReceivedCents;
  return due > 0 ? due : null;
}

/**
 * The badge of one reservation: its status's; for a paid one with money still due, what was received
 * in the word of the restaurant's CGV ('Arrhes reçues', 'Acompte reçu'), once `nature` is known
 * (restaurant_cgv.advance_payment_nature): 'Payée' until then, never the wrong word.
 */
export function reservationBadge(
  r: { status: ReservationStatus; totalAmount: number; amountReceivedCents: number | null },
  nature?: AdvanceNature,
): { label: string; color: string; background: string } {
  const badge = RESERVATION_STATUS_BADGES[r.status];
  return amountDueCents(r) === null || !nature ? badge : { ...badge, label: ADVANCE_NATURES[nature].received };
}

/** The filter value of a URL parameter; anything unknown means every reservation. */
export function parseReservationFilter(value: string | null | undefined): ReservationStatus | 'all' {
  return RESERVATION_FILTERS.includes(value as ReservationStatus) ? (value as ReservationStatus) : 'all';
}
