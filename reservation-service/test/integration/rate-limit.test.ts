import { ownRestaurant, post, startService, submitRequest, writeReservation, type RunningService } from '../helpers';

/** Guessing codes quickly meets 429 on every endpoint that takes a code. */
let service: RunningService;
beforeAll(async () => {
  service = await startService({ rateLimit: { max: 3, timeWindowMs: 60_000 } });
});
afterAll(() => service.close());

async function statuses(call: () => Promise<Response>, n: number) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call()).status);
  return out;
}

test('link endpoint: the 4th guess within the window gets 429 in French', async () => {
  const guess = () => post(`${service.url}/api/reservations/TBL-DEMO02/accept/${'b'.repeat(64)}`);
  expect(await statuses(guess, 3)).toEqual([403, 403, 403]);
  const res = await guess();
  expect(res.status).toBe(429);
  expect(await res.json()).toMatchObject({ success: false, message: 'Trop de tentatives. Veuillez patienter quelques minutes.' });
});

test('dashboard endpoint is limited too', async () => {
  const r = await submitRequest();
  const { restaurantId } = await ownRestaurant();
  const guess = () => post(`${service.url}/api/reservations/reject_reservation`, { numero_reservation: r.numero, code_manage: 'c'.repeat(64), restaurant_id: restaurantId });
  expect((await statuses(guess, 4)).slice(-1)).toEqual([429]);
});

test('sheet endpoint: 429 as a French HTML page', async () => {
  // Accepted (a sheet exists): submit_group_request only makes pending requests.
  const r = await writeReservation({ status: 1 });
  const guess = () => fetch(`${service.url}/reservations/${r.numero}/feuille-salle?code=${'d'.repeat(64)}`);
  expect(await statuses(guess, 3)).toEqual([403, 403, 403]);
  const res = await guess();
  expect(res.status).toBe(429);
  expect(res.headers.get('content-type')).toContain('text/html');
  expect(await res.text()).toContain('Trop de tentatives');
});

test('HEAD / is not rate limited', async () => {
  expect(await statuses(() => fetch(`${service.url}/`, { method: 'HEAD' }), 6)).toEqual([200, 200, 200, 200, 200, 200]);
});
