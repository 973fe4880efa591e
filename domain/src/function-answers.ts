/**
 * The jsonb answers of the functions the reservation service and the screens call, which the type
 * generator reads as `Json`: set over the generated types in database.ts (MergeDeep).
 */
import type { AcceptanceCheck } from './acceptance';
import type { Deposit } from './deposit';
import type { ReservationStatus } from './reservation-status';

/** public.submit_group_request and public.submit_owner_reservation: the request stored (or replayed, or only previewed). */
export interface SubmittedRequestAnswer {
  /** The same external_id again: the reservation already stored. */
  replayed: boolean;
  /** submit_owner_reservation with p_preview: checked, nothing stored. */
  preview?: boolean;
  reservation: {
    id: string;
    numero: string;
    numero_restaurateur: string;
    code_reservation: string;
    status: ReservationStatus;
    respond_by: string;
    total_amount: number;
  };
  acceptance: AcceptanceCheck | null;
  /** What the restaurant will ask in advance once it accepts (private.deposit_for); null when nothing. */
  deposit: Deposit | null;
}

/** A refusal of a request, as submit_group_request answers it (HTTP status, code, field, French message). */
export interface RequestRefusal {
  status: number;
  code: string;
  field: string | null;
  message: string;
}

/** public.check_group_request: what submitting the request would answer, nothing written. */
export interface CheckedRequestAnswer {
  refusal: RequestRefusal | null;
  /** The request as it would be stored: its service, counts, menu, options and total. */
  request: {
    date: string;
    arrival_time: string;
    service: string;
    adults: number;
    children: number;
    menu_id: string | null;
    menu_name: string | null;
    total_amount: number;
  } | null;
  deposit: Deposit | null;
  acceptance: AcceptanceCheck | null;
}

/** public.modify_reservation: what changed (or would), and the acceptance check of the reservation as changed. */
export interface ModifyReservationAnswer {
  preview: boolean;
  changed: boolean;
  summary: string | null;
  acceptance: AcceptanceCheck | null;
  /** The customer of an accepted or paid reservation is e-mailed the new details. */
  customer_notified?: boolean;
  numero_restaurateur?: string;
  total_amount?: number;
}

/** public.issue_invitation_token: the invitation to e-mail; null when it was answered meanwhile. */
export interface InvitationToSend {
  email: string;
  role: string;
  expires_at: string;
  restaurant_name: string;
  invited_by: string | null;
}

/** Who answers a conversation's customer: the assistant, or the restaurant's staff after 'Reprendre la main'. */
export type ConversationAnswerer = 'assistant' | 'staff';

/** public.receive_customer_message: the message stored in its conversation, and what the assistant needs to answer it. */
export interface ReceivedMessageAnswer {
  /** The token only when the conversation was opened by this message (web chat). */
  conversation: { id: string; token?: string };
  opened: boolean;
  /** The channel's message id was seen before (a retry): nothing new stored. */
  duplicate: boolean;
  message_id: string;
  answered_by: ConversationAnswerer;
  /** The assistant's memory, as it last recorded it (public.record_assistant_turn). */
  state: Record<string, unknown>;
  version: number;
  customer_contact: string | null;
}

/** public.record_assistant_turn. */
export interface RecordedTurnAnswer {
  version: number;
  message_ids: string[];
}

/** public.staff_messages_since: what the restaurant wrote in a web chat. */
export interface StaffMessagesAnswer {
  answered_by: ConversationAnswerer;
  messages: { id: string; text: string; created_at: string }[];
}

/** public.reply_to_conversation. */
export interface StaffReplyAnswer {
  id: string;
  author_name: string | null;
  created_at: string;
  channel: 'web' | 'whatsapp';
}

/** public.assistant_faq_match: the FAQ entry whose question shares the most words with the customer's. */
export interface FaqMatch {
  question: string;
  answer: string;
  /** How many of the customer's words (French lexemes) its question has. */
  shared: number;
}

/** public.set_whatsapp_number: the restaurant's WhatsApp Business number as set (phone_number_id and updated_at null: cleared). */
export interface WhatsAppNumberAnswer {
  restaurant_id: string;
  /** Meta's id of the number customers write to (digits). */
  phone_number_id: string | null;
  updated_at: string | null;
}
