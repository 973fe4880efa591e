import { TIME_SLOTS } from '@tablee/sections';
import { defaultArrivalTimes, isServiceSlot, serviceSlots } from '../../src/hours/slots';
import { connectSectionStack } from './stack';

/**
 * The form's arrival rules (sections/src/hours/slots.ts) are the twin of the database's
 * (private.is_service_slot, private.default_arrival_times): asked for the same ranges, they agree.
 */
const stack = connectSectionStack();
afterAll(() => stack.stop());

const RANGES: [string, string][] = [
  ['12:00', '14:00'], // the default lunch
  ['19:00', '22:00'], // the default dinner
  ['12:15', '14:30'],
  ['22:00', '01:00'], // past midnight
  ['23:45', '00:30'],
  ['19:00', '00:00'], // ends at midnight
  ['12:00', '12:45'], // shorter than an hour
  ['11:30', '11:45'], // a single quarter hour
];

test.each(RANGES)('%s – %s: the same slots and the same default set', async (from, to) => {
  const [sql] = (await stack.sql(
    `select array(select to_char(t, 'HH24:MI') from unnest($3::time[]) t where private.is_service_slot(t, $1::time, $2::time) order by t) as slots,
            array(select to_char(t, 'HH24:MI') from unnest(private.default_arrival_times($1::time, $2::time)) with ordinality u(t, i) order by i) as defaults`,
    [from, to, TIME_SLOTS],
  )) as { slots: string[]; defaults: string[] }[];
  expect([...serviceSlots(from, to)].sort()).toEqual(sql.slots);
  expect(TIME_SLOTS.filter((t) => isServiceSlot(t, from, to))).toEqual(sql.slots);
  expect(defaultArrivalTimes(from, to)).toEqual(sql.defaults);
});

test('past midnight, the slots run in the service’s order', () => {
  expect(serviceSlots('23:30', '00:30')).toEqual(['23:30', '23:45', '00:00', '00:15']);
  expect(defaultArrivalTimes('22:00', '01:00')).toEqual(['22:00', '22:30', '23:00', '23:30', '00:00']);
  expect(defaultArrivalTimes('12:00', '12:45')).toEqual(['12:00']);
});
