/** The kernel's constants: the password rule's length, the toast's timings (spec §2, §9), the locale. */
export const MIN_PASSWORD_LENGTH = 6;

export const TOAST_AUTO_CLOSE_MS = 4000;
export const TOAST_REPLAY_MAX_AGE_MS = 5000;
/** Local-storage entry of the edit screens' toast (spec §2). */
export const TOAST_STORAGE_KEY = 'restaurant-notification';

export const LOCALE = 'fr-FR';
