import { redactUrl } from '../../src/lib/redact';
import { formatDate, formatEuros, formatParty, formatTime } from '../../src/lib/format';
import { loadConfig } from '../../src/config';

test('redactUrl hides codes in paths and in the code query parameter', () => {
  expect(redactUrl('/api/reservations/TBL-1/accept/abcdef')).toBe('/api/reservations/TBL-1/accept/[code]');
  expect(redactUrl('/api/reservations/TBL-1/reject/abcdef?x=1')).toBe('/api/reservations/TBL-1/reject/[code]?x=1');
  expect(redactUrl('/reservations/TBL-1/feuille-salle?code=abcdef')).toBe('/reservations/TBL-1/feuille-salle?code=[code]');
  expect(redactUrl('/api/reservations/accept_reservation')).toBe('/api/reservations/accept_reservation');
});

test('fr-FR formats', () => {
  expect(formatDate('2026-12-05')).toBe('samedi 5 décembre 2026');
  expect(formatTime('20:00:00')).toBe('20:00');
  expect(formatEuros(1234.5).replace(/\s/g, ' ')).toBe('1 234,50 €');
  expect(formatParty(1, 1)).toBe('2 personnes (1 adulte et 1 enfant)');
});

test('configuration defaults and refusal of a missing key', () => {
  const c = loadConfig({ SUPABASE_URL: 'http://localhost:54321', SUPABASE_SERVICE_ROLE_KEY: 'k' });
  expect(c.port).toBe(8787);
  expect(c.smtpUrl).toBeUndefined();
  expect(c.outboxDir.endsWith('/.data/outbox')).toBe(true);
  expect(c.publicBaseUrl).toBe('http://localhost:8787');
  expect(() => loadConfig({ SUPABASE_URL: 'http://localhost:54321' })).toThrow(/SUPABASE_SERVICE_ROLE_KEY/);
});
