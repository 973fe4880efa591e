import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DailyRetentionRun } from '@tablee/domain/guest-book';
import type { Config } from '../config';
import type { Heartbeats } from '../health';
import type { Db } from '../lib/supabase';
import { deleteOutboxFiles } from './outbox-files';

/** What a tick did: null when today's run (Europe/Paris) was already made, by this instance or another. */
export type RetentionTick = (NonNullable<DailyRetentionRun> & { files: number }) | null;

/**
 * One tick of the daily retention job: claims the day of `now` (Europe/Paris) and, if no instance ran it
 * yet, anonymises the customers whose retention has ended and deletes the old conversations without a
 * request, in one transaction (public.run_daily_privacy_retention: once a day whatever the number of
 * instances; a run that fails leaves the day free for the next tick); then deletes their files from the
 * outbox folder. `restaurantId`: one restaurant's only (tests: the database is shared with other test files).
 */
export async function runDailyRetention(db: Db, config: Config, log: FastifyBaseLogger, now: Date = new Date(), restaurantId?: string): Promise<RetentionTick> {
  const { data, error } = await db.rpc('run_daily_privacy_retention', { p_now: now.toISOString(), ...(restaurantId ? { p_restaurant_id: restaurantId } : {}) });
  if (error) throw new Error(`the retention run failed: ${error.code ?? ''} ${error.message}`);
  const run = data;
  if (!run) return null;
  const files = await deleteOutboxFiles(config.outboxDir, run);
  if (files.failed.length) log.error({ files: files.failed.length }, 'retention: outbox files not deleted');
  // Counts only: the numbers and addresses stay out of the logs.
  log.info({ day: run.day, restaurants: run.restaurants, customers: run.customers, conversations: run.conversations, outbox: run.outboxIds.length, files: files.deleted }, 'retention run');
  return { ...run, files: files.deleted };
}

/**
 * Ticks every `config.privacyRetentionIntervalMs` (0: never) for the life of the app, the first one at
 * once; each makes the day's run if no instance has made it (runDailyRetention). Ticks never overlap
 * within an instance; closing the app waits for the one under way. `clock`: the tests' own.
 */
export function startPrivacyRetentionJob(app: FastifyInstance, db: Db, config: Config, heartbeats?: Heartbeats, clock: () => Date = () => new Date()): void {
  if (config.privacyRetentionIntervalMs <= 0) return;
  // Alive while the timer fires with no tick under way, and when a tick ends (GET /api/ready).
  const beat = heartbeats?.register('retention', config.privacyRetentionIntervalMs) ?? (() => {});
  let running: Promise<unknown> | null = null;
  let closed = false;
  const tick = () => {
    if (running || closed) return;
    beat();
    running = runDailyRetention(db, config, app.log, clock(), config.privacyRetentionRestaurantId)
      .catch((err: unknown) => app.log.error({ err }, 'retention run failed'))
      .finally(() => {
        running = null;
        beat();
      });
  };
  const timer = setInterval(tick, config.privacyRetentionIntervalMs);
  // The first tick once the app is ready (a restart at 03:00 need not wait an hour).
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
