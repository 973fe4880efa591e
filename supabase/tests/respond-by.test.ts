import { newOwner, withDb } from '../../local-supabase/test/clients';
import { fillProfile, must } from '../../local-supabase/test/fixtures';
import { insertReservationAsSuperuser, submitGroupRequest } from '../../local-supabase/test/reservations';

/**
 * respond_by, when the owner should have answered (private.set_respond_by): the promised response
 * time counted within the restaurant's opening hours, Europe/Paris. The sample restaurant promises
 * 1-2 h (2 hours) and is open Monday 12:00–14:00 and 19:00–22:00, Tuesday 11:45–14:30 (no dinner),
 * Friday 12:00–14:00 and 18:30–23:45. 30 November 2026 is a Monday; Paris is at UTC+1 then.
 */
async function restaurant(label: string) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert({ name: label }).select('id').single());
  await fillProfile(owner.client, id as string, label);
  return { ...owner, restaurantId: id as string };
}

/** The respond_by the database gives a request received at `createdAt` (a past instant: written as the superuser, which alone may set created_at). */
async function respondBy(restaurantId: string, createdAt: string): Promise<string> {
  const row = await insertReservationAsSuperuser({ restaurant_id: restaurantId, number_people: 12, reservation_date: '2026-12-18', created_at: createdAt });
  return withDb(async (db) => {
    const { rows } = await db.query<{ at: string }>(`select to_char(respond_by at time zone 'Europe/Paris', 'YYYY-MM-DD"T"HH24:MI') as at from public.restaurant_reservations where id = $1`, [
      row.id,
    ]);
    return rows[0].at;
  });
}

test('a request in the night is due two hours after the next opening, not at 02:38', async () => {
  const { restaurantId } = await restaurant('respond-night');
  expect(await respondBy(restaurantId, '2026-11-30T00:38:00+01:00')).toBe('2026-11-30T14:00');
});

test('the delay runs only while the restaurant is open: the end of lunch, then dinner; the end of dinner, then the next open day', async () => {
  const { restaurantId } = await restaurant('respond-spans');
  // 30 minutes of lunch, then 1 h 30 from 19:00.
  expect(await respondBy(restaurantId, '2026-11-30T13:30:00+01:00')).toBe('2026-11-30T20:30');
  // 30 minutes of Monday's dinner, then 1 h 30 from Tuesday's 11:45.
  expect(await respondBy(restaurantId, '2026-11-30T21:30:00+01:00')).toBe('2026-12-01T13:15');
  // Tuesday has no dinner, Wednesday and Thursday are closed: Friday's lunch.
  expect(await respondBy(restaurantId, '2026-12-01T14:00:00+01:00')).toBe('2026-12-04T13:30');
  // Within the hours, the delay as promised.
  expect(await respondBy(restaurantId, '2026-11-30T19:15:00+01:00')).toBe('2026-11-30T21:15');
});

test('an exceptional closure is not open time', async () => {
  const { client, restaurantId } = await restaurant('respond-closure');
  await must(client.from('restaurant_closures').insert({ restaurant_id: restaurantId, closure_date: '2026-12-04', service: 'lunch', reason: 'Inventaire' }));
  expect(await respondBy(restaurantId, '2026-12-01T14:00:00+01:00')).toBe('2026-12-04T20:00');
});

test('a restaurant with no open hours counts the delay on the clock', async () => {
  const { restaurantId } = await restaurant('respond-no-hours');
  // No day open (set as the superuser: the hours form requires one): no hours to count within.
  await withDb((db) => db.query(`update public.restaurants set days_open = '{}' where id = $1`, [restaurantId]));
  expect(await respondBy(restaurantId, '2026-11-30T00:38:00+01:00')).toBe('2026-11-30T02:38');
});

test('the chatbot’s answer gives the same respond_by, within the hours', async () => {
  const { restaurantId } = await restaurant('respond-answer');
  const request = await submitGroupRequest(restaurantId);
  const rows = await withDb(
    async (db) =>
      (
        await db.query<{ stored: string; expected: string }>(
          `select respond_by::text as stored,
                  private.respond_by_within_hours(restaurant_id, created_at, interval '2 hours', 28)::text as expected
             from public.restaurant_reservations where id = $1`,
          [request.id],
        )
      ).rows,
  );
  expect(rows[0].stored).toBe(rows[0].expected);
  expect(new Date(request.answer.reservation.respond_by as string).toISOString()).toBe(new Date(rows[0].stored).toISOString());
});

test('no API role may call the rule itself', async () => {
  const rows = await withDb(
    async (db) =>
      (
        await db.query<{ role: string; can: boolean }>(
          `select r as role, has_function_privilege(r, 'private.respond_by_within_hours(uuid, timestamptz, interval, integer)', 'execute') as can
             from unnest(array['anon', 'authenticated', 'service_role']) r`,
        )
      ).rows,
  );
  expect(rows).toEqual([
    { role: 'anon', can: false },
    { role: 'authenticated', can: false },
    { role: 'service_role', can: false },
  ]);
});
