/**
 * How a reservation's deposit reads, and what is left to pay: one place for the e-mails and the
 * sheets. The deposit itself is the database's (private.deposit_for, read with the reservation):
 *   - acompte: money taken in advance; empreinte bancaire: a card imprint, a guarantee, nothing taken.
 * Status 'paid' ('Acompte reçu') means the acompte was received; with no acompte to take (none asked,
 * or an imprint), 'paid' means paid in full. Either way what was received is never asked again.
 */
import type { Deposit } from '@tablee/domain/deposit';
import type { Billing } from '../reservations/details';

export type { Deposit } from '@tablee/domain/deposit';

/** A price in euros (the reservation's total, the deposit of the billing terms) in the cents every payment figure is counted in. */
export const toCents = (euros: number) => Math.round(euros * 100);

// How a deposit reads: the domain's words, shared with the assistant.
export { depositText } from '@tablee/domain/deposit';

/**
 * For a reservation of `total` euros owing `deposit`, paid ('Acompte reçu') or not, in cents: what was
 * received, what remains, where the rest is paid (Facturation: online only, else on site), the acompte
 * still to pay, and what will remain once it is. `recordedCents`: what the restaurant received
 * (amount_received_cents), which stays what it was when the total changes afterwards.
 */
export function balance(
  total: number,
  deposit: Deposit | null,
  billing: Billing | null,
  paid: boolean,
  recordedCents: number | null = null,
): { receivedCents: number; remainingCents: number; where: 'en ligne' | 'sur place'; acompteDueCents: number; afterAcompteCents: number } {
  const totalCents = toCents(total);
  const depositCents = deposit?.method === 'acompte' ? toCents(deposit.amount) : null;
  const receivedCents = !paid ? 0 : (recordedCents ?? depositCents ?? totalCents);
  const remainingCents = Math.max(totalCents - receivedCents, 0);
  const acompteDueCents = !paid ? (depositCents ?? 0) : 0;
  const where = billing?.payment_online && !billing.payment_onsite ? 'en ligne' : 'sur place';
  return { receivedCents, remainingCents, where, acompteDueCents, afterAcompteCents: remainingCents - acompteDueCents };
}

/** Days the customer has to pay an acompte after the acceptance (and never after the eve of the meal). */
export const DEPOSIT_DUE_DAYS = 3;

/** 'YYYY-MM-DD' by which the acompte is due: three days after `today`, the eve of the meal at the latest, today at the earliest. */
export function depositDeadline(reservationDate: string, today: string): string {
  const day = (iso: string, add: number) => new Date(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10) + add)).toISOString().slice(0, 10);
  const due = [day(today, DEPOSIT_DUE_DAYS), day(reservationDate, -1)].sort()[0];
  return due < today ? today : due;
}
