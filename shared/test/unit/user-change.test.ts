/**
 * The query cache and the session meet only through the core's news of a change of user: the first
 * session read at start is the stored one, with which anything already cached was read (a light page's
 * head start), so it is kept; a later change of user (or none) empties the cache.
 */
import { queryClient } from '../../src/query/query-client';
import { initSupabase, resetSupabaseForTests } from '../../src/supabase/client';
import { startSession, stopSessionForTests, tableeStore, userAtom } from '../../src/session/session';

/** A session as supabase-js stores it, for a user, valid for an hour. */
function storedSessionOf(userId: string) {
  const now = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    access_token: 'header.payload.signature',
    refresh_token: 'refresh',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    user: { id: userId, email: 'owner@exemple.fr', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: new Date().toISOString() },
  });
}

afterEach(() => {
  stopSessionForTests();
  resetSupabaseForTests();
  queryClient.clear();
});

it('keeps what was cached before the stored session was read, and empties the cache when the user then changes', async () => {
  const stored = new Map([['sb-localhost-auth-token', storedSessionOf('11111111-1111-4111-8111-111111111111')]]);
  initSupabase({
    url: 'http://localhost:1',
    anonKey: 'anon',
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value), removeItem: (key) => void stored.delete(key) },
  });
  queryClient.setQueryData(['restaurants', 'r', 'reservations', 'detail', 'R-0001'], { numero: 'R-0001' });

  await startSession();
  expect(tableeStore.get(userAtom)?.id).toBe('11111111-1111-4111-8111-111111111111');
  expect(queryClient.getQueryData(['restaurants', 'r', 'reservations', 'detail', 'R-0001'])).toEqual({ numero: 'R-0001' });

  // Signed out (the session gone): the next user starts from an empty cache.
  stopSessionForTests();
  expect(queryClient.getQueryData(['restaurants', 'r', 'reservations', 'detail', 'R-0001'])).toBeUndefined();
});
