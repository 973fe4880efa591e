import { withDb } from '../../../local-supabase/test/clients';
import { createMailer } from '../../src/email/mailer';
import { sendDueNotifications } from '../../src/notifications/sender';
import { outboxRows } from '../group-requests';
import { db, ownerWithRestaurant, parseMail, post, readRow, sendQueued, serviceWithSmtp, submitRequest, type Owner, type PendingReservation } from '../helpers';

/**
 * A decision of the one-click link can be undone from the link page for two minutes: its e-mail to the
 * customer is held in the outbox meanwhile; 'Annuler' puts the reservation back to pending and nothing
 * is sent. Past the window, once the e-mail is taken, or after another change: refused, nothing changes.
 */
const running = serviceWithSmtp();
let owner: Owner;

beforeAll(async () => {
  owner = await ownerWithRestaurant('undo', { complete: true });
});

const link = (r: PendingReservation, action: 'accept' | 'reject' | 'undo', code = r.code) => post(`${running.service.url}/api/reservations/${r.numero}/${action}/${code}`);
const customerMails = (r: PendingReservation) => running.smtp.messages.filter((m) => m.to.includes(r.email));
const events = (r: PendingReservation) =>
  withDb(async (pg) => (await pg.query('select kind, from_status, to_status, actor from public.reservation_events where reservation_id = $1 order by created_at', [r.id])).rows);
/** One round of the sender as it runs: only what is due. */
const oneRound = async () => {
  const mailer = createMailer(running.service.config);
  try {
    return await sendDueNotifications(db(), mailer, running.service.config, running.service.app.log, owner.restaurantId);
  } finally {
    mailer.close();
  }
};
const TOO_LATE = 'Trop tard pour annuler : le client a déjà été prévenu. Aucune modification n’a été faite.';

test('Accepter by the link: the answer gives the deadline, two minutes on; the e-mail waits for it', async () => {
  const r = await submitRequest({}, owner.restaurantId);
  const before = Date.now();
  const res = await link(r, 'accept');
  expect(res.status).toBe(200);
  const body = await res.json();
  const until = Date.parse(body.undo_until);
  expect(until - before).toBeGreaterThan(110_000);
  expect(until - Date.now()).toBeLessThanOrEqual(120_000);
  const [row] = await withDb(
    async (pg) => (await pg.query("select next_attempt_at from public.notification_outbox where reservation_id = $1 and kind = 'customer_reservation_accepted'", [r.id])).rows,
  );
  expect(new Date(row.next_attempt_at).getTime()).toBe(until);
  // The sender's rounds before the deadline leave it where it is.
  await oneRound();
  await oneRound();
  expect(customerMails(r)).toHaveLength(0);
  expect(await outboxRows(r.id)).toMatchObject({ 'customer_reservation_accepted/email': { status: 'pending', attempts: 0 } });
});

test.each(['accept', 'reject'] as const)('%s then Annuler: pending again, the held e-mail gone, both in the history, nothing ever sent', async (action) => {
  const r = await submitRequest({}, owner.restaurantId);
  expect((await link(r, action)).status).toBe(200);
  const res = await link(r, 'undo');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    success: true,
    status: 0,
    numero_reservation_restaurateur: r.restaurateur,
    message: 'Décision annulée : la réservation est de nouveau en attente. Aucun email n’a été envoyé au client.',
  });
  expect(await readRow(r.numero)).toMatchObject({ status: 0 });
  const target = action === 'accept' ? 1 : 2;
  expect(await events(r)).toEqual([
    { kind: 'status', from_status: 0, to_status: target, actor: 'link' },
    { kind: 'undone', from_status: target, to_status: 0, actor: 'link' },
  ]);
  expect(Object.keys(await outboxRows(r.id)).filter((k) => k.startsWith('customer_reservation_'))).toEqual([]);
  // Whatever the sender does now: no decision e-mail reaches the customer.
  await sendQueued(running.service, owner.restaurantId);
  // (The request waits again: its acknowledgement may go out, never a decision.)
  expect(
    customerMails(r)
      .map((m) => parseMail(m.raw).subject)
      .filter((subject) => /acceptée|confirmée/.test(subject)),
  ).toEqual([]);
});

test('twice: the second Annuler is refused, nothing changes', async () => {
  const r = await submitRequest({}, owner.restaurantId);
  await link(r, 'accept');
  expect((await link(r, 'undo')).status).toBe(200);
  const before = await readRow(r.numero);
  const again = await link(r, 'undo');
  expect(again.status).toBe(409);
  expect((await again.json()).message).toMatch(/ne peut plus être annulée/);
  expect(await readRow(r.numero)).toEqual(before);
  expect(await events(r)).toHaveLength(2);
});

test('after the window (the decision two minutes old): too late, still accepted, the e-mail still to send', async () => {
  const r = await submitRequest({}, owner.restaurantId);
  await link(r, 'accept');
  await withDb((pg) => pg.query("update public.reservation_events set created_at = created_at - interval '2 minutes' where reservation_id = $1", [r.id]));
  const res = await link(r, 'undo');
  expect(res.status).toBe(409);
  expect((await res.json()).message).toBe(TOO_LATE);
  expect(await readRow(r.numero)).toMatchObject({ status: 1 });
  expect(await outboxRows(r.id)).toMatchObject({ 'customer_reservation_accepted/email': { status: 'pending' } });
  expect(await events(r)).toHaveLength(1);
});

test('once the sender has claimed its e-mail (its hold moved back), and once it is sent: too late', async () => {
  const r = await submitRequest({}, owner.restaurantId);
  await link(r, 'accept');
  await withDb((pg) => pg.query("update public.notification_outbox set next_attempt_at = now() where reservation_id = $1 and kind = 'customer_reservation_accepted'", [r.id]));
  const claimed = await db().rpc('claim_notifications', { p_limit: 50, p_lease: '1 minute', p_restaurant_id: owner.restaurantId });
  expect(claimed.data?.some((n) => n.reservation_id === r.id && n.kind === 'customer_reservation_accepted')).toBe(true);
  const res = await link(r, 'undo');
  expect(res.status).toBe(409);
  expect((await res.json()).message).toBe(TOO_LATE);
  expect(await readRow(r.numero)).toMatchObject({ status: 1 });

  const sent = await submitRequest({}, owner.restaurantId);
  await link(sent, 'accept');
  await sendQueued(running.service, owner.restaurantId);
  expect(customerMails(sent)).toHaveLength(1);
  expect((await link(sent, 'undo')).status).toBe(409);
  expect(await readRow(sent.numero)).toMatchObject({ status: 1 });
});

test('a decision taken in the app cannot be undone from the link', async () => {
  const r = await submitRequest({}, owner.restaurantId);
  const res = await post(
    `${running.service.url}/api/reservations/accept_reservation`,
    { numero_reservation: r.numero, restaurant_id: owner.restaurantId },
    { authorization: `Bearer ${owner.accessToken}` },
  );
  const body = await res.json();
  expect(body).toMatchObject({ success: true, status: 1 });
  expect(body.undo_until).toBeUndefined();
  const undo = await link(r, 'undo');
  expect(undo.status).toBe(409);
  expect(await readRow(r.numero)).toMatchObject({ status: 1 });
});

test('a wrong code and an unknown number: refused as the links are, nothing changes', async () => {
  const r = await submitRequest({}, owner.restaurantId);
  await link(r, 'accept');
  const wrong = await link(r, 'undo', 'f'.repeat(64));
  expect(wrong.status).toBe(403);
  expect(await wrong.json()).toEqual({ success: false, status: null, numero_reservation_restaurateur: null, message: expect.stringContaining('Code de gestion invalide') });
  const unknown = await post(`${running.service.url}/api/reservations/TST-NOPE${r.numero.slice(8)}/undo/${r.code}`);
  expect(unknown.status).toBe(404);
  expect(await readRow(r.numero)).toMatchObject({ status: 1 });
  expect(await events(r)).toHaveLength(1);
});
