/**
 * The keys a restaurant's chatbot backend sends its requests with (public.restaurant_assistant_keys):
 * the database keeps a key's SHA-256 and its first characters, the key itself is answered once.
 */

/** What public.create_assistant_key answers: the only time the key itself is seen. */
export interface NewAssistantKey {
  id: string;
  /** 'tbl_' and 48 hex digits. */
  key: string;
  /** The key's first 12 characters, by which the owner recognises it later. */
  prefix: string;
  created_at: string;
}
