import { withDb, newOwner } from '../../../local-supabase/test/clients';
import { restaurantSnapshot } from '../../../local-supabase/test/fixtures';
import { ownerWithRestaurant, post, sendQueued, startService, submitRequest, type Owner, type RunningService } from '../helpers';
import { customerFields, customerIdOf, filesOf, mobile, whatsAppReplyFile } from '../privacy';

/**
 * 'Effacer ce client' (issue 47): POST /api/customers/erase runs public.erase_customer as the signed-in
 * user (their access token: the SQL's owner check decides), then deletes the person's files from the
 * outbox folder (named after their reservations, or naming their address or number), and no one else's.
 */
let service: RunningService;
let owner: Owner;
const alice = { phone: mobile(), numero: '', email: '' };
const bruno = { phone: mobile(), numero: '', email: '' };

beforeAll(async () => {
  // No SMTP server: each e-mail is written as an .eml file in the service's own temporary outbox folder.
  service = await startService();
  owner = await ownerWithRestaurant('erase', { complete: true });
  for (const [person, name] of [
    [alice, 'Alice Effacée'],
    [bruno, 'Bruno Gardé'],
  ] as const) {
    const r = await submitRequest({ customer: { name, phone: person.phone.spaced } }, owner.restaurantId);
    person.numero = r.numero;
    person.email = r.email;
  }
  // The request's e-mails (to the restaurant, to the customer), and a WhatsApp reply to each, as files.
  await sendQueued(service, owner.restaurantId);
  await whatsAppReplyFile(service.config, alice.phone.e164);
  await whatsAppReplyFile(service.config, bruno.phone.e164);
});
afterAll(() => service?.close());

const erase = (customerId: string, headers: Record<string, string>, restaurantId = owner.restaurantId) =>
  post(`${service.url}/api/customers/erase`, { restaurant_id: restaurantId, customer_id: customerId }, headers);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const aliceFiles = () => filesOf(service.config.outboxDir, alice.numero, alice.email).concat(filesOf(service.config.outboxDir, alice.numero, alice.phone.e164));
const brunoFiles = () => filesOf(service.config.outboxDir, bruno.numero, bruno.email).concat(filesOf(service.config.outboxDir, bruno.numero, bruno.phone.e164));

test('refused without a session (401), to another owner (404) and to a manager (403): nothing changes', async () => {
  const aliceId = await customerIdOf(owner.restaurantId, alice.email);
  // A manager of the restaurant (made a member by SQL, as accepting an invitation would).
  const manager = await newOwner('erase-manager');
  await withDb((pg) =>
    pg.query("insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, 'manager', (select user_id from public.restaurants where id = $2))", [
      manager.userId,
      owner.restaurantId,
    ]),
  );
  const before = { snapshot: await restaurantSnapshot(owner.restaurantId), alice: aliceFiles(), bruno: brunoFiles() };
  // Each has files: the request's e-mails by name, the WhatsApp reply by its content.
  expect(before.alice.some((f) => f.endsWith('.json'))).toBe(true);
  expect(before.alice.filter((f) => f.includes(alice.numero)).length).toBeGreaterThanOrEqual(2);
  expect(before.bruno.length).toBe(before.alice.length);

  const anonymous = await erase(aliceId, {});
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');

  const stranger = await ownerWithRestaurant('erase-stranger');
  for (const restaurantId of [owner.restaurantId, stranger.restaurantId]) {
    const res = await erase(aliceId, bearer(stranger.accessToken), restaurantId);
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 404, body: { success: false, message: 'Client non trouvé' } });
  }

  const { data } = await manager.client.auth.getSession();
  const refused = await erase(aliceId, bearer(data.session!.access_token));
  expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 403, body: { success: false, message: 'Seul un propriétaire peut effacer un client' } });

  expect({ snapshot: await restaurantSnapshot(owner.restaurantId), alice: aliceFiles(), bruno: brunoFiles() }).toEqual(before);
});

test('an owner erases a customer: the rows (the amounts kept) and their files go, another customer’s stay; once only', async () => {
  const aliceId = await customerIdOf(owner.restaurantId, alice.email);
  const before = { alice: aliceFiles(), bruno: brunoFiles(), amount: (await customerFields(alice.numero)).total_amount };
  expect(before.alice.length).toBeGreaterThan(0);

  const res = await erase(aliceId, bearer(owner.accessToken));
  const body = await res.json();
  expect(res.status).toBe(200);
  expect(body).toEqual({ success: true, message: 'Client effacé', reservations: 1, conversations: 0, messages: 0, outbox: expect.any(Number), files: new Set(before.alice).size });
  expect(body.outbox).toBeGreaterThan(0);

  expect(aliceFiles()).toEqual([]);
  expect(brunoFiles()).toEqual(before.bruno);
  expect(await customerFields(alice.numero)).toEqual({ customer_name: 'Client effacé', email: null, phone_number: null, total_amount: before.amount });
  expect((await customerFields(bruno.numero)).customer_name).toBe('Bruno Gardé');
  // Who erased, in the audit log (counts only).
  const audit = await withDb(
    async (pg) => (await pg.query("select user_id, counts from public.restaurant_privacy_audit where restaurant_id = $1 and action = 'erase'", [owner.restaurantId])).rows,
  );
  expect(audit).toHaveLength(1);
  expect(JSON.stringify(audit[0].counts)).not.toContain(alice.email);

  const again = await erase(aliceId, bearer(owner.accessToken));
  expect({ status: again.status, body: await again.json() }).toEqual({ status: 404, body: { success: false, message: 'Client non trouvé' } });
});
