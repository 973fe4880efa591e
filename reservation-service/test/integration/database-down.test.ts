import { randomUUID } from 'node:crypto';
import { submitGroupRequest } from '../../../local-supabase/test/reservations';
import { nextOpenSlot } from '../../../local-supabase/test/reservations';
import { until } from '../../../local-supabase/test/until';
import { crashDatabase, ownerOnStack, ownStacks, restartDatabase } from '../database-fault';
import { post, startService } from '../helpers';

/**
 * While PostgreSQL is down (crashed, restarting), the service answers as /rest/v1 does: 503
 * `api_unavailable` with Retry-After, in French, which the chatbot and the link pages read as "try
 * again" — never a 500. Once it is back, the same calls work.
 */
const launch = ownStacks();

test('PostgreSQL down: the chatbot, the request page and a one-click link get 503 api_unavailable with Retry-After; back up, they work', async () => {
  const stack = await launch('service-db-down');
  const owner = await ownerOnStack(stack, 'panne');
  const created = await owner.client.rpc('create_assistant_key', { p_restaurant_id: owner.restaurantId });
  if (created.error) throw new Error(created.error.message);
  const key = (created.data as { key: string }).key;
  const page = await owner.client.rpc('set_request_page', { p_restaurant_id: owner.restaurantId, p_enabled: true });
  if (page.error) throw new Error(page.error.message);
  const access = { url: stack.url, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl };
  const pending = await submitGroupRequest(owner.restaurantId, {}, access);
  const slot = await nextOpenSlot(owner.restaurantId, { people: 12 }, stack.dbUrl);
  const request = () => ({ external_id: `panne-${randomUUID()}`, date: slot.date, arrival_time: slot.arrival_time, adults: 12, customer: { name: 'Léa Panne', email: 'lea.panne@exemple.fr' } });
  const service = await startService({ supabaseUrl: stack.url, serviceRoleKey: stack.serviceRoleKey, databaseUrl: stack.dbUrl });
  try {
    const requests = `${service.url}/api/restaurants/${owner.restaurantId}/requests`;
    const link = `${service.url}/api/reservations/${pending.numero}/accept/${pending.codeManage}`;

    await crashDatabase(stack);
    // The premise: /rest/v1 itself says 503 meanwhile.
    expect((await fetch(`${stack.url}/rest/v1/restaurants?select=id`, { headers: { apikey: stack.serviceRoleKey } })).status).toBe(503);

    const unavailable = { code: 'api_unavailable', field: null, message: 'Le service est momentanément indisponible ; réessayez dans un instant.' };
    for (const [what, res] of [
      ['chatbot', await post(requests, request(), { authorization: `Bearer ${key}` })],
      ['request page', await post(requests, request())],
    ] as const) {
      expect({ what, status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }).toEqual({ what, status: 503, retryAfter: '5', body: unavailable });
    }
    const linkAnswer = await post(link);
    expect({ status: linkAnswer.status, retryAfter: linkAnswer.headers.get('retry-after'), body: await linkAnswer.json() }).toEqual({
      status: 503,
      retryAfter: '5',
      body: { success: false, code: 'api_unavailable', numero_reservation_restaurateur: null, status: null, message: unavailable.message },
    });

    await restartDatabase(stack);
    const created201 = await until(
      async () => (await post(requests, request(), { authorization: `Bearer ${key}` })).status,
      (status) => status !== 503,
      'the chatbot is answered once PostgreSQL is back',
    );
    expect(created201).toBe(201);
    expect((await post(link)).status).toBe(200);
  } finally {
    await service.close();
  }
}, 180_000);
