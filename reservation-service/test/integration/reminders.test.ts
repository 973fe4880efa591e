import { withDb } from '../../../local-supabase/test/clients';
import { queueDueReminders } from '../../src/reminders/job';
import { db, ownerWithRestaurant, parseMail, sendQueued, serviceWithSmtp, submitRequest, writeReservation, type Owner, type PendingReservation } from '../helpers';

/**
 * A pending request older than the restaurant's promised response time is late; the
 * restaurant's contact address gets one reminder for it, with the one-click links — once, across
 * rounds, restarts and instances running side by side; nothing for answered or recent requests. The
 * reminder goes through the outbox, as every message: queued by public.queue_due_reminders, sent by
 * the sender (which retries it, and drops it once the request is answered).
 */
const running = serviceWithSmtp();
let owner: Owner;
const CONTACT = 'reponses@restaurant-en-retard.fr';

beforeAll(async () => {
  owner = await ownerWithRestaurant('reminders', { complete: true });
  const contact = await owner.client
    .from('restaurant_contacts')
    .upsert({ restaurant_id: owner.restaurantId, email: CONTACT, whatsapp: '+33612345678', response_time: 'fast' }, { onConflict: 'restaurant_id' });
  if (contact.error) throw new Error(contact.error.message);
});

/** A request of the owner's restaurant that arrived `hoursAgo` hours ago (its deadline moved with it); answered: accepted. */
async function requestFrom(hoursAgo: number, answered = false): Promise<PendingReservation> {
  // An accepted one is written directly: submit_group_request only makes pending requests.
  const r = answered ? await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, status: 1 }) : await submitRequest({}, owner.restaurantId);
  await withDb((pg) =>
    // Due two hours after it came (a promise of 1-2 h made while the restaurant was open): whatever the hours of the moment the test runs.
    pg.query(`update restaurant_reservations set created_at = now() - make_interval(hours => $2), respond_by = now() - make_interval(hours => $2) + interval '2 hours' where id = $1`, [
      r.id,
      hoursAgo,
    ]),
  );
  return r;
}

/**
 * Rounds of `instances` reminder jobs side by side until nothing late of the owner's restaurant is left
 * (the database holds other tests' late requests), then the sender's rounds until its outbox is empty.
 */
async function roundsUntilDone(instances = 1): Promise<void> {
  for (;;) {
    const taken = await Promise.all(Array.from({ length: instances }, () => queueDueReminders(db(), owner.restaurantId)));
    if (taken.every((n) => n === 0)) break;
  }
  await sendQueued(running.service, owner.restaurantId, { instances });
}

/** The reminders the contact address got for that request (the sender also sends it the requests' alerts). */
const remindersFor = (r: PendingReservation) =>
  running.smtp.messages.filter((m) => {
    const mail = parseMail(m.raw);
    return m.to.includes(CONTACT) && mail.subject.includes('Demande en attente de réponse') && mail.text.includes(r.restaurateur);
  });

test('the deadline is the promise in force when the request arrived: 2 h, 6 h (no contact), 24 h, counted within the opening hours', async () => {
  // The promise in hours that gives the stored respond_by, counted within the restaurant's opening hours (private.set_respond_by).
  const deadline = (id: string) =>
    withDb(
      async (pg) =>
        (
          await pg.query<{ hours: number }>(
            `select h as hours from restaurant_reservations r, unnest(array[2, 6, 24]) h
              where r.id = $1 and r.respond_by = coalesce(private.respond_by_within_hours(r.restaurant_id, r.created_at, make_interval(hours => h), 28),
                                                          private.respond_by_within_hours(r.restaurant_id, r.created_at, make_interval(hours => h), 366),
                                                          r.created_at + make_interval(hours => h))`,
            [id],
          )
        ).rows[0]?.hours,
    );
  const fast = await submitRequest({}, owner.restaurantId);
  expect(Number(await deadline(fast.id))).toBe(2);
  // A restaurant without contact (no promise) on purpose: submit_group_request refuses it (incomplete), so its requests are written directly.
  const other = await ownerWithRestaurant('reminders-no-contact');
  expect(Number(await deadline((await writeReservation({ restaurant_id: other.restaurantId, selected_menu_id: null })).id))).toBe(6);
  await other.client.from('restaurant_contacts').upsert({ restaurant_id: other.restaurantId, email: 'x@y.fr', whatsapp: '', response_time: 'slow' }, { onConflict: 'restaurant_id' });
  const slow = await writeReservation({ restaurant_id: other.restaurantId, selected_menu_id: null });
  expect(Number(await deadline(slow.id))).toBe(24);
  // A deadline sent by the writer is not taken: the trigger decides. Only a direct write can send one.
  const forced = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, respond_by: '2000-01-01T00:00:00Z' });
  expect(Number(await deadline(forced.id))).toBe(2);
});

test('one reminder per late request, with its links; none for an answered or a recent one; none again after a restart', async () => {
  const late = await requestFrom(3);
  const answered = await requestFrom(3, true);
  const recent = await requestFrom(1);
  await roundsUntilDone();
  const [reminder] = remindersFor(late);
  expect(remindersFor(late)).toHaveLength(1);
  expect(remindersFor(answered)).toEqual([]);
  expect(remindersFor(recent)).toEqual([]);
  const mail = parseMail(reminder.raw);
  expect(mail.subject).toContain('Demande en attente de réponse');
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain(`${running.service.config.appUrl}/reservations/${late.numero}/accept/${late.code}`);
    expect(part).toContain(`${running.service.config.appUrl}/reservations/${late.numero}/reject/${late.code}`);
  }
  // The owner's counts say it is late (the badge, the dashboard card).
  const { data: counts } = await owner.client.from('reservation_status_counts').select('status, count, late').eq('restaurant_id', owner.restaurantId).eq('status', 0);
  expect(counts?.[0]?.late).toBeGreaterThanOrEqual(1);

  // A restart: new clients, new mailers, the same database.
  await roundsUntilDone();
  expect(remindersFor(late)).toHaveLength(1);
});

test('several instances at once: each late request is reminded exactly once', async () => {
  const lates = await Promise.all(Array.from({ length: 6 }, () => requestFrom(5)));
  await roundsUntilDone(3);
  for (const r of lates) expect(remindersFor(r)).toHaveLength(1);
});

test('a failed send is tried again: the next round sends it, once', async () => {
  const late = await requestFrom(4);
  expect(await queueDueReminders(db(), owner.restaurantId)).toBeGreaterThanOrEqual(1);
  const broken = { send: async () => Promise.reject(new Error('SMTP indisponible')), check: async () => 'down' as const, close: () => undefined };
  await sendQueued(running.service, owner.restaurantId, { mailer: broken });
  expect(remindersFor(late)).toEqual([]);
  const { data: held } = await db().from('notification_outbox').select('status, last_error').eq('reservation_id', late.id).eq('kind', 'owner_reminder');
  expect(held).toEqual([{ status: 'pending', last_error: 'SMTP indisponible' }]);
  await roundsUntilDone();
  expect(remindersFor(late)).toHaveLength(1);
});

test('a request answered before its reminder went out: nothing is sent', async () => {
  const late = await requestFrom(3);
  expect(await queueDueReminders(db(), owner.restaurantId)).toBeGreaterThanOrEqual(1);
  await withDb((pg) => pg.query('update restaurant_reservations set status = private.reservation_status($2) where id = $1', [late.id, 'accepted']));
  await roundsUntilDone();
  expect(remindersFor(late)).toEqual([]);
});

test('owners and anonymous callers cannot queue reminders', async () => {
  const late = await requestFrom(3);
  const anonymous = (await import('../../../local-supabase/test/clients')).anon();
  for (const caller of [owner.client, anonymous]) {
    expect((await caller.rpc('queue_due_reminders', { p_limit: 5 })).error?.code).toBe('42501');
  }
  expect(await withDb(async (pg) => (await pg.query('select 1 from private.reservation_reminders where reservation_id = $1', [late.id])).rowCount)).toBe(0);
  expect(await withDb(async (pg) => (await pg.query("select 1 from public.notification_outbox where reservation_id = $1 and kind = 'owner_reminder'", [late.id])).rowCount)).toBe(0);
});
