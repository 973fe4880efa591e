/**
 * One reservation's detail, read on any PostgREST client of the schema: the page's supabase-js client
 * (reservations.ts' getReservation), or postgrest-js alone where supabase-js is not loaded yet (the
 * light page an owner's alert opens, shell/src/start/reservation-head-start.ts). No import of the
 * page's client here: a module that has it waits for supabase-js to load.
 */
import type { PostgrestClient } from '@supabase/postgrest-js';
import { statusFromCode, type Database, type Reservation, type ReservationStatus, type Tables } from '@tablee/domain';
import { queryOptions } from '@tanstack/react-query';
import { reservationKeys, SCREEN_DATA_FRESH_MS } from './keys';
import { reservationFromRow } from './mappers';
import { CONVERSATION_COLUMNS, RESERVATION_COLUMNS } from './rows';

/** What the read needs of a client: its query builder (supabase-js's client has postgrest-js's). */
export type RestClient = Pick<PostgrestClient<Database>, 'from'>;

/**
 * One entry of a reservation's history (public.reservation_events): a change of its status (who, when,
 * why), of its details ('modified': summary says who changed what), or a decision of the one-click link
 * undone from its page ('undone': back to pending).
 */
const EVENT_KINDS = ['status', 'modified', 'undone', 'reminder', 'payment', 'refund', 'imprint'] as const;

export interface ReservationEvent {
  /** 'reminder': a reminder sent to the customer (summary: which, and how); 'payment', 'refund', 'imprint': money or a card through Stripe (paymentId). */
  kind: 'status' | 'modified' | 'undone' | 'reminder' | 'payment' | 'refund' | 'imprint';
  /** « Modifiée par … : 14 → 18 personnes », for a change of the details. */
  summary: string | null;
  from: ReservationStatus;
  to: ReservationStatus;
  reason: string | null;
  reasonDetail: string | null;
  proposal: string | null;
  /** Cancelling a paid reservation: the acompte refunded or kept, and the amount in cents (to paid: what was received). */
  deposit: 'refunded' | 'kept' | null;
  amountCents: number | null;
  /** 'owner': in the app; 'link': the one-click link of the e-mail; 'customer': the customer on their own page (/ma-reservation). */
  actor: 'owner' | 'link' | 'customer' | 'system';
  /** Who decided in the app (a member of the team), when known: their address is in restaurantPeopleQueryOptions. */
  actorUserId: string | null;
  /** Stripe's id of the payment (pi_), refund (re_) or card imprint (seti_) the entry records; null otherwise. */
  paymentId: string | null;
  at: string;
}

export const NOTIFICATION_KINDS = [
  'owner_new_request',
  'customer_request_received',
  'customer_reservation_accepted',
  'customer_reservation_rejected',
  'customer_reservation_paid',
  'customer_reservation_cancelled',
  'customer_reservation_modified',
  'owner_customer_changed',
  'owner_customer_cancelled',
  'owner_customer_message',
  'customer_no_show_fee',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A message the request made due (public.notification_outbox): to whom, how, and how it went. */
export interface ReservationNotification {
  /**
   * 'owner_new_request': the restaurant told of the request; 'customer_request_received': the customer's
   * acknowledgement; 'customer_reservation_accepted', '_rejected', '_paid', '_cancelled': the customer
   * told of a decision; 'customer_reservation_modified': the new details of a change; 'owner_customer_changed',
   * '_cancelled', '_message': the restaurant told of what the customer did on their page.
   */
  kind: NotificationKind;
  channel: 'email' | 'whatsapp';
  /** 'sending' is read as 'pending': the owner only needs to know it is not sent yet. */
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  /** When it was sent; failed, when its last attempt was due; pending, when it was queued. */
  at: string;
}

/**
 * The detail screen's reservation: the row, its conversation, the customer's message, its allergies and
 * diets, the owner's notes, the menu's id (Modifier), the history of its decisions and changes, and its notifications.
 */
export type ReservationDetail = Reservation & {
  customerMessage: string | null;
  dietaryNotes: string | null;
  notes: string | null;
  selectedMenuId: string | null;
  history: ReservationEvent[];
  notifications: ReservationNotification[];
  /** What went through the restaurant's Stripe account, and the card saved: read in the same request. */
  online: ReservationPayments;
};

/** A movement of money through the restaurant's Stripe account (public.reservation_payments), in cents as Stripe counts. */
export interface OnlinePayment {
  kind: 'advance' | 'no_show_fee' | 'refund';
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
  /** Stripe's id (pi_ of a payment, re_ of a refund); null for a refund not made yet. */
  stripeId: string | null;
  at: string;
}

/** What went through Stripe for one reservation, and the card saved (empreinte bancaire), when there is one. */
export interface ReservationPayments {
  payments: OnlinePayment[];
  imprint: { brand: string | null; last4: string | null; savedAt: string } | null;
}

/** The notifications' columns the detail reads (not the recipient, payload or error: nothing the owner acts on). */
const NOTIFICATION_COLUMNS = 'kind, channel, status, attempts, sent_at, next_attempt_at, created_at';

export function notificationFromRow(row: Pick<Tables<'notification_outbox'>, 'kind' | 'channel' | 'status' | 'attempts' | 'sent_at' | 'next_attempt_at' | 'created_at'>): ReservationNotification {
  const status = row.status === 'sent' || row.status === 'failed' ? row.status : 'pending';
  return {
    kind: (NOTIFICATION_KINDS as readonly string[]).includes(row.kind) ? (row.kind as NotificationKind) : 'owner_new_request',
    channel: row.channel === 'whatsapp' ? 'whatsapp' : 'email',
    status,
    attempts: row.attempts,
    at: status === 'sent' ? (row.sent_at ?? row.created_at) : status === 'failed' ? row.next_attempt_at : row.created_at,
  };
}

/**
 * One reservation of the restaurant by its restaurant-facing number, with its conversation's messages
 * (oldest first), its decisions and its notifications in the same request. Null when it does not
 * exist, belongs to another owner (RLS), or the restaurant id is not a UUID.
 */
export async function readReservation(db: RestClient, restaurantId: string, numero: string): Promise<ReservationDetail | null> {
  const { data, error } = await db
    .from('restaurant_reservations')
    .select(
      `${RESERVATION_COLUMNS}, customer_message, dietary_notes, notes, selected_menu_id, conversations(${CONVERSATION_COLUMNS}),
       reservation_events(kind, summary, from_status, to_status, reason, reason_detail, proposal, deposit, amount_cents, actor, actor_user_id, payment_id, created_at),
       notification_outbox(${NOTIFICATION_COLUMNS}),
       reservation_payments(kind, amount_cents, status, stripe_id, created_at), reservation_card_imprints(card_brand, card_last4, saved_at)`,
    )
    .eq('restaurant_id', restaurantId)
    .eq('numero_reservation_restaurateur', numero)
    .order('created_at', { referencedTable: 'conversations.messages', ascending: true })
    .order('created_at', { referencedTable: 'reservation_events', ascending: true })
    .order('created_at', { referencedTable: 'notification_outbox', ascending: true })
    .order('created_at', { referencedTable: 'reservation_payments', ascending: true })
    .maybeSingle();
  if (error?.code === '22P02') return null;
  if (error) throw error;
  if (!data) return null;
  const events = data.reservation_events.map((e): ReservationEvent => ({
    kind: (EVENT_KINDS as readonly string[]).includes(e.kind) ? (e.kind as ReservationEvent['kind']) : 'status',
    summary: e.summary,
    from: statusFromCode(e.from_status),
    to: statusFromCode(e.to_status),
    reason: e.reason,
    reasonDetail: e.reason_detail,
    proposal: e.proposal,
    deposit: e.deposit === 'refunded' || e.deposit === 'kept' ? e.deposit : null,
    amountCents: e.amount_cents,
    actor: e.actor === 'link' || e.actor === 'customer' || e.actor === 'system' ? e.actor : 'owner',
    actorUserId: e.actor_user_id,
    paymentId: e.payment_id,
    at: e.created_at,
  }));
  return {
    ...reservationFromRow(data),
    customerMessage: data.customer_message,
    dietaryNotes: data.dietary_notes,
    notes: data.notes,
    selectedMenuId: data.selected_menu_id,
    history: events,
    // A message of a kind this screen does not name (a newer one) is left out rather than shown as another.
    notifications: data.notification_outbox.filter((n) => (NOTIFICATION_KINDS as readonly string[]).includes(n.kind)).map(notificationFromRow),
    online: paymentsFromRows(data.reservation_payments, [data.reservation_card_imprints ?? []].flat()[0] ?? null),
  };
}

function paymentsFromRows(
  payments: { kind: string; amount_cents: number; status: string; stripe_id: string | null; created_at: string }[],
  imprint: { card_brand: string | null; card_last4: string | null; saved_at: string } | null,
): ReservationPayments {
  return {
    payments: payments.map((p) => ({ kind: p.kind as OnlinePayment['kind'], amountCents: p.amount_cents, status: p.status as OnlinePayment['status'], stripeId: p.stripe_id, at: p.created_at })),
    imprint: imprint ? { brand: imprint.card_brand, last4: imprint.card_last4, savedAt: imprint.saved_at } : null,
  };
}

/**
 * The query of one reservation's detail, read by `read`: one key and freshness wherever it is read (the
 * full screen on the page's supabase-js client, the alert's light page on postgrest-js), so each finds
 * the other's answer in the cache.
 */
export const reservationDetailQuery = (restaurantId: string, numero: string, read: () => Promise<ReservationDetail | null>) =>
  queryOptions({ queryKey: reservationKeys.detail(restaurantId, numero), queryFn: read, staleTime: SCREEN_DATA_FRESH_MS });

export type ReservationDetailQuery = ReturnType<typeof reservationDetailQuery>;
