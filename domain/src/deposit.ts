/**
 * The deposit a reservation owes under the restaurant's billing terms (Facturation), as every answer
 * carries it. Its rule is the database's alone (private.deposit_for: answers, the request page's check,
 * e-mails, sheets and exports):
 *   - percentage: that share of the total, to the cent; fixed: that amount, never above the total;
 *   - acompte: money taken in advance; empreinte bancaire: a card imprint, a guarantee, nothing taken.
 */
import { formatEuros } from '@tablee/shared/format';

export interface Deposit {
  method: 'acompte' | 'empreinte';
  amount: number;
  /** Set when the terms are a share of the total. */
  percentage?: number;
}

/** 'acompte de 30 % du total, soit 300,00 €', 'empreinte bancaire de 150,00 €': the e-mails' and the assistant's words. */
export function depositText(deposit: Deposit): string {
  const what = deposit.method === 'empreinte' ? 'empreinte bancaire' : 'acompte';
  return deposit.percentage === undefined ? `${what} de ${formatEuros(deposit.amount)}` : `${what} de ${deposit.percentage} % du total, soit ${formatEuros(deposit.amount)}`;
}
