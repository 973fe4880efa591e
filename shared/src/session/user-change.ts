/**
 * The signed-in user changed (another one, or none): said by the session (@tablee/shared/supabase),
 * heard by the query cache (@tablee/shared/light), which therefore do not import each other: the sign-in
 * pages get the session without TanStack Query, and a light page gets the cache without supabase-js.
 */
const listeners = new Set<() => void>();

/** Called when the signed-in user changes (another one, or none). */
export function onUserChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session's side: the user changed. */
export function userChanged(): void {
  listeners.forEach((listener) => listener());
}
