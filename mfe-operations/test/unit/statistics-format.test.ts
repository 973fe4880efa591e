/** The statistics' numbers in French: counts, rates, euros from cents, durations, and the comparison with the previous period. */
import { formatCents, formatChange, formatCount, formatDays, formatMinutes, formatPeople, formatRate } from '../../src/features/statistics/format';

// Intl's French spaces (narrow no-break in groups and before %, no-break before €) read as plain ones here.
const plain = (s: string | null) => s?.replace(/[\u202f\u00a0]/g, ' ');

it('says the figures in French', () => {
  expect(plain(formatCount(12345))).toBe('12 345');
  expect(plain(formatRate(0.8))).toBe('80 %');
  expect(formatRate(null)).toBe('—');
  expect(plain(formatCents(412000))).toBe('4 120,00 €');
  expect(plain(formatCents(4292))).toBe('42,92 €');
  expect(formatCents(null)).toBe('—');
  expect(formatMinutes(42.5)).toBe('43 min');
  expect(formatMinutes(95.5)).toBe('1 h 36');
  expect(formatMinutes(60 * 50)).toBe('2 j 2 h');
  expect(formatMinutes(null)).toBe('—');
  expect(formatDays(21)).toBe('21 jours');
  expect(formatDays(1)).toBe('1 jour');
  expect(formatDays(12.5)).toBe('12,5 jours');
  expect(formatPeople(12)).toBe('12 personnes');
});

it('compares with the previous period: a relative change for counts, points for rates', () => {
  expect(plain(formatChange(112, 100, 'relative'))).toBe('+12 %');
  expect(plain(formatChange(90, 100, 'relative'))).toBe('-10 %');
  expect(plain(formatChange(100, 100, 'relative'))).toBe('0 %');
  expect(formatChange(5, 0, 'relative')).toBeNull();
  expect(formatChange(0.85, 0.8, 'points')).toBe('+5 pts');
  expect(formatChange(0.79, 0.8, 'points')).toBe('-1 pt');
  expect(formatChange(null, 0.8, 'points')).toBeNull();
});
