/** Business constants and limits of spec §9, in one place. */
export const MIN_PASSWORD_LENGTH = 6;

export const PHOTO_MAX_SIZE_BYTES = 10 * 1024 * 1024;
export const PHOTO_ALLOWED_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp'] as const;
export const PHOTO_ALLOWED_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const PHOTO_BUCKET = 'restaurant-photos';

export const AUTOSAVE_DEBOUNCE_MS = { information: 500, hours: 500, photos: 1000 } as const;

export const TIME_SLOT_STEP_MINUTES = 15;
/** Every 15 minutes from 00:00 to 23:45 (96 values). */
export const TIME_SLOTS: readonly string[] = Array.from({ length: (24 * 60) / TIME_SLOT_STEP_MINUTES }, (_, i) => {
  const minutes = i * TIME_SLOT_STEP_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

export const DEFAULT_LUNCH_HOURS = { from: '12:00', to: '14:00' } as const;
export const DEFAULT_DINNER_HOURS = { from: '19:00', to: '22:00' } as const;
export const DEFAULT_GROUP_SIZE = { min: 1, max: 20 } as const;
export const DEFAULT_MAX_A_LA_CARTE_SIZE = 10;
export const DEFAULT_PRIVATIZATION_MIN_SIZE = 10;

export const DEFAULT_COUNTRY = 'France';
export const DEFAULT_DEPOSIT_TYPE = 'percentage' as const;
export const PERCENTAGE_DEPOSIT_MAX = 100;
export const DEFAULT_PRICE_TYPE = 'per_person' as const;

export const DEFAULT_KIDS_MENU_NAME = 'Menu Enfant';
export const DEFAULT_KIDS_MENU_PRICE = 0;

export const RESPONSE_TIME_OPTIONS = [
  { value: 'fast', label: '1-2h' },
  { value: 'medium', label: 'Sous 6h' },
  { value: 'slow', label: 'Sous 24h' },
] as const;
export const DEFAULT_RESPONSE_TIME = 'medium' as const;

export const TOAST_AUTO_CLOSE_MS = 4000;
export const TOAST_REPLAY_MAX_AGE_MS = 5000;
/** Local-storage entry of the edit screens' toast (spec §2). */
export const TOAST_STORAGE_KEY = 'restaurant-notification';

export const CONVERSATIONS_PAGE_SIZE = 10;
export const PAGINATION_WINDOW = 5;
export const MESSAGE_PREVIEW_LENGTH = 80;
export const CONVERSATION_ID_PREFIX_LENGTH = 8;

export const LOCALE = 'fr-FR';
export const CURRENCY = 'EUR';

/** The tabs of the restaurant sidebar's 'Gestion du restaurant' (spec §2's eight, then 'Votre assistant'), in order. */
export const RESTAURANT_TABS = [
  { path: 'information', label: 'Informations' },
  { path: 'photos', label: 'Photos' },
  { path: 'hours', label: 'Horaires & Fonctionnement' },
  { path: 'menus', label: 'Menus' },
  { path: 'options', label: 'Options' },
  { path: 'cgv', label: 'CGV' },
  { path: 'faq', label: 'F.A.Q' },
  { path: 'billing', label: 'Facturation' },
  // Issue 18: what the assistant will say, read from the profile above.
  { path: 'assistant', label: 'Votre assistant' },
] as const;

export const OPERATIONAL_TABS = [
  { path: 'operational/reservations', label: 'Réservations' },
  { path: 'operational/planning', label: 'Planning' },
  { path: 'operational/conversations', label: 'Conversations' },
] as const;

/** A page of a restaurant: a tab of either sidebar section (spec §2). */
export type RestaurantPage = (typeof RESTAURANT_TABS)[number]['path'] | (typeof OPERATIONAL_TABS)[number]['path'];

/** The address of a restaurant's page, absolute; without a page, its default one (the first tab, spec §2). */
export function restaurantPath(restaurantId: string, page: RestaurantPage = RESTAURANT_TABS[0].path): string {
  return `/restaurants/${encodeURIComponent(restaurantId)}/${page}`;
}

/** Six ordered onboarding steps (spec §2). */
export const ONBOARDING_STEPS = [
  { key: 'information', label: 'Informations' },
  { key: 'photos', label: 'Photos' },
  { key: 'hours', label: 'Horaires & Fonctionnement' },
  { key: 'menus', label: 'Menus' },
  { key: 'options', label: 'Options' },
  { key: 'billing', label: 'Facturation' },
] as const;

/** How a message's author is named on the operational screens (the bot is 'Assistant'). */
export const MESSAGE_AUTHOR_LABELS = { user: 'Client', assistant: 'Assistant' } as const;
