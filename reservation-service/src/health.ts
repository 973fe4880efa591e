import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthAnswer, readyAnswer } from '@tablee/contract';
import { answers } from '@tablee/contract/fastify';
import type { Mailer } from './email/mailer';
import type { Db } from './lib/supabase';

/**
 * Liveness of the background loops (notification sender, reminders) for GET /api/ready: each loop
 * beats when its timer fires with no round under way and when a round ends. A loop whose timer stopped
 * or whose round hangs misses its beats; after `MISSED_BEATS` intervals it is reported dead.
 */
const MISSED_BEATS = 3;

export class Heartbeats {
  private readonly loops = new Map<string, { intervalMs: number; last: number }>();
  constructor(private readonly now: () => number = Date.now) {}
  /** A loop that runs every `intervalMs`; alive from now. */
  register(name: string, intervalMs: number): () => void {
    this.loops.set(name, { intervalMs, last: this.now() });
    return () => this.beat(name);
  }
  beat(name: string) {
    const loop = this.loops.get(name);
    if (loop) loop.last = this.now();
  }
  /** 'ok', 'dead' for each registered loop; 'off' for the named ones never registered (interval 0). */
  status(names: string[]): Record<string, 'ok' | 'dead' | 'off'> {
    return Object.fromEntries(
      names.map((name) => {
        const loop = this.loops.get(name);
        if (!loop) return [name, 'off'];
        return [name, this.now() - loop.last <= MISSED_BEATS * loop.intervalMs + 1000 ? 'ok' : 'dead'];
      }),
    );
  }
}

/** How long the readiness check waits for the database, and for the SMTP server, before answering 503. */
const DATABASE_TIMEOUT_MS = 2000;
const MAIL_TIMEOUT_MS = 2000;

/**
 * For a load balancer: GET /api/health answers while the process runs (liveness); GET /api/ready
 * answers 200 only when the database answers (one read through PostgREST), the SMTP server answers
 * (without it the sender and the decisions send nothing; 'outbox' when e-mails are files) and the sender
 * and reminder loops are alive, else 503 with what failed. Never cached, never rate limited.
 */
export function healthRoutes(instance: FastifyInstance, db: Db, mailer: Mailer, heartbeats: Heartbeats) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const schema = (operationId: string, summary: string) => ({ operationId, summary });
  app.get('/api/health', { schema: { ...schema('health', 'Liveness: the process runs.'), ...answers({ 200: [healthAnswer, 'The process runs.'] }) } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get(
    '/api/ready',
    {
      schema: {
        ...schema('ready', 'Readiness: the database, the SMTP server and the background loops.'),
        ...answers({ 200: [readyAnswer, 'Ready.'], 503: [readyAnswer, 'Not ready: `checks` says what failed.'] }),
      },
    },
    async (_request, reply) => {
      const mailCheck = mailer.check(MAIL_TIMEOUT_MS);
      const database = await db
        .from('restaurants')
        .select('id', { head: true })
        .limit(1)
        .abortSignal(AbortSignal.timeout(DATABASE_TIMEOUT_MS))
        .then(
          ({ error }) => (error ? 'down' : 'ok'),
          () => 'down',
        );
      const mail = await mailCheck;
      const loops = heartbeats.status(['sender', 'reminders', 'retention']);
      const checks = { database, mail, ...loops };
      const ready = database === 'ok' && mail !== 'down' && Object.values(loops).every((s) => s !== 'dead');
      if (!ready) app.log.warn({ checks }, 'not ready');
      reply.header('cache-control', 'no-store');
      if (!ready) reply.header('retry-after', '5');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
}

/**
 * Headers on every answer: no MIME sniffing, no referrer (link and sheet URLs carry codes), and for the
 * HTML pages (links' outcomes, errors) a CSP that allows their inline style only, never framed.
 */
export function securityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
      reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
