import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../launch';
import { childrenOf, portIsFree, stillRuns } from '../processes';
import { until } from '../until';

const root = path.resolve(__dirname, '..', '..', '..');
/** The front-end modules start.mjs serves, one static server each (tooling/federation.cjs). */
const MODULE_DIRS = ['shell', 'mfe-onboarding', 'mfe-restaurant-profile', 'mfe-operations', 'mfe-public-links'];

/** Every process below `pid` (children, their children…), with its command line. */
function descendantsOf(pid: number): { pid: number; command: string }[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child.pid)]);
}

describe('the launcher (scripts/start.mjs) leaves nothing behind', () => {
  let launcher: ChildProcess | undefined;
  let processes: { pid: number; command: string }[] = [];

  afterEach(async () => {
    // Should the test fail, stop what it started anyway (SIGINT: local-supabase then stops PostgreSQL itself).
    for (const p of processes.filter((p) => stillRuns(p) && !/\/postgres(\s|$)/.test(p.command))) {
      try {
        process.kill(p.pid, 'SIGINT');
      } catch {
        // gone in between (a child its parent stopped)
      }
    }
    await until(
      () => processes.filter(stillRuns).length,
      (left) => left === 0,
      'every process of the test stopped',
    ).catch(() => undefined);
    if (launcher?.exitCode === null && launcher.signalCode === null) launcher.kill('SIGKILL');
    // The launcher's children inherit its standard error: never let a pipe of ours keep jest waiting.
    launcher?.stdout?.destroy();
    launcher?.stderr?.destroy();
  });

  it('killed with SIGKILL: local-supabase (PostgreSQL, PostgREST), the reservation service and the five static servers stop, every port free', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-launcher-'));
    fs.chmodSync(dir, 0o777); // embedded PostgreSQL runs as 'postgres' when the tests run as root
    const ports: Record<string, number> = {
      LOCAL_SUPABASE_PORT: await freePort(),
      LOCAL_SUPABASE_DB_PORT: await freePort(),
      LOCAL_SUPABASE_POSTGREST_PORT: await freePort(),
      RESERVATION_SERVICE_PORT: await freePort(),
    };
    for (const module of MODULE_DIRS) ports[`${module.replace(/-/g, '_').toUpperCase()}_PORT`] = await freePort();
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
      LOCAL_SUPABASE_DATA_DIR: path.join(dir, 'data'),
      LOCAL_SUPABASE_FAST: '1',
      LOCAL_SUPABASE_QUIET: '1',
      TABLEE_RUNTIME_DIR: path.join(dir, 'runtime'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      TABLEE_READY_JSON: '1',
      // No build: the static servers answer (their dist/ may be absent), which is all this test needs.
      TABLEE_SKIP_BUILD: '1',
    };
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    launcher = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/TABLEE_READY /.test(output)) resolve();
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`scripts/start.mjs exited with ${code}:\n${output}`)));
    });

    processes = descendantsOf(child.pid!);
    const commands = processes.map((p) => p.command);
    expect(commands.filter((c) => c.includes('serve.mjs'))).toHaveLength(MODULE_DIRS.length);
    expect(commands.some((c) => c.includes('src/cli.ts'))).toBe(true);
    expect(commands.some((c) => c.includes('src/server.ts'))).toBe(true);
    expect(commands.some((c) => /\/postgres(\s|$)/.test(c))).toBe(true);
    expect(commands.some((c) => /\/postgrest(\s|$)/.test(c))).toBe(true);

    child.kill('SIGKILL');
    await until(
      () => processes.filter(stillRuns).map((p) => p.command),
      (left) => left.length === 0,
      'every process the killed launcher had started stopped',
    );
    const all = Object.values(ports);
    await until(
      () => Promise.all(all.map(portIsFree)),
      (free) => free.every(Boolean),
      `ports ${all.join(', ')} free`,
    );
  }, 180_000);
});
