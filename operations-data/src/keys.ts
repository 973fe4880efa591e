/**
 * Query keys of a restaurant's operations data. The shell (prefetch, sidebar badge) and the operations
 * remote (screens, mutations) build them with this same code, so they meet in the kernel's one
 * QueryClient; a remote redeployed with other keys only wastes the shell's prefetch.
 */
export const reservationKeys = {
  /** List pages, details, counts and sheet links share this prefix: invalidating it refreshes them all. */
  all: (restaurantId: string) => ['restaurants', restaurantId, 'reservations'] as const,
  counts: (restaurantId: string) => [...reservationKeys.all(restaurantId), 'counts'] as const,
  /** One reservation, by the restaurant-facing number of its address. */
  detail: (restaurantId: string, numero: string) => [...reservationKeys.all(restaurantId), 'detail', numero] as const,
};

export const conversationKeys = {
  all: (restaurantId: string) => ['restaurants', restaurantId, 'conversations'] as const,
  lists: (restaurantId: string) => [...conversationKeys.all(restaurantId), 'list'] as const,
  detail: (restaurantId: string, conversationId: string) => [...conversationKeys.all(restaurantId), 'detail', conversationId] as const,
};

/**
 * How long an answer counts as fresh. The shell prefetches a screen's data while the remote's code
 * loads, and the data usually arrives first: without this the screen, mounting a moment later, would
 * ask for the same rows again. Short, so that a list shown again later is still re-read.
 */
export const SCREEN_DATA_FRESH_MS = 10_000;

/** The page asked for lies beyond the last one (PostgREST answers 416 with PGRST103). */
export class PageOutOfRangeError extends Error {}

/**
 * New requests and changes made elsewhere (the chatbot, a link, another tab) appear within this delay
 * on the screens that watch them (list, badge, title, planning): the restaurant's latest change is
 * asked this often (one index entry, reservation-changes.ts) and the screens read again only when it
 * moved. Polling through the data layer: no realtime server to run.
 */
export const CHANGE_CHECK_MS = 3_000;

/**
 * The screens' own refresh, for what changes with time alone (a request becoming late, the counts'
 * `late`), and at once when the window regains focus (TanStack's default). Changes in the rows come
 * through CHANGE_CHECK_MS.
 */
export const LIVE_REFRESH_MS = 5 * 60_000;

/**
 * An open conversation list or conversation is read again this often: a customer's new message, the
 * assistant's reply or a colleague's appear within it (the chat has no change check of its own).
 */
export const CONVERSATION_REFRESH_MS = 5_000;

/** The dashboard's cards (every restaurant's counts: no one restaurant's change check) are read again this often. */
export const SUMMARY_REFRESH_MS = 30_000;
