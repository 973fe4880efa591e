import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import { createMailer, type Mailer } from './email/mailer';
import { startNotificationSender } from './notifications/sender';
import { startReminderJob } from './reminders/job';
import { startPrivacyRetentionJob } from './privacy/retention-job';
import { privacyRoutes } from './privacy/routes';
import { contractSerializer, contractValidator, registerOpenApi, requireContract } from '@tablee/contract/fastify';
import { DatabaseUnavailableError, UNAVAILABLE } from './lib/errors';
import { htmlPage } from './lib/html';
import { redactUrl } from './lib/redact';
import { createServiceClient } from './lib/supabase';
import { MESSAGES } from './reservations/outcomes';
import { UnauthorizedError } from './reservations/owner';
import { reservationRoutes } from './reservations/routes';
import { requestRoutes } from './requests/routes';
import { sheetRoutes } from './sheets/routes';
import { customerRoutes } from './customer/routes';
import { paymentRoutes } from './payments/routes';
import { createStripeClient } from './payments/stripe-client';
import type { Db } from './lib/supabase';
import { healthRoutes, Heartbeats, securityHeaders } from './health';
import { rootAnswer } from '@tablee/contract';

export interface AppOptions {
  /** Where the JSON logs go (tests read them to check that no code is logged). */
  logStream?: NodeJS.WritableStream;
  db?: Db;
  mailer?: Mailer;
  /** The loops' heartbeats read by GET /api/ready (tests pass a clock of their own). */
  heartbeats?: Heartbeats;
  /** The retention job's clock (tests age the data by it); the time now otherwise. */
  retentionClock?: () => Date;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Codes are secrets and bodies carry personal data: log the method, the redacted URL and the status only.
      serializers: {
        req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
    bodyLimit: 16 * 1024,
    trustProxy: config.trustProxy,
  });
  // Inputs are parsed and answers typed by the contract's zod schemas; a route of /api without them is refused.
  app.setValidatorCompiler(contractValidator);
  app.setSerializerCompiler(contractSerializer);
  app.addHook('onRoute', requireContract);
  const db = options.db ?? createServiceClient(config);
  const mailer = options.mailer ?? createMailer(config);
  // Stripe, when the platform's keys are set: payments, the owner's connection, refunds.
  const stripe = config.stripe ? createStripeClient({ secretKey: config.stripe.secretKey, apiBase: config.stripe.apiBase }) : null;
  app.addHook('onClose', async () => mailer.close());

  // The link page may POST with a JSON content type and no body: that is not malformed.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
    }
  });

  securityHeaders(app);
  await registerOpenApi(app, {
    title: 'Tablée reservation service',
    description: 'The chatbot’s contract (README.md, "Requests in") and the owner’s endpoints. Messages meant for people are in French.',
    serverUrl: config.publicBaseUrl,
    securitySchemes: {
      assistantKey: { type: 'http', scheme: 'bearer', description: 'A key of the restaurant’s assistant, created on « Votre assistant » (shown once).' },
      ownerSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The signed-in owner’s Supabase access token.' },
    },
  });
  await app.register(cors, { origin: config.corsOrigins, methods: ['GET', 'HEAD', 'POST', 'PATCH'] });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => Object.assign(new Error('rate limited'), { statusCode: context.statusCode, code: 'RATE_LIMITED' }),
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof UnauthorizedError) {
      // Only the JSON endpoints of the dashboard ask for a session.
      return reply.code(401).header('www-authenticate', 'Bearer').send({ success: false, numero_reservation_restaurateur: null, status: null, message: error.message });
    }
    if (error instanceof DatabaseUnavailableError) {
      // As /rest/v1 answers meanwhile: the caller tries again.
      request.log.warn({ error: error.message }, 'database unavailable');
      reply.code(503).header('retry-after', UNAVAILABLE.retryAfter);
      if (request.url.startsWith('/api/')) return reply.send({ success: false, code: error.code, numero_reservation_restaurateur: null, status: null, message: UNAVAILABLE.message });
      return reply.type('text/html; charset=utf-8').send(htmlPage('Service momentanément indisponible', UNAVAILABLE.message));
    }
    const status = error.statusCode === 429 ? 429 : error.statusCode && error.statusCode < 500 ? 400 : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    const message = status === 429 ? MESSAGES.tooManyRequests : status === 400 ? MESSAGES.invalidInput : MESSAGES.internal;
    if (request.url.startsWith('/api/')) {
      return reply.code(status).send({ success: false, numero_reservation_restaurateur: null, status: null, message });
    }
    const title = status === 429 ? 'Trop de tentatives' : status === 400 ? 'Lien invalide' : 'Erreur';
    return reply.code(status).type('text/html; charset=utf-8').send(htmlPage(title, message));
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ success: false, numero_reservation_restaurateur: null, status: null, message: MESSAGES.notFoundRoute });
    }
    return reply.code(404).type('text/html; charset=utf-8').send(htmlPage('Page introuvable', MESSAGES.notFoundRoute));
  });

  // Connectivity check of the front end (HEAD /, any status below 500 means reachable); HEAD comes with GET.
  app.get('/', { schema: { hide: true, response: { 200: rootAnswer } } }, async () => ({ service: 'tablee-reservation-service', status: 'ok' as const }));
  await app.register(reservationRoutes, { config, db, stripe });
  await app.register(sheetRoutes, { config, db });
  await app.register(requestRoutes, { config, db });
  await app.register(customerRoutes, { config, db });
  await app.register(paymentRoutes, { config, db, stripe });
  await app.register(privacyRoutes, { config, db });
  const heartbeats = options.heartbeats ?? new Heartbeats();
  healthRoutes(app, db, mailer, heartbeats);
  startReminderJob(app, db, config, heartbeats, stripe);
  startPrivacyRetentionJob(app, db, config, heartbeats, options.retentionClock);
  await startNotificationSender(app, db, mailer, config, heartbeats);
  return app;
}
