import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { client, withDb } from '../../../local-supabase/test/clients';
import { until } from '../../../local-supabase/test/until';
import { createMailer } from '../../src/email/mailer';
import { sendDueNotifications } from '../../src/notifications/sender';
import { db, ownerWithRestaurant, startService, submitRequest } from '../helpers';

/**
 * A claimed notification's lease is short and renewed while its sender works on it: a send slower than
 * the lease (an SMTP server that takes its time) is never claimed by another instance meanwhile, and
 * goes out once.
 */

/** A real SMTP server that holds every message until `release()`, then accepts them. */
async function slowSmtp() {
  const held: (() => void)[] = [];
  let released = false;
  const received: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const accept = () => {
          received.push(session.envelope.rcptTo.map((r) => r.address));
          callback();
        };
        if (released) accept();
        else held.push(accept);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    held: () => held.length,
    release: () => {
      released = true;
      held.splice(0).forEach((accept) => accept());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a send slower than the lease: the lease is renewed, another instance claims nothing, the alert goes out once', async () => {
  const owner = await ownerWithRestaurant('lease', { complete: true });
  const request = await submitRequest({}, owner.restaurantId);
  const alert = () =>
    withDb(
      async (pg) =>
        (
          await pg.query<{ status: string; attempts: number; claimed_until: Date | null }>(
            `select status, attempts, claimed_until from public.notification_outbox where reservation_id = $1 and kind = 'owner_new_request' and channel = 'email'`,
            [request.id],
          )
        ).rows[0],
    );
  const smtp = await slowSmtp();
  const service = await startService({ smtpUrl: smtp.url, outboxPollMs: 200, outboxRestaurantId: owner.restaurantId, outboxLeaseMs: 1500 });
  try {
    const first = await until(alert, (row) => row.status === 'sending', 'the alert claimed');
    // The SMTP server holds it past the lease it was claimed with.
    await until(
      () => smtp.held(),
      (held) => held > 0,
      'the alert held by the SMTP server',
    );
    const renewed = await until(
      alert,
      (row) => Date.now() > first.claimed_until!.getTime() + 500 && row.claimed_until!.getTime() > first.claimed_until!.getTime(),
      'the lease renewed past its first end while the alert is on its way',
    );
    expect(renewed.status).toBe('sending');
    // Another instance finds nothing to claim.
    const other = await sendDueNotifications(db(), createMailer(service.config), service.config, service.app.log, owner.restaurantId);
    expect(other.claimed).toBe(0);

    smtp.release();
    const sent = await until(alert, (row) => row.status === 'sent', 'the alert sent');
    expect(sent.attempts).toBe(1);
    const contact = await withDb(async (pg) => (await pg.query<{ email: string }>('select email from restaurant_contacts where restaurant_id = $1', [owner.restaurantId])).rows[0].email);
    expect(smtp.received.filter((to) => to.includes(contact))).toHaveLength(1);
  } finally {
    smtp.release();
    await service.close();
    await smtp.close();
  }
});

test('recording, giving back and renewing are the sender’s alone: anonymous callers and signed-in members (owner or manager: the authenticated role) are refused', async () => {
  const owner = await ownerWithRestaurant('lease-intruder', { complete: true });
  const request = await submitRequest({}, owner.restaurantId);
  const ids = await withDb(async (pg) => (await pg.query<{ id: string }>('select id from public.notification_outbox where reservation_id = $1', [request.id])).rows.map((r) => r.id));
  // Claimed, as a sender holds them: what an outcome would change.
  expect((await db().rpc('claim_notifications', { p_limit: 10, p_lease: '1 minute', p_restaurant_id: owner.restaurantId })).data).toHaveLength(ids.length);
  const before = await withDb(
    async (pg) => (await pg.query('select id, status, attempts, claimed_until from public.notification_outbox where reservation_id = $1 order by id', [request.id])).rows,
  );
  for (const caller of [client(), owner.client]) {
    const released = await caller.rpc('finish_notifications', { p_outcomes: ids.map((id) => ({ id, released: true })) });
    const finished = await caller.rpc('finish_notifications', { p_outcomes: ids.map((id) => ({ id })) });
    const renewed = await caller.rpc('renew_notification_leases', { p_ids: ids, p_lease: '1 day' });
    expect([released.error?.code, finished.error?.code, renewed.error?.code]).toEqual(['42501', '42501', '42501']);
  }
  expect(
    await withDb(async (pg) => (await pg.query('select id, status, attempts, claimed_until from public.notification_outbox where reservation_id = $1 order by id', [request.id])).rows),
  ).toEqual(before);
});
