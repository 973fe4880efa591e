import { acceptanceWarnings, type AcceptanceCheck } from '../../src/acceptance';

/** The acceptance check's warnings in French (@tablee/domain/acceptance), read by the app and the reservation service. */
const check = (overrides: Partial<AcceptanceCheck> = {}): AcceptanceCheck => ({
  day: '2026-12-25',
  service: 'dinner',
  is_open: true,
  capacity: null,
  covers_after: 12,
  arrival_time: '20:00:00',
  from_time: '19:00:00',
  to_time: '00:30:00',
  outside_hours: false,
  closed: false,
  closure_reason: null,
  ...overrides,
});

test('no warning within the plan', () => {
  expect(acceptanceWarnings(check())).toEqual([]);
});

test('an exceptional closure of the service, with or without its reason', () => {
  expect(acceptanceWarnings(check({ closed: true, closure_reason: 'Noël' }))).toEqual(['Le restaurant est fermé ce jour-là (service du soir, fermeture exceptionnelle : Noël).']);
  expect(acceptanceWarnings(check({ service: 'lunch', closed: true }))).toEqual(['Le restaurant est fermé ce jour-là (service du midi, fermeture exceptionnelle).']);
});
