import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import { reminderMail } from '../email/reminder';
import type { Db } from '../lib/supabase';
import type { Heartbeats } from '../health';
import { loadReservation } from '../reservations/details';

/** How many late requests one round claims: the next round takes the rest. */
const CLAIM_BATCH = 20;

/**
 * One round: claims the late requests nobody has reminded the owner of (public.claim_late_reservations:
 * skip locked, at most once per request, whatever the number of instances), and e-mails the
 * restaurant's contact address for each. A send that fails gives the claim back for the next round.
 * Returns how many requests it claimed and how many reminders it sent. `restaurantId`: one
 * restaurant's requests only (the tests, which share the database with others).
 */
export async function sendDueReminders(db: Db, mailer: Mailer, config: Config, log: FastifyBaseLogger, restaurantId?: string): Promise<{ claimed: number; sent: number }> {
  const { data: claimed, error } = await db.rpc('claim_late_reservations', { p_limit: CLAIM_BATCH, ...(restaurantId ? { p_restaurant_id: restaurantId } : {}) });
  if (error) throw new Error(`claiming late requests failed: ${error.code ?? ''} ${error.message}`);
  let sent = 0;
  for (const reservationId of claimed ?? []) {
    let outcome: 'sent' | 'no_address' | null = null;
    try {
      const reservation = await loadReservation(db, { id: reservationId });
      const to = reservation?.restaurant.contact?.email_address;
      if (!reservation || !to) outcome = 'no_address';
      else {
        await mailer.send(reminderMail(reservation, to, config.appUrl));
        outcome = 'sent';
        sent += 1;
      }
    } catch (err) {
      log.error({ reservationId, err }, 'reminder e-mail failed');
    }
    const finished = await db.rpc('finish_reservation_reminder', { p_reservation_id: reservationId, p_outcome: outcome as string });
    if (finished.error) log.error({ reservationId, err: finished.error }, 'recording the reminder failed');
  }
  return { claimed: claimed?.length ?? 0, sent };
}

/**
 * Runs a round every `config.reminderIntervalMs` (0: never) for the life of the app. The state is in
 * the database, so a restart resumes where it stopped. Rounds never overlap within an instance.
 */
export function startReminderJob(app: FastifyInstance, db: Db, mailer: Mailer, config: Config, heartbeats?: Heartbeats): void {
  if (config.reminderIntervalMs <= 0) return;
  // Alive while the timer fires with no round under way, and when a round ends (GET /api/ready).
  const beat = heartbeats?.register('reminders', config.reminderIntervalMs) ?? (() => {});
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    beat();
    running = sendDueReminders(db, mailer, config, app.log)
      .catch((err) => app.log.error({ err }, 'reminder round failed'))
      .finally(() => {
        running = null;
        beat();
      });
  }, config.reminderIntervalMs);
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
