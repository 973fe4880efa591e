/**
 * The rows the operations screens read: the generated types picked to what each mapper reads. The
 * selects are typed by the same types, so a select that lacks a column its mapper reads fails tsc.
 */
import type { Tables } from '@tablee/domain';

/** A message as a conversation embeds it (its conversation is the one embedding it). */
export type MessageRow = Pick<Tables<'messages'>, 'id' | 'role' | 'content' | 'created_at'> & Partial<Pick<Tables<'messages'>, 'conversation_id'>>;

/** A conversation with its messages, read with CONVERSATION_COLUMNS. */
export type ConversationRow = Pick<Tables<'conversations'>, 'id' | 'restaurant_id' | 'created_at' | 'updated_at'> & { messages: MessageRow[] };

export const CONVERSATION_COLUMNS = 'id, restaurant_id, created_at, updated_at, messages(id, role, content, created_at)';

/**
 * The columns of a reservation as the owner reads it. code_manage is not among them: the owner's role
 * may not select it (migration 20261123000200), so `select=*` is refused too.
 */
export const RESERVATION_COLUMNS =
  'id, restaurant_id, conversation_id, numero_reservation_restaurateur, numero_reservation, code_reservation, status, is_accepted, customer_name, email, email_address, phone_number, selected_menu, total_amount, number_people, children, reservation_date, arrival_time, service, respond_by, options, created_at';

/** The names of a list of plain columns ('id, name' → 'id' | 'name'). */
type ColumnsOf<List extends string> = List extends `${infer Column}, ${infer Rest}` ? Column | ColumnsOf<Rest> : List;

/**
 * Where the request came from, read beside RESERVATION_COLUMNS wherever the table is read. Not one of
 * them: public.search_reservations does not return it (yet), and the list's search reads through it.
 */
export const SOURCE_COLUMN = 'source';

/** A reservation (RESERVATION_COLUMNS), with its source and its conversation when the select has them. */
export type ReservationRow = Pick<Tables<'restaurant_reservations'>, ColumnsOf<typeof RESERVATION_COLUMNS>> &
  Partial<Pick<Tables<'restaurant_reservations'>, 'source'>> & { conversations?: ConversationRow | null };

/** One row of the view conversation_summaries (a card of the conversation list). */
export type ConversationSummaryRow = Tables<'conversation_summaries'>;
