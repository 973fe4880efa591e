import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { anon, newOwner, withDb } from '../../../local-supabase/test/clients';
import { createMailer } from '../../src/email/mailer';
import { sendDueNotifications } from '../../src/notifications/sender';
import { outboxRows } from '../group-requests';
import { db, ownerWithRestaurant, startService, submitRequest } from '../helpers';

/**
 * Under a burst the sender keeps up: a round claims the burst's messages together rather than a few at
 * a time, sends them side by side over SMTP connections it reuses rather than one connection per
 * message, and each message goes out once, recorded as sent.
 */

/** A real SMTP server that counts the connections opened to it and keeps each message's recipients. */
async function countingSmtp() {
  const received: string[][] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a burst of 12 requests: one round sends all their messages, over fewer SMTP connections than e-mails, each once', async () => {
  const owner = await ownerWithRestaurant('burst', { complete: true });
  const requests = [];
  for (let i = 0; i < 12; i += 1) requests.push(await submitRequest({}, owner.restaurantId));
  const queued = await withDb(async (pg) => (await pg.query<{ n: number }>('select count(*)::int as n from public.notification_outbox where restaurant_id = $1', [owner.restaurantId])).rows[0].n);
  const contact = await withDb(async (pg) => (await pg.query<{ email: string }>('select email from restaurant_contacts where restaurant_id = $1', [owner.restaurantId])).rows[0].email);

  const smtp = await countingSmtp();
  // No sender of its own (outboxPollMs 0): the round below is the only one.
  const service = await startService({ smtpUrl: smtp.url });
  const mailer = createMailer(service.config);
  try {
    const round = await sendDueNotifications(db(), mailer, service.config, service.app.log, owner.restaurantId);
    // Each request queues the restaurant's e-mail and WhatsApp message and the customer's acknowledgement.
    expect(queued).toBe(requests.length * 3);
    expect(round).toEqual({ claimed: queued, sent: queued, failed: 0 });

    const emails = requests.length * 2;
    expect(smtp.received).toHaveLength(emails);
    expect(smtp.received.filter((to) => to.includes(contact))).toHaveLength(requests.length);
    for (const r of requests) expect(smtp.received.filter((to) => to.includes(r.email))).toHaveLength(1);
    // The connections are reused: a burst does not open one per message.
    expect(smtp.connections()).toBeLessThan(emails / 2);

    for (const r of requests) {
      const rows = await outboxRows(r.id);
      expect(Object.values(rows).map((row) => [row.status, row.attempts])).toEqual([
        ['sent', 1],
        ['sent', 1],
        ['sent', 1],
      ]);
    }
    expect((await sendDueNotifications(db(), mailer, service.config, service.app.log, owner.restaurantId)).claimed).toBe(0);
  } finally {
    mailer.close();
    await service.close();
    await smtp.close();
    fs.rmSync(service.config.outboxDir, { recursive: true, force: true });
  }
});

test('the acceptance checks of a round, in one call, are those of each request, and the sender’s alone: anonymous, another owner and a manager are refused', async () => {
  const owner = await ownerWithRestaurant('burst-checks', { complete: true });
  const requests = [await submitRequest({}, owner.restaurantId), await submitRequest({}, owner.restaurantId)];
  const one = async (r: (typeof requests)[number]) => (await db().rpc('reservation_acceptance_check', { p_restaurant_id: owner.restaurantId, p_numero: r.restaurateur })).data?.[0];
  const { data, error } = await db().rpc('reservation_acceptance_checks', { p_reservation_ids: requests.map((r) => r.id) });
  expect(error).toBeNull();
  const byId = new Map((data ?? []).map(({ reservation_id, ...check }) => [reservation_id, check]));
  for (const r of requests) expect(byId.get(r.id)).toEqual(await one(r));

  const stranger = await ownerWithRestaurant('burst-checks-stranger');
  const manager = await newOwner('burst-checks-manager');
  await withDb((pg) => pg.query(`insert into public.restaurant_members (user_id, restaurant_id, role) values ($1, $2, 'manager')`, [manager.userId, owner.restaurantId]));
  for (const caller of [anon(), stranger.client, manager.client]) {
    expect((await caller.rpc('reservation_acceptance_checks', { p_reservation_ids: requests.map((r) => r.id) })).error?.code).toBe('42501');
  }
});
