/** The operations screens' sizes and labels (spec §2, §9). */
export const CONVERSATIONS_PAGE_SIZE = 10;
export const PAGINATION_WINDOW = 5;
export const MESSAGE_PREVIEW_LENGTH = 80;
export const CONVERSATION_ID_PREFIX_LENGTH = 8;

export type Service = 'lunch' | 'dinner';

/** How the screens name a service (the planning's cells, the list's filter). */
export const SERVICE_LABELS: Record<Service, string> = { lunch: 'Midi', dinner: 'Soir' };

/** How a message's author is named on the operational screens (the bot is 'Assistant'). */
export const MESSAGE_AUTHOR_LABELS = { user: 'Client', assistant: 'Assistant' } as const;
