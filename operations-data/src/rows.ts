/**
 * The rows the operations screens read: the generated types picked to what each mapper reads. The
 * selects are typed by the same types, so a select that lacks a column its mapper reads fails tsc.
 */
import type { Tables } from '@tablee/domain';

/** A message as a conversation embeds it (its conversation is the one embedding it). */
export type MessageRow = Pick<Tables<'messages'>, 'id' | 'role' | 'content' | 'created_at' | 'author_name'> & Partial<Pick<Tables<'messages'>, 'conversation_id'>>;

/** The requests a conversation led to (restaurant_reservations.conversation_id): whom it is with. */
export const CONVERSATION_REQUEST_COLUMNS = 'restaurant_reservations(numero_reservation_restaurateur, customer_name, created_at)';
export type ConversationRequestRow = Pick<Tables<'restaurant_reservations'>, 'numero_reservation_restaurateur' | 'customer_name' | 'created_at'>;

/** A conversation with its messages, read with CONVERSATION_COLUMNS. */
export type ConversationRow = Pick<Tables<'conversations'>, 'id' | 'restaurant_id' | 'created_at' | 'updated_at' | 'channel' | 'customer_contact' | 'answered_by' | 'handed_over_at'> & {
  messages: MessageRow[];
  restaurant_reservations?: ConversationRequestRow[];
};

export const CONVERSATION_COLUMNS = `id, restaurant_id, created_at, updated_at, channel, customer_contact, answered_by, handed_over_at, messages(id, role, content, created_at, author_name), ${CONVERSATION_REQUEST_COLUMNS}`;

/**
 * The columns of a reservation as the owner reads it, from the table or from the list's search
 * (public.search_reservations answers the same columns). code_manage is not among them: the owner's
 * role may not select it (migration 20261123000200), so `select=*` is refused too.
 */
export const RESERVATION_COLUMNS =
  'id, restaurant_id, conversation_id, numero_reservation_restaurateur, numero_reservation, code_reservation, status, is_accepted, customer_name, email, email_address, phone_number, selected_menu, total_amount, amount_received_cents, number_people, children, reservation_date, arrival_time, service, respond_by, options, source, created_at';

/** The names of a list of plain columns ('id, name' → 'id' | 'name'). */
type ColumnsOf<List extends string> = List extends `${infer Column}, ${infer Rest}` ? Column | ColumnsOf<Rest> : List;

/** A reservation (RESERVATION_COLUMNS), with its conversation when the select embeds it. */
export type ReservationRow = Pick<Tables<'restaurant_reservations'>, ColumnsOf<typeof RESERVATION_COLUMNS>> & { conversations?: ConversationRow | null };

/** One row of the view conversation_summaries (a card of the conversation list). */
export type ConversationSummaryRow = Tables<'conversation_summaries'> & { restaurant_reservations?: ConversationRequestRow[] };
