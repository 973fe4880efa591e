import { TIME_SLOTS } from '@tablee/sections';
import { defaultArrivalTimes, isServiceSlot, isServiceSpan, serviceSlots } from '../../src/hours/slots';
import { connectSectionStack } from './stack';

/**
 * The form's arrival rules (sections/src/hours/slots.ts) are the twin of the database's
 * (private.is_service_slot, private.default_arrival_times, private.is_service_span): asked for the same
 * ranges, they agree.
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
  ['19:00', '00:30'], // the late dinner
  ['18:00', '06:00'], // the latest end after midnight
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

test('past midnight, arrivals stay on the service’s date: from the start to 23:45', () => {
  expect(serviceSlots('23:30', '00:30')).toEqual(['23:30', '23:45']);
  expect(defaultArrivalTimes('22:00', '01:00')).toEqual(['22:00', '22:30', '23:00', '23:30']);
  expect(defaultArrivalTimes('19:00', '02:00')).toEqual(['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30']);
  expect(defaultArrivalTimes('12:00', '12:45')).toEqual(['12:00']);
  expect(isServiceSlot('00:15', '19:00', '00:30')).toBe(false);
});

test('a possible service, the same for every pair of quarter hours: after its start, or after midnight by 06:00', async () => {
  const [sql] = (await stack.sql(
    `select array(select f || '-' || t from unnest($1::text[]) f, unnest($1::text[]) t
                   where private.is_service_span(f::time, t::time) order by f, t) as spans`,
    [TIME_SLOTS],
  )) as { spans: string[] }[];
  const ts = TIME_SLOTS.flatMap((f) => TIME_SLOTS.filter((t) => isServiceSpan(f, t)).map((t) => `${f}-${t}`));
  expect(ts).toEqual(sql.spans);
  expect(isServiceSpan('19:00', '00:30')).toBe(true);
  expect(isServiceSpan('14:00', '12:00')).toBe(false);
  expect(isServiceSpan('12:00', '12:00')).toBe(false);
  expect(isServiceSpan('19:00', '06:15')).toBe(false);
});
