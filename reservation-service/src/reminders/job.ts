import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { makePendingRefunds } from '../payments/refunds';
import type { Config } from '../config';
import type { Db } from '../lib/supabase';
import type { Heartbeats } from '../health';

/**
 * One round: the late requests nobody has reminded the owner of are reminded, once each whatever the
 * number of instances (public.queue_due_reminders): recorded and queued in the outbox, which the sender
 * sends like every other message. Returns how many requests it took. `restaurantId`: one restaurant's
 * requests only (the tests, which share the database with others).
 */
export async function queueDueReminders(db: Db, restaurantId?: string): Promise<number> {
  const { data, error } = await db.rpc('queue_due_reminders', restaurantId ? { p_restaurant_id: restaurantId } : {});
  if (error) throw new Error(`queueing the reminders failed: ${error.code ?? ''} ${error.message}`);
  return data ?? 0;
}

/**
 * Runs a round (and the refunds still to make at Stripe) every `config.reminderIntervalMs` (0: never) for the life of the app. The state is in
 * the database, so a restart resumes where it stopped. Rounds never overlap within an instance.
 */
export function startReminderJob(app: FastifyInstance, db: Db, config: Config, heartbeats?: Heartbeats, stripe?: Stripe | null): void {
  if (config.reminderIntervalMs <= 0) return;
  // Alive while the timer fires with no round under way, and when a round ends (GET /api/ready).
  const beat = heartbeats?.register('reminders', config.reminderIntervalMs) ?? (() => {});
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    beat();
    // The same round retries the refunds a cancellation could not make at once (Stripe away).
    running = Promise.all([queueDueReminders(db), stripe ? makePendingRefunds(db, stripe, app.log) : 0])
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
