// Helpers shared by the launchers (start.mjs, dev.mjs, dev-module.mjs, preview-module.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'tooling', 'package.json'));
const { modules } = require('./federation.cjs');

/** Each front-end module: folder, federation name, port (env SHELL_PORT, MFE_ONBOARDING_PORT, … override). */
export const MODULES = Object.entries(modules).map(([dir, { name, port }]) => {
  const envName = `${dir.replace(/-/g, '_').toUpperCase()}_PORT`;
  return { dir, name, port: Number(process.env[envName]) || port };
});
export const REMOTES = MODULES.filter((m) => m.dir !== 'shell');

export function rsbuildBin(moduleDir) {
  return path.join(root, moduleDir, 'node_modules', '.bin', 'rsbuild');
}

/** Port of the reservation service (env RESERVATION_SERVICE_PORT, default 8787). */
export const RESERVATION_SERVICE_PORT = Number(process.env.RESERVATION_SERVICE_PORT) || 8787;

export function buildConfig(stack, publicHost = 'localhost') {
  return {
    supabaseUrl: stack.url,
    supabaseAnonKey: stack.anonKey,
    reservationApiUrl: process.env.RESERVATION_API_URL || `http://${publicHost}:${RESERVATION_SERVICE_PORT}/api`,
    assistantApiUrl: process.env.ASSISTANT_API_URL || `http://${publicHost}:${ASSISTANT_PORT}/api`,
    remotes: Object.fromEntries(REMOTES.map((m) => [m.name, { entry: `http://${publicHost}:${m.port}/mf-manifest.json` }])),
  };
}

export function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Nothing the launcher starts outlives it, whatever kills it (kill -9 included, which no handler can
 * catch): local-supabase's watchdog (local-supabase/src/watchdog.cjs, see orphan-guard.ts) holds a
 * pipe from the launcher; when the launcher dies the kernel closes it, and the watchdog sends each
 * child still running SIGINT (as Ctrl-C does: local-supabase then stops PostgreSQL and PostgREST
 * itself), then SIGKILL after a grace period. Off until a launcher calls guardChildren().
 */
let watchdogPipe;
export function guardChildren() {
  if (watchdogPipe) return;
  const watchdog = spawn(process.execPath, [path.join(root, 'local-supabase', 'src', 'watchdog.cjs')], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  // Neither the watchdog nor its pipe keeps the launcher alive; a write after the watchdog went away must not crash it.
  watchdog.unref();
  watchdogPipe = watchdog.stdin;
  watchdogPipe.unref();
  watchdogPipe.on('error', () => undefined);
}

/** Hands `child` to the watchdog (if guardChildren() was called) until it exits: its pid may be reused after. */
export function guarded(child) {
  const send = (order) => {
    if (watchdogPipe && !watchdogPipe.destroyed) watchdogPipe.write(`${JSON.stringify(order)}\n`);
  };
  if (child.pid) {
    send({ op: 'watch', pid: child.pid, signal: 'SIGINT' });
    child.once('exit', () => send({ op: 'forget', pid: child.pid }));
  }
  return child;
}

/**
 * tsx loaded into the service's own process (`node --import tsx`), not tsx's CLI, which runs the
 * script in a second process: the child we hold and signal is then the service itself.
 */
const tsxLoader = (dir) => pathToFileURL(createRequire(path.join(dir, 'package.json')).resolve('tsx')).href;

/** Starts local-supabase (as its own `pnpm start` does) and resolves with its ready line. */
export function startLocalSupabase(env = {}) {
  const dir = path.join(root, 'local-supabase');
  const shellPort = MODULES.find((m) => m.dir === 'shell').port;
  const child = spawn(process.execPath, ['--import', tsxLoader(dir), 'src/cli.ts'], {
    cwd: dir,
    env: {
      // Auth's e-mails (password recovery, e-mail change) link to the shell's pages; they go through
      // SMTP_URL or into OUTBOX_DIR, as the reservation service's do.
      AUTH_SITE_URL: `http://localhost:${shellPort}`,
      AUTH_ADDITIONAL_REDIRECT_URLS: `http://127.0.0.1:${shellPort}`,
      ...process.env,
      LOCAL_SUPABASE_READY_JSON: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  guarded(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const match = /LOCAL_SUPABASE_READY (.+)/.exec(out);
      if (match) {
        child.stdout.removeAllListeners('data');
        child.stdout.on('data', (c) => process.stdout.write(c));
        resolve({ child, stack: JSON.parse(match[1]) });
      }
    });
    child.once('exit', (code) => reject(new Error(`local-supabase s'est arrêté (code ${code})\n${out}`)));
  });
}

/**
 * Starts the reservation service against the running stack (service-role key), allowing the
 * front-end origins (CORS), and resolves once it listens. Mail: SMTP_URL if set, else .eml files
 * in OUTBOX_DIR (default .data/outbox).
 */
export function startReservationService(stack, publicHost = 'localhost') {
  const origins = MODULES.flatMap((m) => [`http://localhost:${m.port}`, `http://127.0.0.1:${m.port}`, `http://${publicHost}:${m.port}`]);
  return startNodeService('reservation-service', RESERVATION_SERVICE_PORT, {
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    // The notification sender LISTENs on the database itself (a new request goes out at once).
    DATABASE_URL: stack.dbUrl,
    PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL || `http://${publicHost}:${RESERVATION_SERVICE_PORT}`,
    CORS_ORIGINS: process.env.CORS_ORIGINS || [...new Set(origins)].join(','),
    // The shell's origin: the owner's reminders link to its one-click pages, the customers' messages to their page.
    APP_URL: appUrl(publicHost),
  });
}

/** The shell's origin, where the links of every message lead. */
const appUrl = (publicHost) => process.env.APP_URL || `http://${publicHost}:${MODULES.find((m) => m.dir === 'shell').port}`;

/** Port of the assistant (env ASSISTANT_PORT, default 8788). */
export const ASSISTANT_PORT = Number(process.env.ASSISTANT_PORT) || 8788;

/** The restaurant's assistant (its web chat): any origin may embed it, as a restaurant's own site does. */
export function startAssistant(stack, publicHost = 'localhost') {
  // APP_URL: the chat's last reply links to the customer's page.
  return startNodeService('assistant', ASSISTANT_PORT, { SUPABASE_URL: stack.url, SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey, APP_URL: appUrl(publicHost) });
}

/** A Node service of the repository (`<dir>/src/server.ts`) on its port, resolved once it answers. */
function startNodeService(dir, port, env) {
  const cwd = path.join(root, dir);
  const child = spawn(process.execPath, ['--import', tsxLoader(cwd), 'src/server.ts'], {
    cwd,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: process.env.LOG_LEVEL || 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  guarded(child);
  const url = `http://localhost:${port}`;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`${dir} s'est arrêté (code ${child.exitCode})`));
      try {
        const response = await fetch(`${url}/api/health`);
        if (response.status < 500) return resolve({ child, url });
      } catch {
        /* not listening yet */
      }
      if (Date.now() - started > 60_000) return reject(new Error(`${dir} ne répond pas`));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

/**
 * For the one-module launchers (dev-module, preview-module): the module named on the command line
 * and a Supabase to point it at — SUPABASE_URL and SUPABASE_ANON_KEY if given, else local-supabase
 * started here (its process is added to `children`).
 */
export async function singleModule(children) {
  const dir = process.argv[2];
  const mod = MODULES.find((m) => m.dir === dir);
  if (!mod) throw new Error(`module inconnu : ${dir}`);
  if (process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY) {
    return { mod, stack: { url: process.env.SUPABASE_URL, anonKey: process.env.SUPABASE_ANON_KEY } };
  }
  const started = await startLocalSupabase();
  children.push(started.child);
  return { mod, stack: started.stack };
}

export function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = guarded(spawn(command, args, { stdio: 'inherit', ...options }));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} : code ${code}`))));
  });
}

/** Stops every child on Ctrl-C / SIGTERM, then exits. */
export function stopAllOnSignal(children) {
  let stopping = false;
  /** Stops every child (SIGINT, then SIGKILL after 10 s) and exits with `code`. */
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      children()
        .filter((c) => c && c.exitCode === null && c.signalCode === null)
        .map(
          (c) =>
            new Promise((resolve) => {
              c.once('exit', resolve);
              c.kill('SIGINT');
              setTimeout(() => c.kill('SIGKILL'), 10_000).unref();
            }),
        ),
    );
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  return stop;
}
