import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createServiceClient } from '../src/lib/supabase';
import { createMailer, type Mailer } from '../src/email/mailer';
import { sendDueNotifications } from '../src/notifications/sender';
import { newOwner } from '../../local-supabase/test/clients';
import { fillProfile } from '../../local-supabase/test/fixtures';

import { copyOfLyon, submitTestRequest, writeTestReservation, type LyonCopy, type TestRequest, type TestReservation } from './reservation-row';

/** A seeded demo reservation, read (never decided: the seed is read-only for tests). */
export const DEMO = {
  numero: 'TBL-DEMO01',
  code: '5c06b198eb4f8b5fd3bce7eaa7beed96d7a6d2df23a66a865a473378d69431df',
};

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      SUPABASE_URL: process.env.TEST_SUPABASE_URL,
      SUPABASE_SERVICE_ROLE_KEY: process.env.TEST_SUPABASE_SERVICE_ROLE_KEY,
      OUTBOX_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-outbox-')),
      PUBLIC_BASE_URL: 'http://sheets.test',
      CORS_ORIGINS: 'http://localhost:3004',
      RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'info',
      // Rounds run by the reminder tests themselves (test/integration/reminders.test.ts).
      REMINDER_INTERVAL_MS: '0',
      // No retention job unless a test asks for one (with its restaurant and clock: test/integration/privacy-retention.test.ts).
      PRIVACY_RETENTION_INTERVAL_MS: '0',
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      // No notification sender unless a test asks for one (with its restaurant: the database is shared with other files).
      OUTBOX_POLL_MS: '0',
    }),
    ...overrides,
  };
}

export interface RunningService {
  app: FastifyInstance;
  url: string;
  config: Config;
  logs: () => string;
  close: () => Promise<void>;
}

/** The service in-process on a free port, logs captured. */
export async function startService(overrides: Partial<Config> = {}): Promise<RunningService> {
  const config = testConfig(overrides);
  let logs = '';
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs += chunk.toString();
      cb();
    },
  });
  const app = await buildApp(config, { logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, config, logs: () => logs, close: () => app.close() };
}

export const db = () => createServiceClient(testConfig());

export type PendingReservation = TestReservation;

let own: Promise<LyonCopy> | undefined;

/**
 * The test file's own restaurant: a copy of the demo restaurant Le Comptoir des Halles (Lyon), with its
 * Menu Canut, made on first use. Jest loads this module once per file, so each file has its own copy.
 */
export function ownRestaurant(): Promise<LyonCopy> {
  own ??= copyOfLyon('service');
  return own;
}

const PREFIX = { numero: 'TST', restaurateur: 'T', email: 'client' };

/**
 * A fresh pending request, submitted as the chatbot submits it (submit_group_request): at the file's
 * own copy of Lyon with its Menu Canut, or at `restaurantId`, a complete restaurant (ownerWithRestaurant
 * with `complete`), without a menu. Hélène Test, 12 adults and 2 children, on the next open day.
 */
export async function submitRequest(request: TestRequest = {}, restaurantId?: string): Promise<PendingReservation> {
  const place = restaurantId ? { restaurantId, menuId: null } : await ownRestaurant().then((r) => ({ restaurantId: r.restaurantId, menuId: r.menuCanut }));
  return submitTestRequest(place, PREFIX, request);
}

/**
 * A reservation written directly as the superuser, for a row submit_group_request refuses on purpose
 * (say why at the call site): pending unless told otherwise, with fixed texts (Saturday 5 December 2099,
 * 19:45, 1 234,50 €, Menu Canut), at the file's own copy of Lyon unless `overrides` name another restaurant.
 */
export async function writeReservation(overrides: Record<string, unknown> = {}): Promise<PendingReservation> {
  const place =
    typeof overrides.restaurant_id === 'string'
      ? { restaurantId: overrides.restaurant_id, menuId: null }
      : await ownRestaurant().then((r) => ({ restaurantId: r.restaurantId, menuId: r.menuCanut }));
  return writeTestReservation(place, PREFIX, overrides);
}

export async function readRow(numero: string): Promise<Record<string, unknown>> {
  const { data, error } = await db().from('restaurant_reservations').select('*').eq('numero_reservation', numero).single();
  if (error) throw new Error(error.message);
  return data;
}

export interface Owner {
  accessToken: string;
  restaurantId: string;
  client: Awaited<ReturnType<typeof newOwner>>['client'];
}

/**
 * A fresh signed-up owner with one restaurant of their own (created through RLS, as the app does),
 * named 'Restaurant {label}'. Bare unless `complete`: then every section is filled (fillProfile), so
 * that it takes requests (submitRequest).
 */
export async function ownerWithRestaurant(label: string, options: { complete?: boolean } = {}): Promise<Owner> {
  const owner = await newOwner(label);
  const name = `Restaurant ${label}`;
  const { data, error } = await owner.client.from('restaurants').insert({ name }).select('id').single();
  if (error) throw new Error(error.message);
  if (options.complete) await fillProfile(owner.client, data.id as string, name);
  const { data: session } = await owner.client.auth.getSession();
  return { accessToken: session.session!.access_token, restaurantId: data.id as string, client: owner.client };
}

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps what it receives. */
export async function startSmtp(): Promise<{ url: string; messages: ReceivedMail[]; close: () => Promise<void> }> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export { parseMail } from './mail';

/**
 * For a test file: the service in-process, sending through a real SMTP server of its own, both
 * started before the file's tests and stopped after them; the received messages are emptied before
 * each test. Read `running.service` and `running.smtp` inside the tests.
 */
export function serviceWithSmtp(): { service: RunningService; smtp: Awaited<ReturnType<typeof startSmtp>> } {
  const running = {} as { service: RunningService; smtp: Awaited<ReturnType<typeof startSmtp>> };
  beforeAll(async () => {
    running.smtp = await startSmtp();
    running.service = await startService({ smtpUrl: running.smtp.url });
  });
  afterAll(async () => {
    await running.service?.close();
    await running.smtp?.close();
  });
  beforeEach(() => running.smtp?.messages.splice(0));
  return running;
}

export { pdfText, pdfBodySizes } from './pdf';

export const uuid = () => randomUUID();

export function post(url: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * What a test's service would send of its restaurant's outbox: every pending message made due now (a
 * one-click decision's e-mail is held for its undo window; a retry waits its delay), then rounds of the
 * sender (`instances` side by side) until nothing is claimed. Each round's outcome. The file's own restaurant unless told.
 */
export async function sendQueued(service: RunningService, restaurant?: string, { mailer, instances = 1 }: { mailer?: Mailer; instances?: number } = {}) {
  const restaurantId = restaurant ?? (await ownRestaurant()).restaurantId;
  const { error } = await db().from('notification_outbox').update({ next_attempt_at: new Date().toISOString() }).eq('restaurant_id', restaurantId).eq('status', 'pending');
  if (error) throw new Error(error.message);
  const sender = mailer ?? createMailer(service.config);
  const results = [];
  try {
    for (;;) {
      const rounds = await Promise.all(Array.from({ length: instances }, () => sendDueNotifications(db(), sender, service.config, service.app.log, restaurantId)));
      results.push(...rounds);
      if (rounds.every((r) => r.claimed === 0)) return results;
    }
  } finally {
    if (!mailer) sender.close();
  }
}
