import { parsePlanningParams, planningRange, shiftPlanning } from '../../src';

/** The planning's periods: calendar days only, whatever the machine's time zone. */
const params = (search: string) => parsePlanningParams(new URLSearchParams(search), '2026-11-23');

test('a week is Monday to Sunday, whichever day of it the address names (a Sunday included)', () => {
  expect(planningRange(params('date=2026-11-23'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  expect(planningRange(params('date=2026-11-29'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  // Across the change to winter time and the turn of the year.
  expect(planningRange(params('date=2026-10-25'))).toEqual({ from: '2026-10-19', to: '2026-10-25' });
  expect(planningRange(params('date=2027-01-01'))).toEqual({ from: '2026-12-28', to: '2027-01-03' });
});

test('a month is the whole weeks that hold it, six at most', () => {
  expect(planningRange(params('vue=mois&date=2026-12-31'))).toEqual({ from: '2026-11-30', to: '2027-01-03' });
  // February 2027 begins on a Monday and ends on a Sunday: exactly four weeks.
  expect(planningRange(params('vue=mois&date=2027-02-10'))).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  // A 31-day month beginning on a Sunday spans six weeks (42 days, the function's limit).
  const march = planningRange(params('vue=mois&date=2026-03-01'));
  expect(march).toEqual({ from: '2026-02-23', to: '2026-04-05' });
});

test('previous and next: seven days, or the month before and after (from the 31st too)', () => {
  expect(shiftPlanning({ view: 'week', date: '2026-12-30' }, 1)).toEqual({ view: 'week', date: '2027-01-06' });
  expect(shiftPlanning({ view: 'month', date: '2026-01-31' }, 1)).toEqual({ view: 'month', date: '2026-02-01' });
  expect(shiftPlanning({ view: 'month', date: '2026-03-31' }, -1)).toEqual({ view: 'month', date: '2026-02-01' });
});

test('a malformed address is this week', () => {
  expect(params('vue=annee&date=2026-02-30')).toEqual({ view: 'week', date: '2026-11-23' });
});
