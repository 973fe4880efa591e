import { randomBytes } from 'node:crypto';
import { ownerWithRestaurant, post, startService, type RunningService } from '../helpers';

/**
 * Unknown assistant keys are counted per client address (the service's trusted-proxy rule gives the
 * address), as GoTrue counts failed sign-ins: past a few dozen in the window, that address gets
 * GoTrue's 429 without the key being looked up; another address keeps its own count.
 */
let service: RunningService;
let restaurantId: string;
let validKey: string;

beforeAll(async () => {
  const owner = await ownerWithRestaurant('failed-keys');
  restaurantId = owner.restaurantId;
  const created = await owner.client.rpc('create_assistant_key', { p_restaurant_id: restaurantId });
  if (created.error) throw new Error(created.error.message);
  validKey = (created.data as { key: string }).key;
  // Behind a trusted proxy, so that the test can speak from two addresses.
  service = await startService({ trustProxy: true });
});
afterAll(() => service?.close());

const randomKey = () => `tbl_${randomBytes(24).toString('hex')}`;
/** A body the contract refuses (422) once the key is accepted: nothing is stored whatever happens. */
const send = (key: string, address: string) => post(`${service.url}/api/restaurants/${restaurantId}/requests`, { adults: 'abc' }, { authorization: `Bearer ${key}`, 'x-forwarded-for': address });

test('30 unknown keys from one address are 401; the 31st is 429 in GoTrue’s shape, and that address is held back even with a valid key; another address is not', async () => {
  const attacker = '203.0.113.66';
  const statuses = [];
  for (let i = 0; i < 30; i += 1) statuses.push((await send(randomKey(), attacker)).status);
  expect(statuses).toEqual(Array(30).fill(401));

  const limited = await send(randomKey(), attacker);
  expect({ status: limited.status, body: await limited.json() }).toEqual({
    status: 429,
    body: { code: 429, error_code: 'over_request_rate_limit', msg: expect.stringMatching(/^Trop de clés d'assistant refusées depuis cette connexion : réessayez dans \d+ s\.$/) },
  });
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await send(validKey, attacker)).status).toBe(429);

  const other = '198.51.100.7';
  expect((await send(randomKey(), other)).status).toBe(401);
  expect((await send(validKey, other)).status).toBe(422);
});
