/** The statistics' periods and the list's bounds of reception: Paris days, across a daylight-saving change too. */
import { parseReservationListParams, reservationListQuery } from '../../src/reservations';
import { parisDayStart, receivedBounds } from '../../src/received';
import { parseStatisticsParams, presetPeriod, statisticsListPath, STATISTICS_MAX_DAYS } from '../../src/statistics';

const RESTAURANT = '20000000-0000-4000-8000-000000000001';

it('bounds reception by Paris days, as the SQL does (created_at >= day 00:00 Paris, < the day after 00:00 Paris)', () => {
  expect(parisDayStart('2026-01-15')).toBe('2026-01-14T23:00:00.000Z');
  expect(parisDayStart('2026-07-15')).toBe('2026-07-14T22:00:00.000Z');
  // March 2026: winter time on the 1st, summer time from the 29th.
  expect(receivedBounds('2026-03-01', '2026-03-31')).toEqual({ gte: '2026-02-28T23:00:00.000Z', lt: '2026-03-31T22:00:00.000Z' });
  // The day of the change itself is 23 hours long.
  expect(receivedBounds('2026-03-29', '2026-03-29')).toEqual({ gte: '2026-03-28T23:00:00.000Z', lt: '2026-03-29T22:00:00.000Z' });
  expect(receivedBounds('2026-10-25', '2026-10-25')).toEqual({ gte: '2026-10-24T22:00:00.000Z', lt: '2026-10-25T23:00:00.000Z' });
  expect(receivedBounds(undefined, undefined)).toEqual({ gte: undefined, lt: undefined });
});

it('reads the periods of the address, this month by default', () => {
  const today = '2026-11-23';
  const read = (search: string) => parseStatisticsParams(new URLSearchParams(search), today);
  expect(read('')).toEqual({ preset: 'month', from: '2026-11-01', to: today });
  expect(read('periode=mois-dernier')).toEqual({ preset: 'last-month', from: '2026-10-01', to: '2026-10-31' });
  expect(read('periode=trimestre')).toEqual({ preset: 'quarter', from: '2026-10-01', to: today });
  expect(read('periode=annee')).toEqual({ preset: 'year', from: '2026-01-01', to: today });
  expect(read('periode=personnalisee&du=2026-03-01&au=2026-03-31')).toEqual({ preset: 'custom', from: '2026-03-01', to: '2026-03-31' });
  // Reversed, malformed or longer than the SQL answers: this month.
  expect(read('periode=personnalisee&du=2026-03-31&au=2026-03-01').preset).toBe('month');
  expect(read('periode=personnalisee&du=2026-02-30&au=2026-03-01').preset).toBe('month');
  expect(read('periode=personnalisee&du=2020-01-01&au=2026-03-01').preset).toBe('month');
  expect(presetPeriod('last-month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  expect(presetPeriod('quarter', '2026-06-30')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
  expect(STATISTICS_MAX_DAYS).toBe(1096);
});

it('links a figure to the list filtered the same way, which reads its filters back', () => {
  const path = statisticsListPath(RESTAURANT, { from: '2026-03-01', to: '2026-03-31' }, { statuses: ['rejected', 'cancelled', 'no_show'] });
  expect(path).toBe(`/restaurants/${RESTAURANT}/operational/reservations?recuDu=2026-03-01&recuAu=2026-03-31&statuts=rejected%2Ccancelled%2Cno_show`);
  const params = parseReservationListParams(new URL(path, 'http://x').searchParams);
  expect(params).toMatchObject({ receivedFrom: '2026-03-01', receivedTo: '2026-03-31', statuses: ['rejected', 'cancelled', 'no_show'], status: 'all', invalidRange: false });
  expect(reservationListQuery(RESTAURANT, params)).toMatchObject({ receivedFrom: '2026-03-01', receivedTo: '2026-03-31', statuses: ['rejected', 'cancelled', 'no_show'] });
  // Unknown statuses and sources are dropped; a list without them keeps its former query (the shell's prefetch key).
  const other = parseReservationListParams(new URLSearchParams('statuts=bogus&origine=fax'));
  expect(other.statuses).toBeUndefined();
  expect(other.source).toBeUndefined();
  expect(Object.keys(reservationListQuery(RESTAURANT, other)!)).toEqual(['restaurantId', 'status', 'search', 'dateFrom', 'dateTo', 'service', 'order', 'page']);
  expect(parseReservationListParams(new URLSearchParams('origine=phone')).source).toBe('phone');
  expect(parseReservationListParams(new URLSearchParams('recuDu=2026-03-31&recuAu=2026-03-01'))).toMatchObject({ receivedFrom: undefined, invalidRange: true });
});
