import { withDb } from '../../../local-supabase/test/clients';
import { ownerWithRestaurant, post, startService, writeReservation, type Owner, type RunningService } from '../helpers';

/**
 * After a one-click acceptance the answer carries what the plan says of it (the link page
 * shows it): over the service's capacity, a closed service, an arrival outside the service's hours.
 */
let service: RunningService;
let owner: Owner;

beforeAll(async () => {
  service = await startService();
  owner = await ownerWithRestaurant('acceptance-warnings');
  // Saturdays only: lunch closed, dinner 19:00–22:00 for 20 covers.
  const hours = {
    daysOpen: ['saturday'],
    hasDifferentSettings: false,
    days: [{ day: 'saturday', lunchService: { isOpen: false }, dinnerService: { isOpen: true, hours: { from: '19:00', to: '22:00' }, capacity: 20 } }],
  };
  const saved = await owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: hours });
  expect(saved.error).toBeNull();
});
afterAll(() => service?.close());

const accept = async (overrides: Record<string, unknown>) => {
  // Fixed far-future dates, a closed day or service, an arrival after hours: rows submit_group_request refuses.
  const r = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, email: null, ...overrides });
  const res = await post(`${service.url}/api/reservations/${r.numero}/accept/${r.code}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { success: boolean; warnings: string[] };
};

test('within the plan: accepted, no warning', async () => {
  expect(await accept({ reservation_date: '2099-06-06', arrival_time: '20:00', number_people: 12, children: 0 })).toMatchObject({ success: true, warnings: [] });
});

test('over capacity, outside the hours, on a closed service: each said in French', async () => {
  // 12 confirmed above, 10 more on the same Saturday evening, arriving after closing time.
  const late = await accept({ reservation_date: '2099-06-06', arrival_time: '22:30', number_people: 10, children: 0 });
  expect(late.warnings).toEqual([
    'Le service du soir du samedi 6 juin compterait 22 couverts pour une capacité de 20.',
    'L’heure d’arrivée (22:30) est en dehors des horaires du service du soir (19:00–22:00).',
  ]);
  const closed = await accept({ reservation_date: '2099-06-06', arrival_time: '12:30', number_people: 8, children: 0 });
  expect(closed.warnings).toEqual(['Le service du midi est fermé le samedi 6 juin.']);
  const closedDay = await accept({ reservation_date: '2099-06-08', arrival_time: '20:00', number_people: 8, children: 0 });
  expect(closedDay.warnings).toEqual(['Le service du soir est fermé le lundi 8 juin.']);
  // The decisions stand: warnings inform, they do not refuse.
  const statuses = await withDb(async (db) => (await db.query('select status from restaurant_reservations where restaurant_id = $1', [owner.restaurantId])).rows);
  expect(statuses.every((r) => r.status === 1)).toBe(true);
});
