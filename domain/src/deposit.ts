/**
 * The deposit a reservation owes under the restaurant's billing terms (Facturation). The rule is the
 * database's (private.deposit_for: every answer, e-mail, sheet and export); this copy is the public
 * request page's live estimate only, drawn while the customer types, before anything is sent.
 *   - percentage: that share of the total, to the cent; fixed: that amount, never above the total;
 *   - acompte: money taken in advance; empreinte bancaire: a card imprint, a guarantee, nothing taken.
 * Pure and free of any library: the light request page imports it.
 */
export interface Deposit {
  method: 'acompte' | 'empreinte';
  amount: number;
  /** Set when the terms are a share of the total. */
  percentage?: number;
}

/** The part of the billing terms the deposit depends on (restaurant_billing's columns). */
export interface DepositTerms {
  requires_deposit: boolean | null;
  deposit_type: string | null;
  deposit_amount: number | string | null;
  deposit_method: string | null;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

export function depositFor(total: number, billing: DepositTerms | null): Deposit | null {
  if (!billing?.requires_deposit) return null;
  const method = billing.deposit_method === 'empreinte' ? 'empreinte' : 'acompte';
  const value = Number(billing.deposit_amount ?? 0);
  if (!(value > 0)) return null;
  if (billing.deposit_type === 'fixed') return { method, amount: cents(Math.min(value, total)) };
  return { method, amount: cents((total * Math.min(value, 100)) / 100), percentage: value };
}
