import { Client } from 'pg';
import { withDb } from '../../../local-supabase/test/clients';
import { submitGroupRequest } from '../../../local-supabase/test/reservations';
import { until } from '../../../local-supabase/test/until';
import { crashDatabase, ownerOnStack, ownStacks, restartDatabase } from '../database-fault';
import { startService, startSmtp } from '../helpers';

/**
 * A database blip while the sender holds the owner's alert: the failure came before anything was sent,
 * so the message is given back at once (once the database answers again) and goes out then — not when
 * its lease runs out — and the attempt that never reached the send is not counted.
 */
const launch = ownStacks();

interface OutboxRow {
  channel: string;
  status: string;
  attempts: number;
  claimed_until: Date | null;
  sent_at: Date | null;
}

test('PostgreSQL crashes while the sender prepares a claimed alert: sent once it is back, before the lease would have ended, the attempt not counted', async () => {
  const stack = await launch('outbox-blip');
  const owner = await ownerOnStack(stack, 'coupure');
  const rowsOf = (reservationId: string) =>
    withDb(
      async (db) =>
        (
          await db.query<OutboxRow>(
            `select channel, status, attempts, claimed_until, sent_at from public.notification_outbox where reservation_id = $1 and kind = 'owner_new_request' order by channel`,
            [reservationId],
          )
        ).rows,
      stack.dbUrl,
    );
  // Queued before the sender starts, so that it is claimed with the lock below already held.
  const request = await submitGroupRequest(owner.restaurantId, {}, { url: stack.url, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl });
  expect((await rowsOf(request.id)).map((r) => r.status)).toEqual(['pending', 'pending']);

  // The service hours locked: the sender claims the alert (the outbox is not locked) and reads the
  // reservation, then waits on the acceptance check the alert shows (a call supabase-js never retries).
  const locker = new Client({ connectionString: stack.dbUrl });
  locker.on('error', () => undefined);
  await locker.connect();
  await locker.query('begin; lock table public.restaurant_hours in access exclusive mode');

  const smtp = await startSmtp();
  const service = await startService({
    supabaseUrl: stack.url,
    serviceRoleKey: stack.serviceRoleKey,
    databaseUrl: stack.dbUrl,
    smtpUrl: smtp.url,
    outboxPollMs: 200,
    outboxRestaurantId: owner.restaurantId,
  });
  try {
    const claimed = await until(
      () => rowsOf(request.id),
      (rows) => rows.every((r) => r.status === 'sending'),
      'the alert claimed by the sender',
    );
    await until(
      () => withDb(async (db) => (await db.query(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%reservation_acceptance_check%'`)).rowCount, stack.dbUrl),
      (waiting) => (waiting ?? 0) > 0,
      "the sender's acceptance check waiting on the lock",
    );
    const leaseEnds = Math.min(...claimed.map((r) => r.claimed_until!.getTime()));

    await crashDatabase(stack);
    // Down long enough for the sender to fail its check and then to fail recording that outcome too.
    await until(
      () => service.logs(),
      (logs) => logs.includes('recording the notification failed'),
      'the sender failing to record the outcome while PostgreSQL is down',
      60,
    );
    await restartDatabase(stack);

    const sent = await until(
      () => rowsOf(request.id),
      (rows) => rows.every((r) => r.status === 'sent'),
      'the alert sent once PostgreSQL is back',
      45,
    );
    expect(sent.map((r) => ({ channel: r.channel, attempts: r.attempts, beforeTheLeaseEnded: r.sent_at!.getTime() < leaseEnds }))).toEqual([
      { channel: 'email', attempts: 1, beforeTheLeaseEnded: true },
      { channel: 'whatsapp', attempts: 1, beforeTheLeaseEnded: true },
    ]);
    // One e-mail to the restaurant: the alert was never sent twice.
    expect(smtp.messages.filter((m) => m.to.includes('contact@exemple.fr'))).toHaveLength(1);
  } finally {
    await locker.end().catch(() => undefined);
    await service.close();
    await smtp.close();
  }
}, 180_000);
