import { createHash, timingSafeEqual } from 'node:crypto';
import { hasSheets, statusFromCode } from '@tablee/domain/reservation-status';
import { loadReservation, type ReservationDetails } from '../reservations/details';
import type { Db } from '../lib/supabase';

/** Sheets exist only for accepted or paid reservations (the one rule of @tablee/domain). */
export const sheetsExistFor = (statusCode: number): boolean => hasSheets(statusFromCode(statusCode));

/** The one table from a refusal to its HTTP status and French page. */
export const SHEET_REFUSALS = {
  not_found: { status: 404, title: 'Réservation introuvable', message: 'Aucune réservation ne correspond à ce lien.' },
  wrong_code: { status: 403, title: 'Accès refusé', message: 'Le code de ce lien n’est pas valide pour cette réservation.' },
  not_accepted: {
    status: 409,
    title: 'Feuille indisponible',
    message: 'Les feuilles cuisine et salle ne sont disponibles que pour les réservations acceptées ou payées.',
  },
} as const;

export type SheetAccess = { ok: true; reservation: ReservationDetails } | { ok: false; refusal: keyof typeof SHEET_REFUSALS };

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Same order as transition_reservation: an unknown number, then the code, and only then the status. */
export async function authorizeSheet(db: Db, numero: string, code: string): Promise<SheetAccess> {
  const reservation = await loadReservation(db, { numero });
  if (!reservation) return { ok: false, refusal: 'not_found' };
  if (!timingSafeEqual(digest(reservation.code_manage), digest(code))) return { ok: false, refusal: 'wrong_code' };
  if (!sheetsExistFor(reservation.status)) return { ok: false, refusal: 'not_accepted' };
  return { ok: true, reservation };
}
