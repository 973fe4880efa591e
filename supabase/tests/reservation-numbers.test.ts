/**
 * A restaurant's own numbers (R-0001…): they keep growing past R-9999, and no numbering can run
 * without end (a stuck call holds the restaurant's counter and fills the API's pool).
 */
import { newOwner, service, withDb } from '../../local-supabase/test/clients';
import { completeRestaurant, must } from '../../local-supabase/test/fixtures';
import { insertReservationAsSuperuser, submitGroupRequest } from '../../local-supabase/test/reservations';

/**
 * The restaurant at `count` requests, R-0001 to R-{count} and its counter, as if taken one by one:
 * copies of its first request written in one statement, with that request's respond_by (the per-row
 * triggers, which compute it from the opening hours, are off for this session's transaction only).
 */
async function restaurantAt(count: number, label: string) {
  const owner = await newOwner(label);
  const restaurant = await completeRestaurant(owner.client, label);
  await withDb(async (db) => {
    await db.query('begin');
    await db.query('set local session_replication_role = replica');
    await db.query('update private.reservation_numbers set last_number = $2 where restaurant_id = $1', [restaurant.restaurantId, count]);
    await db.query(
      `insert into public.restaurant_reservations (restaurant_id, numero_reservation_restaurateur, numero_reservation, code_reservation,
         customer_name, number_people, children, reservation_date, arrival_time, total_amount, respond_by)
       select r.restaurant_id, 'R-' || lpad(i::text, 4, '0'), 'TST-' || upper(substr(md5(random()::text), 1, 12)), upper(substr(md5(random()::text), 1, 6)),
              r.customer_name, r.number_people, r.children, r.reservation_date, r.arrival_time, r.total_amount, r.respond_by
         from public.restaurant_reservations r, generate_series(2, $2::int) i
        where r.id = $1`,
      [restaurant.reservation.id, count],
    );
    await db.query('commit');
  });
  return { ...restaurant, owner };
}

describe("a restaurant's numbers", () => {
  it('a restaurant at 9,999 requests takes its 10,000th and 10,001st (R-10000, R-10001)', async () => {
    const { restaurantId, owner } = await restaurantAt(9_999, 'dix-mille');
    const { count } = await service().from('restaurant_reservations').select('id', { count: 'exact', head: true }).eq('restaurant_id', restaurantId);
    expect(count).toBe(9_999);

    const tenThousandth = await submitGroupRequest(restaurantId);
    const next = await submitGroupRequest(restaurantId);

    expect([tenThousandth.restaurateur, next.restaurateur]).toEqual(['R-10000', 'R-10001']);
    // The owner finds it by its number.
    const found = await must(owner.client.rpc('search_reservations', { p_restaurant_id: restaurantId, p_search: 'R-10000' }).select('numero_reservation_restaurateur'));
    expect(found).toEqual([{ numero_reservation_restaurateur: 'R-10000' }]);
  });

  it('a number already taken by a row written by hand moves on to the next free one', async () => {
    const { restaurantId, reservation } = await restaurantAt(3, 'numero-pris');
    expect(reservation.numero_reservation).toMatch(/^TBL-/);
    // Rows written outside the function: the next two numbers, and one further ahead.
    for (const numero of ['R-0004', 'R-0005', 'R-0007']) {
      await insertReservationAsSuperuser({ restaurant_id: restaurantId, number_people: 12, reservation_date: '2030-01-07', numero_reservation_restaurateur: numero });
    }
    expect((await submitGroupRequest(restaurantId)).restaurateur).toBe('R-0006');
    expect((await submitGroupRequest(restaurantId)).restaurateur).toBe('R-0008');
  });
});
