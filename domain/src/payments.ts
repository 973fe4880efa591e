/**
 * Payments online (Stripe Connect) and the nature of the sums paid in advance, as French law reads
 * them: arrhes (Code civil art. 1590) or acompte. The words are written here once, for the request
 * page, the customer's page, the app, the assistant and every e-mail; the rules are the database's
 * (restaurant_cgv.advance_payment_nature, private.online_payment_due, the refunds' limits).
 */
import { formatEuros } from '@tablee/shared/format';

export type AdvanceNature = 'arrhes' | 'acompte';

/** What each nature means, in one sentence the customer and the owner read (CGV, request page, customer's page, e-mails). */
export const ADVANCE_NATURES: Record<
  AdvanceNature,
  { label: string; noun: string; pay: string; received: string; due: string; consequence: string; paid: string; kept: string; refunded: string }
> = {
  arrhes: {
    label: 'Arrhes',
    noun: 'arrhes',
    pay: 'Payer les arrhes',
    received: 'Arrhes reçues',
    due: 'Arrhes à verser pour confirmer la réservation',
    paid: 'Les arrhes versées',
    kept: 'restent acquises au restaurant',
    refunded: 'vous sont remboursées',
    consequence: 'Ce sont des arrhes : si vous annulez, elles restent acquises au restaurant ; si le restaurant annule, il vous rembourse le double.',
  },
  acompte: {
    label: 'Acompte',
    noun: 'acompte',
    pay: 'Payer l’acompte',
    received: 'Acompte reçu',
    due: 'Acompte à verser pour confirmer la réservation',
    paid: 'L’acompte versé',
    kept: 'reste acquis au restaurant',
    refunded: 'vous est remboursé',
    consequence: 'C’est un acompte : il vous engage fermement, et en cas d’annulation le restaurant peut vous demander le prix entier.',
  },
};

/** Sums whose nature the CGV do not state are arrhes (Code de la consommation, art. L214-1). */
export const DEFAULT_ADVANCE_NATURE: AdvanceNature = 'arrhes';

/** Amounts in cents, as Stripe and the payment tables count them, written in euros (fr-FR). */
export const formatCents = (cents: number): string => formatEuros(cents / 100);

/** The history's words for a payment, a refund or a card saved through Stripe (reservation_events.payment_id). */
export function paymentEventText(event: { kind: string; amountCents: number | null; paymentId: string | null; summary: string | null }): string | null {
  if (event.summary) return event.summary;
  if (!event.paymentId) return null;
  const amount = event.amountCents === null ? '' : ` — ${formatCents(event.amountCents)}`;
  if (event.kind === 'refund') return `Remboursé en ligne${amount} (Stripe)`;
  if (event.paymentId.startsWith('pi_')) return `Payé en ligne${amount} (Stripe)`;
  return null;
}

/** Where the customer's « Payer » goes, under the reservation service's /api: it makes (or reuses) the Checkout Session and redirects to it. */
export const customerPayEndpoint = (token: string) => `customer/${encodeURIComponent(token)}/pay`;

/** public.customer_checkout: what the customer may pay online now, and on which Stripe account (the reservation service makes the session). */
export type CustomerCheckout =
  | { outcome: 'not_found' | 'not_configured' }
  | { outcome: 'nothing_due'; status: number }
  | {
      outcome: 'ok';
      reservation_id: string;
      account_id: string;
      /** no_show_fee: a fee the customer's bank asked them to confirm. */
      purpose: 'advance' | 'imprint' | 'no_show_fee';
      amount_cents: number;
      nature: AdvanceNature;
      reference: string;
      reservation_date: string;
      restaurant_name: string;
      customer_email: string | null;
      /** Sessions made before for the same purpose and amount (the next idempotency key differs from theirs). */
      attempt: number;
      open_session: { session_id: string; url: string } | null;
    };

/** public.take_pending_refunds: a refund to make at Stripe, its id the idempotency key. */
export interface PendingRefund {
  id: string;
  payment_intent: string;
  amount_cents: number;
  reservation_id: string;
  account_id: string;
}

/** public.stripe_connect_take: the restaurant and owner an OAuth state was drawn for. */
export interface ConnectState {
  restaurant_id: string;
  user_id: string;
}

/** public.no_show_fee_plan: what may be charged on the card imprint after 'Non présenté' (owners only). */
export interface NoShowFeePlan {
  outcome: 'ok' | 'not_no_show' | 'no_imprint' | 'no_fee' | 'already_charged';
  reservation_id: string;
  /** The CGV's fee for this reservation (per person: times the expected guests); null when they state none. */
  amount_cents: number | null;
  account_id: string | null;
  customer_id: string | null;
  payment_method_id: string | null;
  reference: string;
}

/** Why the no-show fee cannot be charged, in the owner's words. */
export const NO_SHOW_FEE_REFUSALS: Record<Exclude<NoShowFeePlan['outcome'], 'ok'>, string> = {
  not_no_show: 'Les frais de non-présentation ne se prélèvent qu’après « Non présenté ».',
  no_imprint: 'Le client n’a pas enregistré de carte (empreinte bancaire) pour cette réservation.',
  no_fee: 'Vos CGV ne prévoient pas de frais de non-présentation.',
  already_charged: 'Les frais de non-présentation ont déjà été demandés pour cette réservation.',
};
