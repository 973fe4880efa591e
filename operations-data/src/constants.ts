/** The operations screens' sizes and labels (spec §2, §9). */
export const CONVERSATIONS_PAGE_SIZE = 10;
export const PAGINATION_WINDOW = 5;
export const MESSAGE_PREVIEW_LENGTH = 80;
export const CONVERSATION_ID_PREFIX_LENGTH = 8;

export type Service = 'lunch' | 'dinner';

/** How the screens name a service (the planning's cells, the list's filter). */
export const SERVICE_LABELS: Record<Service, string> = { lunch: 'Midi', dinner: 'Soir' };

/** How a message's author is named on the operational screens (the bot is 'Assistant'). */
export const MESSAGE_AUTHOR_LABELS = { user: 'Client', assistant: 'Assistant', staff: 'Restaurant' } as const;

/** Where a conversation takes place, as its card and page say it (an imported one says nothing); 'page': the customer wrote from their own page (/ma-reservation). */
export const CHANNEL_LABELS = { web: 'Chat web', whatsapp: 'WhatsApp', page: 'Page client', import: null } as const;

/** The assistant passed a question the profile does not answer: the restaurant's turn. */
export const HANDED_OVER_LABEL = 'À vous';
/** A member took the conversation over: the assistant is silent in it. */
export const TAKEN_OVER_LABEL = 'Vous répondez';

/** WhatsApp takes a free reply within 24 hours of the customer's last message; after that, only an approved template. */
export const WHATSAPP_REPLY_WINDOW_MS = 24 * 3600_000;

/** A message's author as the app shows it: 'Restaurant — Léa Martin' for a member's reply. */
export const messageAuthorLabel = (role: keyof typeof MESSAGE_AUTHOR_LABELS, authorName?: string | null) =>
  role === 'staff' && authorName ? `${MESSAGE_AUTHOR_LABELS.staff} — ${authorName}` : MESSAGE_AUTHOR_LABELS[role];

/** A conversation's request, in the app: its restaurant number leads to its page. */
export const requestPathOf = (restaurantId: string, numero: string) => `/restaurants/${encodeURIComponent(restaurantId)}/operational/reservations/${encodeURIComponent(numero)}`;

/** A conversation's page, from its request. */
export const conversationPathOf = (restaurantId: string, conversationId: string) =>
  `/restaurants/${encodeURIComponent(restaurantId)}/operational/conversations/${encodeURIComponent(conversationId)}`;

/** How a conversation is named: with whom (its first request's customer), else by its short id. */
export function conversationTitle(c: { id: string; requests: readonly { customerName: string }[] }): string {
  const customer = c.requests.find((r) => r.customerName.trim())?.customerName.trim();
  return customer ? `Conversation avec ${customer}` : `Conversation #${c.id.slice(0, CONVERSATION_ID_PREFIX_LENGTH)}`;
}

/**
 * When it began, said as its messages' times are (formatMessageTime: « Aujourd'hui à 14:05 », « Hier à
 * 14:05 », « 27/11 14:05 »): « Créée hier à 14:05 », « Créée le 27/11 à 14:05 ».
 */
export function conversationCreatedText(relative: string): string {
  const dated = /^(\d{2}\/\d{2}) (.*)$/.exec(relative);
  return dated ? `Créée le ${dated[1]} à ${dated[2]}` : `Créée ${relative.charAt(0).toLowerCase()}${relative.slice(1)}`;
}
