/** The session supabase-js stored, as the light reservation page reads it without supabase-js. */
import { sessionStorageKey, storedSession } from '../../src/start/stored-session';

const URL_OF_PROJECT = 'https://abcdefgh.supabase.co';
const NOW_MS = Date.UTC(2026, 10, 28, 12, 0, 0);
const store = (value: unknown) => window.localStorage.setItem(sessionStorageKey(URL_OF_PROJECT), typeof value === 'string' ? value : JSON.stringify(value));

afterEach(() => window.localStorage.clear());

it('is stored under supabase-js’s default key, named after the project’s host', () => {
  expect(sessionStorageKey(URL_OF_PROJECT)).toBe('sb-abcdefgh-auth-token');
  expect(sessionStorageKey('http://localhost:54321')).toBe('sb-localhost-auth-token');
});

it('gives the access token and the e-mail of a session valid for more than a minute', () => {
  store({ access_token: 'token', expires_at: NOW_MS / 1000 + 3600, user: { email: 'owner@exemple.fr' } });
  expect(storedSession(URL_OF_PROJECT, NOW_MS)).toEqual({ accessToken: 'token', email: 'owner@exemple.fr' });
});

it('leaves to supabase-js a session expired or about to be, none, or one it cannot read', () => {
  store({ access_token: 'token', expires_at: NOW_MS / 1000 + 30, user: { email: 'owner@exemple.fr' } });
  expect(storedSession(URL_OF_PROJECT, NOW_MS)).toBeNull();
  store({ access_token: 'token', expires_at: NOW_MS / 1000 - 10 });
  expect(storedSession(URL_OF_PROJECT, NOW_MS)).toBeNull();
  store('not json');
  expect(storedSession(URL_OF_PROJECT, NOW_MS)).toBeNull();
  store({ currentSession: { access_token: 'token' } });
  expect(storedSession(URL_OF_PROJECT, NOW_MS)).toBeNull();
  window.localStorage.clear();
  expect(storedSession(URL_OF_PROJECT, NOW_MS)).toBeNull();
});
