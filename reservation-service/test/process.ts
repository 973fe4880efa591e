/**
 * The reservation service as its own process against the run's local-supabase, as scripts/lib.mjs's
 * startReservationService starts it (tsx, src/server.ts), on a free port and with its own outbox: for
 * the front-end modules' tests that call it (the link page, the owner's Nouvelle réservation).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../local-supabase/test/launch';

const serviceDir = path.resolve(__dirname, '..');
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

/**
 * Starts the service; if it does not come up, it is stopped before the error is thrown (no process left
 * behind). `env`: settings over the defaults (another stack's SUPABASE_URL and key, for a fault test).
 */
export async function startReservationService(env: Record<string, string> = {}): Promise<RunningService> {
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
      ...env,
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
