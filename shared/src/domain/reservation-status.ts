/**
 * Reservation status: a smallint in the database, one mapping for every module (ARCHITECTURE.md,
 * Data; spec §4 first reading): 0 pending, 1 accepted, 2 rejected, 3 paid, 4 cancelled.
 * Any other value reads as pending.
 */
export type ReservationStatus = 'pending' | 'accepted' | 'rejected' | 'paid' | 'cancelled';

export const RESERVATION_STATUS_CODES: Readonly<Record<ReservationStatus, number>> = {
  pending: 0,
  accepted: 1,
  rejected: 2,
  paid: 3,
  cancelled: 4,
};

const BY_CODE: Record<number, ReservationStatus> = { 0: 'pending', 1: 'accepted', 2: 'rejected', 3: 'paid', 4: 'cancelled' };

export function statusFromCode(code: unknown): ReservationStatus {
  const n = typeof code === 'string' && code.trim() !== '' ? Number(code) : code;
  return typeof n === 'number' && Number.isInteger(n) && n in BY_CODE ? BY_CODE[n] : 'pending';
}

export function statusToCode(status: ReservationStatus): number {
  return RESERVATION_STATUS_CODES[status];
}

/** Labels of the reservation list's filter (spec §2), 'all' included. */
export const RESERVATION_FILTER_LABELS: Readonly<Record<ReservationStatus | 'all', string>> = {
  all: 'Toutes les réservations',
  pending: 'En attente',
  accepted: 'Acceptées',
  rejected: 'Refusées',
  cancelled: 'Annulées',
  paid: 'Payées',
};
