import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { statusFromCode } from '@tablee/domain/reservation-status';
import type { Tables } from '@tablee/domain/database-types';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import { confirmationMail, type MailAction } from '../email/confirmation';
import { newRequestMail } from '../email/new-request';
import { reminderMail } from '../email/reminder';
import { requestReceivedMail } from '../email/request-received';
import { reservationModifiedMail } from '../email/reservation-modified';
import { invitationMail } from '../email/team-invitation';
import type { Db } from '../lib/supabase';
import type { Heartbeats } from '../health';
import { loadAcceptanceCheck, loadReservation } from '../reservations/details';
import type { DecisionReason } from '../reservations/transition';
import { listen } from './listener';
import { createWhatsAppSender, newRequestWhatsApp, type WhatsAppSender } from './whatsapp';

/** The channel public.submit_group_request notifies (pg_notify) in the transaction that queues the messages. */
const CHANNEL = 'notification_outbox';

/**
 * How many messages one round sends at most, side by side: the loop starts another round for the rest.
 * Small enough that a burst of messages does not hold up the answers to new requests sharing the
 * process (pnpm bench: at 20 requests a second, 30 side by side gave answers a p95 of 187 ms, 10 gives 71 ms).
 */
export const ROUND_SIZE = 10;

/**
 * A claimed message is this instance's alone for its lease (config.outboxLeaseMs, a minute), renewed
 * every third of it while the instance works on it (public.renew_notification_leases), so that a send
 * taking longer (nodemailer's SMTP timeouts, the WhatsApp call's 30 s) is never claimed by another
 * instance, and one left 'sending' by an instance that died is sent again a minute later, not after
 * a lease longer than any send.
 */
const interval = (ms: number) => `${ms} milliseconds`;

/** How an outcome not recorded (the database away) is tried again: a growing delay, for as long as the lease. */
const RECORD_RETRY_MS = { first: 250, max: 5000 };

type Notification = Tables<'notification_outbox'>;

/** The reservation as it is now, and for the restaurant's messages its acceptance check: read once for all its messages of a round. */
async function readReservation(reservationId: string, notifications: Notification[], db: Db) {
  const reservation = await loadReservation(db, { id: reservationId });
  if (!reservation) throw new Error('réservation introuvable');
  const check = notifications.some((n) => n.kind === 'owner_new_request') ? await loadAcceptanceCheck(db, reservation.restaurant_id, reservation.numero_reservation_restaurateur) : null;
  return { reservation, check };
}

/** What a change's message says changed (modify_reservation writes it in the payload, internal notes left out); null for an older row without it. */
function changesOf(n: Notification): string | null {
  const payload = n.payload;
  return payload && typeof payload === 'object' && !Array.isArray(payload) && typeof payload.changes === 'string' ? payload.changes : null;
}

/** The messages of a reservation that stands (accepted or paid): the booking the owner accepted as they took it, a change. */
const STANDING_KINDS = new Set(['customer_reservation_accepted', 'customer_reservation_modified']);

/** The customer's e-mail of each decision (transition_reservation_by_id queues it with the decision as its event). */
const DECISION_ACTIONS: Record<string, MailAction> = {
  customer_reservation_accepted: 'accept',
  customer_reservation_rejected: 'reject',
  customer_reservation_paid: 'paid',
  customer_reservation_cancelled: 'cancel',
};

/** The decision a message tells of, as the transition recorded it: the status it moved to, and why (reason, proposal, acompte). */
async function readDecision(db: Db, eventId: string) {
  const { data, error } = await db.from('reservation_events').select('to_status, reason, reason_detail, proposal, deposit, amount').eq('id', eventId).maybeSingle();
  if (error) throw new Error(`reading the decision failed: ${error.code ?? ''} ${error.message}`);
  if (!data) return null;
  const deposit = data.deposit === 'refunded' || data.deposit === 'kept' ? data.deposit : undefined;
  const why: DecisionReason = {
    reason: data.reason ?? undefined,
    reason_detail: data.reason_detail ?? undefined,
    proposal: data.proposal ?? undefined,
    deposit,
    amount: data.amount === null ? null : Number(data.amount),
  };
  return { toStatus: data.to_status, why };
}

/**
 * Sends one notification of that reservation. 'answered': the request was answered before it went out,
 * or the reservation no longer stands (refused, cancelled), nothing to say.
 */
async function deliver(
  n: Notification,
  { reservation: r, check }: Awaited<ReturnType<typeof readReservation>>,
  db: Db,
  mailer: Mailer,
  whatsapp: WhatsAppSender,
  config: Config,
  sending: () => void,
): Promise<'sent' | 'answered'> {
  const status = statusFromCode(r.status);
  const decided = DECISION_ACTIONS[n.kind];
  if (decided && n.event_id && n.channel === 'email') {
    // A decision's e-mail goes out while that decision stands: not once undone, or changed since (its own e-mail tells the customer).
    const decision = await readDecision(db, n.event_id);
    if (!decision || decision.toStatus !== r.status) return 'answered';
    sending();
    await mailer.send(confirmationMail(r, decided, n.recipient, decision.why));
    return 'sent';
  }
  // The request's messages speak of a request waiting for an answer: once answered, the customer has had the answer's e-mail.
  // The others, of a reservation that stands: once cancelled, the customer has had the cancellation's.
  if (STANDING_KINDS.has(n.kind) ? status !== 'accepted' && status !== 'paid' : status !== 'pending') return 'answered';
  sending();
  switch (`${n.kind}/${n.channel}`) {
    case 'owner_new_request/email':
      await mailer.send(newRequestMail(r, n.recipient, config.appUrl, check));
      break;
    case 'owner_new_request/whatsapp':
      await whatsapp.send(newRequestWhatsApp(r, n.recipient, config.whatsapp.template, check), `${r.numero_reservation}-whatsapp`);
      break;
    case 'owner_reminder/email':
      // A request left past the restaurant's response time (public.queue_due_reminders).
      await mailer.send(reminderMail(r, n.recipient, config.appUrl));
      break;
    case 'customer_request_received/email':
      await mailer.send(requestReceivedMail(r, n.recipient));
      break;
    case 'customer_reservation_accepted/email':
      // An acceptance's e-mail queued before decisions carried their event (no event_id): rows still waiting at the upgrade.
      await mailer.send(confirmationMail(r, 'accept', n.recipient));
      break;
    case 'customer_reservation_modified/email':
      await mailer.send(reservationModifiedMail(r, n.recipient, changesOf(n)));
      break;
    default:
      throw new Error(`notification inconnue : ${n.kind} par ${n.channel}`);
  }
  return 'sent';
}

/**
 * Sends an invitation into a restaurant's team. Its link's token is drawn here, at the moment of
 * sending, and only its sha256 goes to the database (public.issue_invitation_token): the outbox, which
 * the restaurant's team can read, never holds a usable link, and a message sent again (a retry) carries
 * a new link that replaces the older one. 'answered': accepted or cancelled before it went out.
 */
async function deliverInvitation(n: Notification, db: Db, mailer: Mailer, config: Config, sending: () => void): Promise<'sent' | 'answered'> {
  if (n.kind !== 'team_invitation' || n.channel !== 'email' || !n.invitation_id) throw new Error(`notification inconnue : ${n.kind} par ${n.channel}`);
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token, 'utf8').digest('hex');
  const { data, error } = await db.rpc('issue_invitation_token', { p_invitation_id: n.invitation_id, p_token_hash: hash });
  if (error) throw new Error(`invitation: ${error.code ?? ''} ${error.message}`);
  if (!data) return 'answered';
  sending();
  await mailer.send(invitationMail(n.invitation_id, data, token, config.appUrl));
  return 'sent';
}

/**
 * One round: claims up to ROUND_SIZE due notifications (public.claim_notifications: skip locked, so
 * that however many instances run, each message is claimed by one), sends them side by side, renewing
 * their lease meanwhile, and records each outcome (public.finish_notification: sent; or the error, tried
 * again later with a growing delay, 'failed' after the fifth attempt). A failure before the message was
 * handed to SMTP or WhatsApp (the database away while reading what to say) gives it back at once, the
 * attempt not counted (public.release_notification). An outcome that cannot be recorded (the database
 * away) is tried again until the lease ends. `restaurantId`: one restaurant's notifications only (the
 * tests, which share the database with others).
 */
export async function sendDueNotifications(db: Db, mailer: Mailer, config: Config, log: FastifyBaseLogger, restaurantId?: string): Promise<{ claimed: number; sent: number; failed: number }> {
  const whatsapp = createWhatsAppSender(config);
  const lease = interval(config.outboxLeaseMs);
  const { data, error } = await db.rpc('claim_notifications', { p_limit: ROUND_SIZE, p_lease: lease, ...(restaurantId ? { p_restaurant_id: restaurantId } : {}) });
  if (error) throw new Error(`claiming notifications failed: ${error.code ?? ''} ${error.message}`);
  const claimed = data ?? [];
  const leaseEnds = Date.now() + config.outboxLeaseMs;
  // Renewed while they are on their way: the ones not recorded yet.
  const inFlight = new Set(claimed.map((n) => n.id));
  const renewal = setInterval(() => {
    if (inFlight.size === 0) return;
    void db.rpc('renew_notification_leases', { p_ids: [...inFlight], p_lease: lease }).then(({ error: renewError }) => {
      if (renewError) log.warn({ error: renewError.message }, 'renewing the notifications’ lease failed');
    });
  }, config.outboxLeaseMs / 3);
  const result = { claimed: claimed.length, sent: 0, failed: 0 };
  const byReservation = new Map<string, Notification[]>();
  const invitations: Notification[] = [];
  for (const n of claimed) {
    if (n.reservation_id === null) invitations.push(n);
    else byReservation.set(n.reservation_id, [...(byReservation.get(n.reservation_id) ?? []), n]);
  }
  // Side by side: a burst of requests is told to its restaurants in a few rounds, not one message at a time.
  try {
    await Promise.all([
      ...[...byReservation].map(async ([reservationId, notifications]) => {
        const reading = readReservation(reservationId, notifications, db);
        // Read once for all its messages; a failure is each message's (given back), never an unhandled rejection.
        reading.catch(() => undefined);
        await Promise.all(notifications.map((notification) => sendOne(notification, async (n, sending) => deliver(n, await reading, db, mailer, whatsapp, config, sending))));
      }),
      ...invitations.map((notification) => sendOne(notification, (n, sending) => deliverInvitation(n, db, mailer, config, sending))),
    ]);
  } finally {
    clearInterval(renewal);
  }
  return result;

  async function sendOne(notification: Notification, send: (n: Notification, sending: () => void) => Promise<'sent' | 'answered'>) {
    let failure: string | undefined;
    let handedOver = false;
    try {
      const outcome = await send(notification, () => (handedOver = true));
      if (outcome === 'answered') log.info({ notificationId: notification.id, kind: notification.kind }, 'notification not sent: the request is already answered');
      else result.sent += 1;
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
      result.failed += 1;
      log.warn({ notificationId: notification.id, kind: notification.kind, channel: notification.channel, attempt: notification.attempts, error: failure }, 'notification not sent');
    }
    // Nothing handed to SMTP or WhatsApp: given back at once, not counted as an attempt.
    const record =
      failure && !handedOver
        ? () => db.rpc('release_notification', { p_id: notification.id, p_error: failure })
        : () => db.rpc('finish_notification', { p_id: notification.id, ...(failure ? { p_error: failure } : {}) });
    for (let delay = RECORD_RETRY_MS.first; ; delay = Math.min(delay * 2, RECORD_RETRY_MS.max)) {
      const recorded = await record();
      if (!recorded.error) break;
      log.warn({ notificationId: notification.id, error: recorded.error.message }, 'recording the notification failed');
      // Past its lease it is another round's (claimed again): left as it is.
      if (Date.now() + delay >= leaseEnds) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    inFlight.delete(notification.id);
  }
}

/**
 * Sends the notifications for the life of the app: woken by PostgreSQL's NOTIFY (config.databaseUrl,
 * LISTEN), so that a message goes out as soon as its request is committed, and every
 * `config.outboxPollMs` besides (the retries, a missed notification, no DATABASE_URL). Rounds never
 * overlap within an instance: a wake during a round runs one more after it. close() stops the listener
 * and waits for the round under way.
 */
export async function startNotificationSender(app: FastifyInstance, db: Db, mailer: Mailer, config: Config, heartbeats?: Heartbeats): Promise<void> {
  if (config.outboxPollMs <= 0) return;
  // Alive while the poll fires with no round under way, and when rounds end (GET /api/ready).
  const beat = heartbeats?.register('sender', config.outboxPollMs) ?? (() => {});
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;

  async function rounds() {
    do {
      again = false;
      const round = await sendDueNotifications(db, mailer, config, app.log, config.outboxRestaurantId).catch((err: unknown) => {
        app.log.error({ err }, 'notification round failed');
        return null;
      });
      if (round && round.claimed >= ROUND_SIZE) again = true;
    } while (again && !stopped);
    app.log.debug('notification sender idle');
  }
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = rounds().finally(() => {
      running = null;
      beat();
      if (again) wake();
    });
  };

  const timer = setInterval(() => {
    if (!running) beat();
    wake();
  }, config.outboxPollMs);
  const listener = config.databaseUrl ? await listen(config.databaseUrl, CHANNEL, wake, app.log) : null;
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await listener?.stop();
    await running;
  });
  // What was queued while no instance ran.
  wake();
}
