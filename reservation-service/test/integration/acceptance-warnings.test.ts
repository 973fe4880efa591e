import { withDb } from '../../../local-supabase/test/clients';
import { db, ownerWithRestaurant, post, readRow, startService, writeReservation, type Owner, type RunningService } from '../helpers';

/**
 * The one-click 'Accepter' accepts only what the plan allows without asking. A request that
 * public.reservation_acceptance_check warns about — over the service's capacity, a closed service, an
 * arrival outside the service's hours — stays pending: the answer says why in French (the app's own
 * warnings) and where the reservation is in the app, where the owner is asked 'Accepter malgré le
 * planning ?'. The check and the acceptance are one transaction (accept_reservation_by_link).
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

// Fixed far-future dates, a closed day or service, an arrival after hours: rows submit_group_request refuses.
const request = (overrides: Record<string, unknown>) => writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, email: null, ...overrides });
const acceptLink = async (r: { numero: string; code: string }) => {
  const res = await post(`${service.url}/api/reservations/${r.numero}/accept/${r.code}`);
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; status: number; warnings?: string[]; app_path?: string; message: string; numero_reservation_restaurateur: string },
  };
};
const appPath = (restaurateur: string) => `/restaurants/${owner.restaurantId}/operational/reservations/${restaurateur}`;
const events = (numero: string) =>
  withDb(async (pg) => (await pg.query('select e.* from reservation_events e join restaurant_reservations r on r.id = e.reservation_id where r.numero_reservation = $1', [numero])).rows);

const NOT_MADE =
  'Cette demande n’est pas acceptée par le lien : le planning demande votre confirmation. Pour l’accepter malgré le planning, ouvrez-la dans le tableau de bord. Aucune modification n’a été faite.';

test('within the plan: accepted, no warning', async () => {
  const r = await request({ reservation_date: '2099-06-06', arrival_time: '20:00', number_people: 12, children: 0 });
  expect(await acceptLink(r)).toMatchObject({ status: 200, body: { success: true, status: 1, warnings: [] } });
  expect(await readRow(r.numero)).toMatchObject({ status: 1 });
});

test('over capacity and outside the hours: not accepted, each warning in French, the reservation in the app', async () => {
  // 12 confirmed (accepted: written directly), 10 more asked on the same Saturday evening, arriving after closing time.
  await request({ reservation_date: '2099-06-13', arrival_time: '20:00', number_people: 12, children: 0, status: 1 });
  const late = await request({ reservation_date: '2099-06-13', arrival_time: '22:30', number_people: 10, children: 0 });
  const before = await readRow(late.numero);
  const { status, body } = await acceptLink(late);
  expect(status).toBe(422);
  expect(body).toMatchObject({ success: false, status: 0, numero_reservation_restaurateur: late.restaurateur, message: NOT_MADE, app_path: appPath(late.restaurateur) });
  expect(body.warnings).toEqual([
    'Le service du soir du samedi 13 juin compterait 22 couverts pour une capacité de 20.',
    'L’heure d’arrivée (22:30) est en dehors des horaires du service du soir (19:00–22:00).',
  ]);
  // No transition: the row as it was, no history.
  expect(await readRow(late.numero)).toEqual(before);
  expect(await events(late.numero)).toEqual([]);
});

test('a closed service, a closed day: not accepted, said in French', async () => {
  const lunch = await request({ reservation_date: '2099-06-20', arrival_time: '12:30', number_people: 8, children: 0 });
  expect((await acceptLink(lunch)).body).toMatchObject({ success: false, warnings: ['Le service du midi est fermé le samedi 20 juin.'], app_path: appPath(lunch.restaurateur) });
  const monday = await request({ reservation_date: '2099-06-22', arrival_time: '20:00', number_people: 8, children: 0 });
  expect((await acceptLink(monday)).body).toMatchObject({ success: false, warnings: ['Le service du soir est fermé le lundi 22 juin.'] });
  for (const r of [lunch, monday]) expect(await readRow(r.numero)).toMatchObject({ status: 0, is_accepted: false });
});

test('the acceptance is made only on the check it was decided on: a plan changed meanwhile is decided again', async () => {
  const r = await request({ reservation_date: '2099-06-27', arrival_time: '20:00', number_people: 12, children: 0 });
  const call = (expected?: unknown) =>
    db().rpc('accept_reservation_by_link', { p_numero_reservation: r.numero, p_code_manage: r.code, ...(expected === undefined ? {} : { p_expected_check: expected as never }) });
  const first = await call();
  expect(first.error).toBeNull();
  expect(first.data).toMatchObject({ outcome: 'plan_check', status: 0, restaurant_id: owner.restaurantId, check: { covers_after: 12, capacity: 20 } });
  // Another 10 accepted on that evening after the check was read: the check decided on is no longer the plan.
  await request({ reservation_date: '2099-06-27', arrival_time: '20:00', number_people: 10, children: 0, status: 1 });
  const stale = await call({ check: first.data!.check });
  expect(stale.data).toMatchObject({ outcome: 'plan_check', check: { covers_after: 22 } });
  expect(await readRow(r.numero)).toMatchObject({ status: 0 });
  // Through the link: decided on the new plan, which warns.
  expect((await acceptLink(r)).body).toMatchObject({ success: false, warnings: ['Le service du soir du samedi 27 juin compterait 22 couverts pour une capacité de 20.'] });
  // Asked with the check as it is now, the function accepts (which checks call for a warning is the service's to decide).
  const current = await call();
  expect((await call({ check: current.data!.check })).data).toMatchObject({ outcome: 'ok', status: 1, restaurant_id: owner.restaurantId });
});

test('a wrong code learns nothing of the plan', async () => {
  const r = await request({ reservation_date: '2099-07-04', arrival_time: '22:30', number_people: 30, children: 0 });
  const { status, body } = await acceptLink({ numero: r.numero, code: 'a'.repeat(64) });
  expect(status).toBe(403);
  expect(body).not.toHaveProperty('warnings');
  expect(body).not.toHaveProperty('app_path');
  expect(body.numero_reservation_restaurateur).toBeNull();
});

test('two links clicked at once, each within the plan alone but not together: one accepted, the other left pending with its warning', async () => {
  const [a, b] = [
    await request({ reservation_date: '2099-07-11', arrival_time: '20:00', number_people: 12, children: 0 }),
    await request({ reservation_date: '2099-07-11', arrival_time: '20:30', number_people: 12, children: 0 }),
  ];
  const answers = await Promise.all([acceptLink(a), acceptLink(b)]);
  expect(answers.map((x) => x.status).sort()).toEqual([200, 422]);
  const refused = answers.find((x) => x.status === 422)!;
  expect(refused.body.warnings).toEqual(['Le service du soir du samedi 11 juillet compterait 24 couverts pour une capacité de 20.']);
  const statuses = [(await readRow(a.numero)).status, (await readRow(b.numero)).status].sort();
  expect(statuses).toEqual([0, 1]);
});
