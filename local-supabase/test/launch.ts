import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export interface LaunchedStack {
  url: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  migrationsApplied: string[];
  seeded: boolean;
  dataDir: string;
  ports: { api: number; db: number; postgrest: number };
  /** The local-supabase process itself (tsx is loaded into it, not run as a wrapper around it). */
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * A port nobody listens on, for a server that a test or the e2e setup starts a moment later.
 * Chosen below Linux's ephemeral range (32768–60999), where the kernel picks the local ports of
 * outgoing connections: a port from port 0 could be taken by one of our own database or HTTP
 * connections before its server binds it (seen as EADDRINUSE in e2e).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    // Several ports are chosen before any is bound: never hand out the same one twice.
    if (handedOut.has(port)) continue;
    if ((await canListen(port, '127.0.0.1')) && (await canListen(port, '::'))) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port between 20000 and 32000');
}

const handedOut = new Set<number>();

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EAFNOSUPPORT' || error.code === 'EADDRNOTAVAIL'));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export function tempDataDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `tablee-${label}-`));
}

// Loaded both by jest (CommonJS) and by the benches through tsx (ES modules, where __dirname does not exist; they run
// from local-supabase or from a package that depends on it).
const packageDir =
  typeof __dirname === 'string'
    ? path.resolve(__dirname, '..')
    : JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')).name === '@tablee/local-supabase'
      ? process.cwd()
      : path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('@tablee/local-supabase/package.json'));
// `node --import tsx` rather than tsx's CLI, which runs the script in a second process: the pid we
// hold is then local-supabase's own, for the tests that kill it.
const tsxLoader = pathToFileURL(createRequire(path.join(packageDir, 'package.json')).resolve('tsx')).href;

/**
 * Starts local-supabase as its own process, as `pnpm start` does, on free ports and the given data
 * directory; resolves once it prints its ready line. Tests talk to it only over HTTP, as an app would.
 */
export async function launchStack(options: LaunchOptions): Promise<LaunchedStack> {
  if (options.ports) return launchOn(options, options.ports);
  // A free port found here may be taken by another process before the stack listens on it (other test
  // files and other runs start stacks at the same time): then, and only then, try again on other ports.
  for (let attempt = 1; ; attempt += 1) {
    const ports = { api: await freePort(), db: await freePort(), postgrest: await freePort() };
    try {
      return await launchOn(options, ports);
    } catch (err) {
      if (attempt === 3 || !/EADDRINUSE|est déjà utilisé/.test((err as Error).message)) throw err;
    }
  }
}

interface LaunchOptions {
  dataDir: string;
  env?: Record<string, string>;
  ports?: LaunchedStack['ports'];
}

async function launchOn(options: LaunchOptions, ports: LaunchedStack['ports']): Promise<LaunchedStack> {
  const child: ChildProcess = spawn(process.execPath, ['--import', tsxLoader, 'src/cli.ts'], {
    cwd: packageDir,
    env: {
      ...process.env,
      LOCAL_SUPABASE_DATA_DIR: options.dataDir,
      LOCAL_SUPABASE_PORT: String(ports.api),
      LOCAL_SUPABASE_DB_PORT: String(ports.db),
      LOCAL_SUPABASE_POSTGREST_PORT: String(ports.postgrest),
      LOCAL_SUPABASE_READY_JSON: '1',
      LOCAL_SUPABASE_FAST: '1',
      LOCAL_SUPABASE_QUIET: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // a stack that never got ready must not outlive the test
      reject(new Error(`local-supabase did not start in time:\n${output}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LOCAL_SUPABASE_READY (.+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(JSON.parse(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`local-supabase exited with ${code}:\n${output}`));
    });
  });
  return {
    ...(ready as Omit<LaunchedStack, 'dataDir' | 'ports' | 'pid' | 'output' | 'stop'>),
    dataDir: options.dataDir,
    ports,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      await exited;
    },
  };
}
