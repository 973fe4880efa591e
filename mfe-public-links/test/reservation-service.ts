/**
 * The reservation service as its own process against the run's local-supabase, as scripts/lib.mjs's
 * startReservationService starts it (tsx, src/server.ts), on a free port and with its own outbox; and
 * the reservations the tests make (reservation-service/test/reservation-row.ts) and read back.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { freePort } from '../../local-supabase/test/launch';
import { copyOfLyon, submitTestRequest, writeTestReservation, type LyonCopy, type TestRequest, type TestReservation } from '../../reservation-service/test/reservation-row';

const serviceDir = path.resolve(__dirname, '../../reservation-service');
const tsxCli = createRequire(path.join(serviceDir, 'package.json')).resolve('tsx/cli');

export interface RunningService {
  /** Origin of the service (http://127.0.0.1:port). */
  url: string;
  /** Its API base, as the app's config.json gives it (…/api). */
  apiUrl: string;
  outboxDir: string;
  /** What it printed on stdout and stderr. */
  output: () => string;
  /** Stops it and waits until it has exited (idempotent). */
  stop: () => Promise<void>;
}

/** Resolves once the service answers HEAD / below 500; rejects if it exits first or does not answer within `limitMs`. */
async function answering(url: string, exited: Promise<unknown>, output: () => string, limitMs = 30_000): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const started = Date.now();
  for (;;) {
    if (gone) throw new Error(`reservation-service s'est arrêté au démarrage :\n${output()}`);
    try {
      if ((await fetch(`${url}/`, { method: 'HEAD' })).status < 500) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > limitMs) throw new Error(`reservation-service ne répond pas :\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts the service; if it does not come up, it is stopped before the error is thrown (no process left behind). */
export async function startReservationService(): Promise<RunningService> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-links-outbox-'));
  const child = spawn(process.execPath, [tsxCli, 'src/server.ts'], {
    cwd: serviceDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SUPABASE_URL: process.env.TEST_SUPABASE_URL,
      SUPABASE_SERVICE_ROLE_KEY: process.env.TEST_SUPABASE_SERVICE_ROLE_KEY,
      // E-mails as .eml files in a directory of this run, never through an SMTP server of the environment.
      SMTP_URL: '',
      OUTBOX_DIR: outboxDir,
      PUBLIC_BASE_URL: url,
      CORS_ORIGINS: 'http://localhost,http://127.0.0.1',
      LOG_LEVEL: 'warn',
      // No notification sender: it would send other test files' notifications (the database is shared).
      OUTBOX_POLL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // tsx relays SIGTERM to the server, which closes and exits; tsx exits once it has.
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(force);
      }
      fs.rmSync(outboxDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    await answering(url, exited, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, apiUrl: `${url}/api`, outboxDir, output: () => output, stop };
}

/** The e-mails the service wrote to its outbox for `email`. */
export function mailsTo(service: RunningService, email: string): string[] {
  if (!fs.existsSync(service.outboxDir)) return [];
  return fs
    .readdirSync(service.outboxDir)
    .map((file) => fs.readFileSync(path.join(service.outboxDir, file), 'utf8'))
    .filter((mail) => new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'm').test(mail));
}

// ---------------------------------------------------------------- reservations

let client: SupabaseClient | undefined;

/** The service-role client (bypasses RLS), as the reservation service has it: reads the rows back. */
export function serviceDb(): SupabaseClient {
  client ??= createClient(process.env.TEST_SUPABASE_URL!, process.env.TEST_SUPABASE_SERVICE_ROLE_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return client;
}

let own: Promise<LyonCopy> | undefined;

/**
 * The test file's own restaurant: a copy of the demo restaurant Le Comptoir des Halles (Lyon), with its
 * Menu Canut, made on first use (the seed is read-only for tests). Jest loads this module once per file.
 */
export function ownRestaurant(): Promise<LyonCopy> {
  own ??= copyOfLyon('links');
  return own;
}

export type { TestReservation };

const PREFIX = { numero: 'LNK', restaurateur: 'L', email: 'lien' };

/**
 * A fresh pending request of its own at the file's own copy of Lyon (Menu Canut), submitted as the
 * chatbot submits it (submit_group_request), as reservation-service/test/helpers.ts does.
 */
export async function submitRequest(request: TestRequest = {}): Promise<TestReservation> {
  const { restaurantId, menuCanut } = await ownRestaurant();
  return submitTestRequest({ restaurantId, menuId: menuCanut }, PREFIX, request);
}

/**
 * A reservation written directly as the superuser at the file's own copy of Lyon, for a row
 * submit_group_request refuses on purpose (a decided status, a past date): say why at the call site.
 */
export async function writeReservation(overrides: Record<string, unknown> = {}): Promise<TestReservation> {
  const { restaurantId, menuCanut } = await ownRestaurant();
  return writeTestReservation({ restaurantId, menuId: menuCanut }, PREFIX, overrides);
}

/** The reservation's row as the database holds it now. */
export async function readRow(numero: string): Promise<Record<string, unknown>> {
  const { data, error } = await serviceDb().from('restaurant_reservations').select('*').eq('numero_reservation', numero).single();
  if (error) throw new Error(error.message);
  return data as Record<string, unknown>;
}
