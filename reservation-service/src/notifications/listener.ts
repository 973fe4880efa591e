import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** How the connection shows in pg_stat_activity. */
export const LISTENER_NAME = 'tablee-notification-listener';

export interface Listener {
  stop(): Promise<void>;
}

/**
 * LISTENs on a PostgreSQL channel and calls `onWake` for each notification, and after each
 * (re)connection, since notifications sent while it was away are lost. A dropped connection (a
 * restart, pg_terminate_backend, an idle timeout) is reopened after a delay that doubles up to 30 s.
 * Resolves once the first attempt is over, connected or not: without a database the service still
 * starts, and its sender polls.
 */
export async function listen(databaseUrl: string, channel: string, onWake: () => void, log: FastifyBaseLogger): Promise<Listener> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failuresInARow = 0;
  let opening: Promise<void> | undefined;

  async function open(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 10_000, application_name: LISTENER_NAME });
    // A dropped connection emits 'error' then 'end'; 'end' reopens.
    next.on('error', () => undefined);
    next.on('notification', (message) => {
      if (message.channel === channel) onWake();
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    if (stopped) return void (await next.end().catch(() => undefined));
    client = next;
    next.once('end', () => {
      client = undefined;
      if (stopped) return;
      log.warn({ channel }, 'LISTEN connection lost; reconnecting');
      retry();
    });
    failuresInARow = 0;
    onWake();
  }

  function retry() {
    const delay = Math.min(250 * 2 ** failuresInARow, 30_000);
    failuresInARow += 1;
    retryTimer = setTimeout(() => {
      opening = open().catch((err: Error) => {
        // The address may hold a password: the error's message only.
        log.warn({ channel, error: err.message }, 'LISTEN connection failed');
        if (!stopped) retry();
      });
    }, delay);
  }

  await open().catch((err: Error) => {
    log.warn({ channel, error: err.message }, 'LISTEN connection failed; polling until it is back');
    retry();
  });
  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await opening;
      await client?.end().catch(() => undefined);
    },
  };
}
