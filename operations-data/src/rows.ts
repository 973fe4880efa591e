/** Database rows as PostgREST returns them (supabase/migrations). numeric columns may arrive as strings. */
import type { Numeric } from '@tablee/domain';

export interface MessageRow {
  id: string;
  conversation_id?: string;
  role: string;
  content: string;
  created_at: string;
}

export interface ConversationRow {
  id: string;
  restaurant_id: string;
  created_at: string;
  updated_at: string;
  messages?: MessageRow[] | null;
}

/**
 * A reservation as the owner reads it. code_manage is not among its columns: the owner's role may not
 * select it (migration 20261123000200), so `select=*` is refused too; read RESERVATION_COLUMNS.
 */
export interface ReservationRow {
  id: string;
  restaurant_id: string;
  conversation_id: string | null;
  numero_reservation_restaurateur: string;
  numero_reservation: string;
  code_reservation: string;
  status: number | string | null;
  is_accepted: boolean | null;
  customer_name: string | null;
  email: string | null;
  /** `email` when it is exactly one plain address, else null: computed by the database (migration 20261123000800). */
  email_address: string | null;
  phone_number: string | null;
  selected_menu: string | null;
  total_amount: Numeric;
  number_people: number;
  children: number | null;
  reservation_date: string;
  arrival_time: string | null;
  /** 'lunch' (arrival before 16:00) or 'dinner': computed by the database (migration 20261123001000). */
  service: string;
  /** The answer promised by: created_at plus the restaurant's response time (migration 20261123001100). */
  respond_by: string;
  options: unknown;
  created_at: string;
  conversations?: ConversationRow | null;
}

/** The columns of ReservationRow, for `.select(...)` on restaurant_reservations. */
export const RESERVATION_COLUMNS =
  'id, restaurant_id, conversation_id, numero_reservation_restaurateur, numero_reservation, code_reservation, status, is_accepted, customer_name, email, email_address, phone_number, selected_menu, total_amount, number_people, children, reservation_date, arrival_time, service, respond_by, options, created_at';

/** One row of the view conversation_summaries (a card of the conversation list). */
export interface ConversationSummaryRow {
  id: string;
  restaurant_id: string;
  created_at: string;
  updated_at: string;
  message_count: number | null;
  last_message_role: string | null;
  last_message_content: string | null;
  last_message_at: string | null;
}
