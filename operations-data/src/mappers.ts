/** Row ↔ model mapping of the operations screens' reads (reservations, conversations), written once (ARCHITECTURE.md, Data). */
import {
  reservationOptions,
  reservationSource,
  statusFromCode,
  toHHMM,
  toNumber,
  type Conversation,
  type ConversationChannel,
  type ConversationRequest,
  type Message,
  type MessageRole,
  type Reservation,
} from '@tablee/domain';
import type { ConversationRequestRow, ConversationRow, ConversationSummaryRow, MessageRow, ReservationRow } from './rows';

const roleOf = (role: string | null): MessageRole => (role === 'assistant' || role === 'staff' ? role : 'user');
const channelOf = (channel: string): ConversationChannel => (channel === 'web' || channel === 'whatsapp' || channel === 'page' ? channel : 'import');

export function messageFromRow(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id ?? '',
    role: roleOf(row.role),
    authorName: row.author_name,
    content: row.content,
    createdAt: row.created_at,
  };
}

/** Where a conversation takes place and who answers it (the table and the list's view name them alike). */
const answering = (row: Pick<ConversationRow, 'channel' | 'customer_contact' | 'answered_by' | 'handed_over_at'>) => ({
  channel: channelOf(row.channel),
  customerContact: row.customer_contact,
  answeredBy: row.answered_by === 'staff' ? ('staff' as const) : ('assistant' as const),
  handedOverAt: row.handed_over_at,
});

const byCreatedAt = (a: { createdAt: string }, b: { createdAt: string }) => a.createdAt.localeCompare(b.createdAt);

/** A conversation with its messages oldest first, plus the derived last message and count. */
export function conversationFromRow(row: ConversationRow): Conversation {
  const messages = row.messages.map((m) => messageFromRow({ ...m, conversation_id: m.conversation_id ?? row.id })).sort(byCreatedAt);
  return {
    id: row.id,
    restaurantId: row.restaurant_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    messages,
    messageCount: messages.length,
    requests: requestsFromRows(row.restaurant_reservations),
    lastMessage: messages[messages.length - 1],
    ...answering(row),
  };
}

/** The requests of a conversation, oldest first. */
const requestsFromRows = (rows: ConversationRequestRow[] | undefined): ConversationRequest[] =>
  [...(rows ?? [])].sort((a, b) => a.created_at.localeCompare(b.created_at)).map((r) => ({ numero: r.numero_reservation_restaurateur, customerName: r.customer_name }));

/** A card of the conversation list: the view gives the count and the last message, never every message. */
export function conversationSummaryFromRow(row: ConversationSummaryRow): Conversation {
  return {
    id: row.id,
    restaurantId: row.restaurant_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    messageCount: row.message_count ?? 0,
    requests: requestsFromRows(row.restaurant_reservations),
    ...answering(row),
    lastMessage:
      row.last_message_content === null
        ? undefined
        : {
            id: '',
            conversationId: row.id,
            role: roleOf(row.last_message_role),
            content: row.last_message_content,
            createdAt: row.last_message_at ?? row.updated_at,
          },
  };
}

export function reservationFromRow(row: ReservationRow): Reservation {
  const conversation = row.conversations ? conversationFromRow(row.conversations) : undefined;
  return {
    id: row.id,
    numero: row.numero_reservation_restaurateur,
    numeroReservation: row.numero_reservation,
    customerName: row.customer_name ?? '',
    email: row.email ?? '',
    emailDeliverable: row.email_address !== null,
    phoneNumber: row.phone_number ?? '',
    status: statusFromCode(row.status),
    selectedMenu: row.selected_menu ?? '',
    totalAmount: toNumber(row.total_amount),
    amountReceivedCents: row.amount_received_cents,
    createdAt: row.created_at,
    numberPeople: row.number_people,
    children: row.children ?? 0,
    reservationDate: row.reservation_date,
    arrivalTime: toHHMM(row.arrival_time),
    service: row.service === 'lunch' ? 'lunch' : 'dinner',
    respondBy: row.respond_by,
    source: reservationSource(row.source),
    options: reservationOptions(row.options),
    codeReservation: row.code_reservation,
    isAccepted: !!row.is_accepted,
    restaurantId: row.restaurant_id,
    conversationId: row.conversation_id ?? undefined,
    conversation: conversation?.messages?.map((m) => ({
      id: m.id,
      sender: m.role === 'assistant' ? 'bot' : m.role,
      authorName: m.authorName,
      content: m.content,
      timestamp: m.createdAt,
    })),
  };
}
