import { anon, newOwner, withDb } from '../../local-supabase/test/clients';
import { must, sample } from '../../local-supabase/test/fixtures';
import { insertReservationAsSuperuser, insertReservationsAsSuperuser } from '../../local-supabase/test/reservations';

/**
 * public.reservation_planning — per day and service, the confirmed covers (accepted and
 * paid, adults and children) against the service's capacity, the pending requests, the closed
 * services; lunch before 16:00, dinner from 16:00 or without an arrival time; only the owner's.
 */
const WEEK = { p_from: '2026-11-23', p_to: '2026-11-29' }; // Monday to Sunday
let owner: Awaited<ReturnType<typeof newOwner>>;
let restaurantId: string;

beforeAll(async () => {
  owner = await newOwner('planning');
  ({ id: restaurantId } = await must(owner.client.from('restaurants').insert({ name: 'Planning' }).select('id').single()));
  // Open Monday, Tuesday (dinner closed) and Friday, each with its own settings; two capacities.
  const days = sample.hours.days.map((d) => ({
    ...d,
    lunchService: { ...d.lunchService, capacity: d.day === 'monday' ? 30 : null },
    dinnerService: { ...d.dinnerService, capacity: d.day === 'friday' ? 50 : null },
  }));
  await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: restaurantId, p_hours: { ...sample.hours, days } }));
  const reservation = (reservation_date: string, arrival_time: string | null, status: number, number_people: number, children = 0) => ({
    restaurant_id: restaurantId,
    reservation_date,
    arrival_time,
    status,
    number_people,
    children,
  });
  // A fixed week, decided statuses, a closed service, no arrival time: rows submit_group_request refuses.
  await insertReservationsAsSuperuser([
    reservation('2026-11-23', '12:00', 1, 10, 2), // accepted: 12 covers at lunch
    reservation('2026-11-23', '15:45', 3, 8), // paid, still lunch
    reservation('2026-11-23', '16:00', 0, 6), // pending, dinner from 16:00
    reservation('2026-11-23', '12:30', 2, 40), // refused: not counted
    reservation('2026-11-23', '12:30', 4, 40), // cancelled: not counted
    reservation('2026-11-23', '12:15', 5, 7, 1), // no-show: apart, not among the confirmed
    reservation('2026-11-24', '20:00', 1, 15), // accepted on a closed service: counted, and shown closed
    reservation('2026-11-27', null, 0, 20, 1), // pending without an arrival time: the evening
    reservation('2026-11-30', '12:00', 1, 50), // the week after
  ]);
});

const cell = (rows: { day: string; service: string }[], day: string, service: string) => rows.find((r) => r.day === day && r.service === service);

test('a week: fourteen services in order, with covers, capacities and closures', async () => {
  const rows = await must(owner.client.rpc('reservation_planning', { p_restaurant_id: restaurantId, ...WEEK }));
  expect(rows.map((r: { day: string; service: string }) => `${r.day} ${r.service}`)).toEqual(
    ['23', '24', '25', '26', '27', '28', '29'].flatMap((d) => [`2026-11-${d} lunch`, `2026-11-${d} dinner`]),
  );
  expect(cell(rows, '2026-11-23', 'lunch')).toEqual({
    day: '2026-11-23',
    service: 'lunch',
    is_open: true,
    capacity: 30,
    confirmed_covers: 20,
    confirmed_reservations: 2,
    pending_covers: 0,
    pending_requests: 0,
    no_show_covers: 8,
    no_show_reservations: 1,
  });
  expect(cell(rows, '2026-11-23', 'dinner')).toMatchObject({ is_open: true, capacity: null, confirmed_covers: 0, pending_covers: 6, pending_requests: 1 });
  expect(cell(rows, '2026-11-24', 'lunch')).toMatchObject({ is_open: true, capacity: null, confirmed_covers: 0 });
  expect(cell(rows, '2026-11-24', 'dinner')).toMatchObject({ is_open: false, confirmed_covers: 15, confirmed_reservations: 1 });
  expect(cell(rows, '2026-11-25', 'lunch')).toMatchObject({ is_open: false, confirmed_covers: 0, pending_requests: 0 });
  expect(cell(rows, '2026-11-27', 'dinner')).toMatchObject({ is_open: true, capacity: 50, pending_covers: 21, pending_requests: 1 });
  expect(cell(rows, '2026-11-29', 'dinner')).toMatchObject({ is_open: false });
});

test('calendar days whatever the session’s time zone', async () => {
  const rows = await withDb(async (db) => {
    await db.query("set timezone = 'Pacific/Kiritimati'");
    return (await db.query("select day::text, service, confirmed_covers from public.reservation_planning($1, '2026-10-25', '2026-10-25')", [restaurantId])).rows;
  });
  expect(rows).toEqual([
    { day: '2026-10-25', service: 'lunch', confirmed_covers: 0 },
    { day: '2026-10-25', service: 'dinner', confirmed_covers: 0 },
  ]);
});

test('a period backwards or longer than six weeks: a French refusal', async () => {
  const backwards = await owner.client.rpc('reservation_planning', { p_restaurant_id: restaurantId, p_from: '2026-11-29', p_to: '2026-11-23' });
  expect(backwards).toMatchObject({ status: 400, error: { code: '22023', message: 'Période du planning invalide' } });
  const tooLong = await owner.client.rpc('reservation_planning', { p_restaurant_id: restaurantId, p_from: '2026-11-01', p_to: '2026-12-31' });
  expect(tooLong).toMatchObject({ status: 400, error: { code: '22023', message: 'Le planning couvre au plus 42 jours' } });
});

test('another owner gets no row of it; anonymous cannot call it', async () => {
  const other = await newOwner('planning-other');
  expect(await must(other.client.rpc('reservation_planning', { p_restaurant_id: restaurantId, ...WEEK }))).toEqual([]);
  const anonymous = await anon().rpc('reservation_planning', { p_restaurant_id: restaurantId, ...WEEK });
  expect(anonymous.error).not.toBeNull();
  expect(anonymous.data).toBeNull();
});

describe('reservation_acceptance_check: what accepting a request does to the plan', () => {
  const check = (restaurateur: string) => must(owner.client.rpc('reservation_acceptance_check', { p_restaurant_id: restaurantId, p_numero: restaurateur }));
  const add = async (reservation_date: string, arrival_time: string, number_people: number, children = 0) => {
    // In the file's fixed week, on a closed service or after hours: rows submit_group_request refuses.
    const written = await insertReservationAsSuperuser({ restaurant_id: restaurantId, reservation_date, arrival_time, status: 0, number_people, children });
    return written.numero_reservation_restaurateur;
  };

  test('covers after acceptance against capacity: over it', async () => {
    // Monday lunch holds 20 confirmed of 30: 8 + 3 more makes 31.
    const rows = await check(await add('2026-11-23', '13:00', 8, 3));
    expect(rows).toEqual([
      {
        day: '2026-11-23',
        service: 'lunch',
        is_open: true,
        capacity: 30,
        confirmed_covers: 20,
        covers: 11,
        covers_after: 31,
        arrival_time: '13:00:00',
        from_time: '12:00:00',
        to_time: '14:00:00',
        outside_hours: false,
        closed: false,
        closure_reason: null,
      },
    ]);
  });

  test('a closed service, and an arrival outside the service’s hours', async () => {
    expect((await check(await add('2026-11-24', '20:00', 4)))[0]).toMatchObject({ service: 'dinner', is_open: false });
    expect((await check(await add('2026-11-27', '23:50', 4)))[0]).toMatchObject({ service: 'dinner', is_open: true, from_time: '18:30:00', to_time: '23:45:00', outside_hours: true });
  });

  test('another owner gets no row; anonymous cannot call it', async () => {
    const numero = await add('2026-11-23', '12:00', 2);
    const other = await newOwner('acceptance-other');
    expect(await must(other.client.rpc('reservation_acceptance_check', { p_restaurant_id: restaurantId, p_numero: numero }))).toEqual([]);
    expect((await anon().rpc('reservation_acceptance_check', { p_restaurant_id: restaurantId, p_numero: numero })).error).not.toBeNull();
  });
});
