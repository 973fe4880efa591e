import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { statusFromCode } from '@tablee/domain/reservation-status';
import type { AcceptanceCheck } from '@tablee/domain/acceptance';
import type { Tables } from '@tablee/domain/database-types';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import { confirmationMail, type MailAction } from '../email/confirmation';
import { conversationReplyMail } from '../email/conversation-reply';
import { ownerCustomerCancelledMail, ownerCustomerChangedMail, ownerCustomerMessageMail } from '../email/customer-activity';
import { newRequestMail } from '../email/new-request';
import { noShowFeeMail } from '../email/no-show-fee';
import { reminderMail } from '../email/reminder';
import { requestReceivedMail } from '../email/request-received';
import { reservationModifiedMail } from '../email/reservation-modified';
import { invitationMail } from '../email/team-invitation';
import type { Db } from '../lib/supabase';
import { databaseFailure } from '../lib/errors';
import type { Heartbeats } from '../health';
import { customerPageUrl, customerPayUrl, loadAcceptanceChecks, loadPageTokens, loadReservations, type ReservationDetails } from '../reservations/details';
import type { DecisionReason } from '../reservations/transition';
import { listen } from './listener';
import { conversationReplyWhatsApp, createWhatsAppSender, customerReminderWhatsApp, newRequestWhatsApp, type WhatsAppSender } from './whatsapp';
import { customerReminderMail, type ReminderPayload } from '../email/customer-reminder';
import type { ReminderKind } from '@tablee/domain/reminders';

/** The channel public.submit_group_request notifies (pg_notify) in the transaction that queues the messages. */
const CHANNEL = 'notification_outbox';

/**
 * How many due messages one round claims, reads and records together (a round trip each for all of
 * them, not one per message): under a burst the restaurants are told in rounds of this size.
 */
export const CLAIM_SIZE = 50;

/**
 * How many messages of a round are on their way at once (SMTP connections, WhatsApp calls): bounded, so
 * that a burst of messages neither opens a connection per message nor holds up the answers to new
 * requests sharing the process.
 */
export const SEND_POOL = 10;

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

/** A reservation as it is now, and for the restaurant's messages its acceptance check. */
interface Reading {
  reservation: ReservationDetails;
  check: AcceptanceCheck | null;
}

/** An outcome to record (public.finish_notifications): sent, failed with its error, or released (nothing handed over). */
interface Outcome {
  id: string;
  error?: string;
  released?: true;
}

/** Runs at most `size` tasks at once, the others in the order they came. */
function boundedPool(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A slot freed is handed to the next waiting task directly, so that `active` never exceeds `size`.
    if (active < size) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/**
 * Calls `write` with what was queued, one call at a time: what is queued during a call goes in the
 * next one, so that under a burst many outcomes share a round trip and a lone one is not kept waiting.
 * Resolves once the call that carried it is over.
 */
function batched<T>(write: (items: T[]) => Promise<void>) {
  let queued: { item: T; done: () => void }[] = [];
  let writing: Promise<void> | null = null;
  const drain = async () => {
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      await write(batch.map((q) => q.item));
      batch.forEach((q) => q.done());
    }
    writing = null;
  };
  return (item: T) =>
    new Promise<void>((resolve) => {
      queued.push({ item, done: resolve });
      writing ??= drain();
    });
}

/** A text of the message's payload (what the SQL that queued it wrote there); null when absent. */
function payloadText(n: Notification, key: string): string | null {
  const payload = n.payload;
  const value = payload && typeof payload === 'object' && !Array.isArray(payload) ? payload[key] : undefined;
  return typeof value === 'string' ? value : null;
}

/** What a change's message says changed (modify_reservation and customer_update_reservation write it in the payload, internal notes left out); null for an older row without it. */
const changesOf = (n: Notification): string | null => payloadText(n, 'changes');

/** The messages for the restaurant that read the acceptance check (covers against capacity, hours): a new request, a customer's change. */
const CHECKED_KINDS = new Set(['owner_new_request', 'owner_customer_changed']);

/** A message to the customer of a reservation: it carries the link to their own page (customer_page_tokens). */
const toCustomer = (n: Notification) => n.kind.startsWith('customer_') || (n.kind === 'conversation_reply' && n.channel === 'email');

/** The messages of a reservation that stands (accepted or paid): its acceptance, a change. */
const STANDING_KINDS = new Set(['customer_reservation_accepted', 'customer_reservation_modified']);

/** The customers' reminders (private.queue_customer_reminders), by outbox kind. */
const REMINDER_OF_KIND: Record<string, ReminderKind> = {
  customer_reminder_headcount: 'headcount',
  customer_reminder_day_before: 'day_before',
  customer_reminder_deposit: 'deposit',
};

/** The customer's e-mail of each decision (transition_reservation_by_id queues it with the decision as its event). */
const DECISION_ACTIONS: Record<string, MailAction> = {
  customer_reservation_accepted: 'accept',
  customer_reservation_rejected: 'reject',
  customer_reservation_paid: 'paid',
  customer_reservation_cancelled: 'cancel',
};

/** The decision a message tells of, as the transition recorded it: the status it moved to, and why (reason, proposal, what became of the sum paid in advance). */
async function readDecision(db: Db, eventId: string) {
  const { data, error } = await db.from('reservation_events').select('from_status, to_status, reason, reason_detail, proposal, deposit, amount_cents, actor').eq('id', eventId).maybeSingle();
  if (error) throw new Error(`reading the decision failed: ${error.code ?? ''} ${error.message}`);
  if (!data) return null;
  const deposit = data.deposit === 'refunded' || data.deposit === 'kept' ? data.deposit : undefined;
  const why: DecisionReason = {
    reason: data.reason ?? undefined,
    reason_detail: data.reason_detail ?? undefined,
    proposal: data.proposal ?? undefined,
    deposit,
    amount_cents: data.amount_cents,
    actor: data.actor ?? undefined,
  };
  return { fromStatus: data.from_status, toStatus: data.to_status, why };
}

/**
 * Sends one notification of that reservation. 'answered': the request was answered before it went out,
 * or the reservation no longer stands (refused, cancelled), nothing to say.
 */
async function deliver(n: Notification, { reservation: r, check }: Reading, db: Db, mailer: Mailer, whatsapp: WhatsAppSender, config: Config, sending: () => void): Promise<'sent' | 'answered'> {
  const status = statusFromCode(r.status);
  // What the customer did on their own page, told to the restaurant, and a member's reply to the customer by e-mail: sent whatever
  // the reservation's status (a cancellation's e-mail is about a cancelled reservation, a message may follow a refusal).
  switch (`${n.kind}/${n.channel}`) {
    case 'owner_customer_changed/email':
      sending();
      await mailer.send(ownerCustomerChangedMail(r, n.recipient, config.appUrl, changesOf(n), check));
      return 'sent';
    case 'owner_customer_cancelled/email': {
      // The cancellation as its history row recorded it: the customer's reason, the acompte refunded or kept.
      const event = n.event_id ? await readDecision(db, n.event_id) : null;
      sending();
      await mailer.send(
        ownerCustomerCancelledMail(r, n.recipient, config.appUrl, {
          fromStatus: event?.fromStatus ?? null,
          reason: event?.why.reason_detail ?? payloadText(n, 'reason'),
          deposit: event?.why.deposit ?? null,
          amountCents: event?.why.amount_cents ?? null,
        }),
      );
      return 'sent';
    }
    case 'owner_customer_message/email': {
      const text = payloadText(n, 'text');
      if (!text?.trim() || !n.conversation_id) throw new Error('Message du client sans texte');
      sending();
      await mailer.send(ownerCustomerMessageMail(r, n.recipient, config.appUrl, text, n.conversation_id));
      return 'sent';
    }
    case 'customer_no_show_fee/email': {
      // The fee still waiting for the customer (paid meanwhile: nothing to ask).
      const {
        data,
        error,
        status: httpStatus,
      } = await db.from('reservation_payments').select('amount_cents').eq('reservation_id', r.id).eq('kind', 'no_show_fee').eq('status', 'pending').maybeSingle();
      if (error) throw databaseFailure('reading the no-show fee', { error, status: httpStatus });
      if (!data) return 'answered';
      sending();
      await mailer.send(noShowFeeMail(r, n.recipient, data.amount_cents));
      return 'sent';
    }
    case 'conversation_reply/email': {
      const text = payloadText(n, 'text');
      if (!text?.trim() || !n.message_id) throw new Error('Réponse sans texte');
      sending();
      await mailer.send(conversationReplyMail(r, n.recipient, text, n.message_id));
      return 'sent';
    }
  }
  const reminder = REMINDER_OF_KIND[n.kind];
  if (reminder) {
    // A reminder goes out while it still applies: the reservation stands (the acompte's, while not received).
    if (reminder === 'deposit' ? status !== 'accepted' : status !== 'accepted' && status !== 'paid') return 'answered';
    const payload = (n.payload ?? {}) as ReminderPayload & { phone_number_id?: string | null };
    sending();
    if (n.channel === 'email') await mailer.send(customerReminderMail(reminder, r, n.recipient, payload));
    else {
      const { message, from } = customerReminderWhatsApp(reminder, r, n.recipient, payload);
      await whatsapp.send(message, `${r.numero_reservation}-rappel-${reminder}`, from);
    }
    return 'sent';
  }
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
 * Sends a reply to a customer who wrote on WhatsApp (the assistant's or a member's, queued by
 * private.queue_conversation_reply): a text message to their number, from the restaurant's number.
 * It has no reservation: its text is in the payload, as written.
 */
async function deliverConversationReply(n: Notification, whatsapp: WhatsAppSender, sending: () => void): Promise<'sent'> {
  if (n.kind !== 'conversation_reply' || n.channel !== 'whatsapp' || !n.message_id) throw new Error(`notification inconnue : ${n.kind} par ${n.channel}`);
  // Nothing to read first: a reply that cannot be sent (a number that is not one) is a failed attempt, not given back.
  sending();
  const { message, from } = conversationReplyWhatsApp(n.recipient, n.payload);
  await whatsapp.send(message, `reponse-${n.message_id}`, from);
  return 'sent';
}

/**
 * Each conversation reply's predecessor among the claimed replies of its conversation (in the order
 * written): a conversation's replies go out one after another, in order.
 */
function previousReplies(claimed: Notification[]): Map<string, string> {
  const replies = claimed.filter((n) => n.kind === 'conversation_reply' && n.conversation_id !== null).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  const last = new Map<string, string>();
  const previous = new Map<string, string>();
  for (const n of replies) {
    const before = last.get(n.conversation_id!);
    if (before) previous.set(n.id, before);
    last.set(n.conversation_id!, n.id);
  }
  return previous;
}

/**
 * One round: claims up to CLAIM_SIZE due notifications (public.claim_notifications: skip locked, so
 * that however many instances run, each message is claimed by one), reads their reservations in one
 * request (with, in one call each, the acceptance checks of the restaurant's messages and the page
 * tokens of the customers' messages), sends them through a pool of SEND_POOL at once, renewing their lease meanwhile, and records
 * the outcomes in batches (public.finish_notifications: sent; or the error, tried again later with a
 * growing delay, 'failed' after the fifth attempt). A failure before the message was handed to SMTP or
 * WhatsApp (the database away while reading what to say) gives it back at once, the attempt not
 * counted (released). A conversation's replies (conversation_reply) go out one after another in the
 * order written; one not sent holds back those after it (given back, claimed again after it). Outcomes that cannot be recorded (the database away) are tried again until the
 * lease ends. `restaurantId`: one restaurant's notifications only (the tests, which share the database
 * with others).
 */
export async function sendDueNotifications(db: Db, mailer: Mailer, config: Config, log: FastifyBaseLogger, restaurantId?: string): Promise<{ claimed: number; sent: number; failed: number }> {
  const whatsapp = createWhatsAppSender(config);
  const lease = interval(config.outboxLeaseMs);
  const { data, error } = await db.rpc('claim_notifications', { p_limit: CLAIM_SIZE, p_lease: lease, ...(restaurantId ? { p_restaurant_id: restaurantId } : {}) });
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

  // The round's reservations, and the acceptance check of those with a message for the restaurant, each
  // read once for all (a request each); a failure is each message's (given back), never an unhandled rejection.
  const reservationIds = [...new Set(claimed.flatMap((n) => (n.reservation_id === null ? [] : [n.reservation_id])))];
  const reservations = loadReservations(db, reservationIds);
  const forRestaurant = new Set(claimed.flatMap((n) => (n.reservation_id !== null && CHECKED_KINDS.has(n.kind) ? [n.reservation_id] : [])));
  const checks = loadAcceptanceChecks(db, [...forRestaurant]);
  // The customer's page of each reservation with a message to its customer, drawn in one call too.
  const forCustomer = new Set(claimed.flatMap((n) => (n.reservation_id !== null && toCustomer(n) ? [n.reservation_id] : [])));
  const tokens = loadPageTokens(db, [...forCustomer]);
  reservations.catch(() => undefined);
  checks.catch(() => undefined);
  tokens.catch(() => undefined);
  const readingOf = async (n: Notification, reservationId: string): Promise<Reading> => {
    const reservation = (await reservations).get(reservationId);
    if (!reservation) throw new Error('réservation introuvable');
    const check = CHECKED_KINDS.has(n.kind) ? ((await checks).get(reservationId) ?? null) : null;
    if (!toCustomer(n)) return { reservation, check };
    // Never sent without its page: a failed draw gives the message back (released), as a failed read does.
    const token = (await tokens).get(reservationId);
    return {
      reservation: { ...reservation, customerPageUrl: token ? customerPageUrl(config.appUrl, token) : null, customerPayUrl: token ? customerPayUrl(config.publicBaseUrl, token) : null },
      check,
    };
  };

  const record = batched<Outcome>(async (outcomes) => {
    for (let delay = RECORD_RETRY_MS.first; ; delay = Math.min(delay * 2, RECORD_RETRY_MS.max)) {
      const recorded = await db.rpc('finish_notifications', { p_outcomes: outcomes.map((o) => ({ ...o })) });
      if (!recorded.error) break;
      log.warn({ notificationIds: outcomes.map((o) => o.id), error: recorded.error.message }, 'recording the notification failed');
      // Past their lease they are another round's (claimed again): left as they are.
      if (Date.now() + delay >= leaseEnds) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    for (const o of outcomes) inFlight.delete(o.id);
  });

  // A conversation's replies in the order written: each waits for the one before it (whether it went out).
  const previous = previousReplies(claimed);
  const wentOut = new Map<string, { promise: Promise<boolean>; resolve: (sent: boolean) => void }>();
  for (const id of previous.values()) {
    let resolve!: (sent: boolean) => void;
    wentOut.set(id, { promise: new Promise<boolean>((r) => (resolve = r)), resolve });
  }

  // In the order claimed (the restaurants' first), SEND_POOL at a time.
  const inPool = boundedPool(SEND_POOL);
  try {
    await Promise.all(
      claimed.map(async (notification) => {
        const reservationId = notification.reservation_id;
        const before = previous.get(notification.id);
        if (before && !(await wentOut.get(before)!.promise)) {
          // The reply before it did not go out: this one waits for it (claim_notifications holds it back meanwhile).
          wentOut.get(notification.id)?.resolve(false);
          await record({ id: notification.id, released: true });
          return;
        }
        const { recorded, sent } = await inPool(() =>
          notification.kind === 'conversation_reply' && notification.channel === 'whatsapp'
            ? sendOne(notification, (n, sending) => deliverConversationReply(n, whatsapp, sending))
            : reservationId === null
              ? sendOne(notification, (n, sending) => deliverInvitation(n, db, mailer, config, sending))
              : sendOne(notification, async (n, sending) => deliver(n, await readingOf(n, reservationId), db, mailer, whatsapp, config, sending)),
        );
        wentOut.get(notification.id)?.resolve(sent);
        await recorded;
      }),
    );
  } finally {
    clearInterval(renewal);
  }
  return result;

  /** Sends one message and records its outcome (the pool's slot is freed once it is handed over or failed, not when recorded). */
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
    const outcome: Outcome = { id: notification.id, ...(failure ? { error: failure } : {}), ...(failure && !handedOver ? { released: true as const } : {}) };
    return { recorded: record(outcome), sent: failure === undefined };
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
      if (round && round.claimed >= CLAIM_SIZE) again = true;
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
