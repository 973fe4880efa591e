import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { childrenOf, isRunning, portIsFree } from '../processes';
import { until } from '../until';
import { ownStacks } from '../stacks';
import type { LaunchedStack } from '../launch';

// Stacks of their own: these tests kill PostgREST, or local-supabase itself.
const launch = ownStacks();

const isPostgrest = (command: string) => /\/postgrest$/.test(command.split(' ')[0]);
const isPostgres = (command: string) => /\/postgres$/.test(command.split(' ')[0]);

/** `pg_ctl restart` of the stack's PostgreSQL, as an administrator would: the new postmaster is not the stack's child. */
function restartPostgresFromOutside(stack: LaunchedStack): { restarted: number; previous: number } {
  const [postgres] = childrenOf(stack.pid).filter((child) => isPostgres(child.command));
  const dbDir = path.join(stack.dataDir, 'db');
  const pgCtl = path.join(path.dirname(postgres.command.split(' ')[0]), 'pg_ctl');
  // PostgreSQL refuses to run as root: run as root, the stack runs it as `postgres`, and so must we.
  const [command, args] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', pgCtl]] : [pgCtl, [] as string[]];
  execFileSync(command, [...args, 'restart', '-D', dbDir, '-m', 'fast', '-w', '-l', path.join(dbDir, 'pg-restart.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  return { restarted: Number(fs.readFileSync(path.join(dbDir, 'postmaster.pid'), 'utf8').split('\n')[0]), previous: postgres.pid };
}

describe('local-supabase supervises its processes', () => {
  it('restarts PostgREST when it dies: /rest/v1 answers 503 with a JSON error meanwhile, then works again', async () => {
    const stack = await launch('postgrest-kill');
    const rest = () => fetch(`${stack.url}/rest/v1/restaurants?select=id&limit=1`, { headers: { apikey: stack.serviceRoleKey } });
    expect((await rest()).status).toBe(200);

    for (const round of [1, 2]) {
      const [postgrest] = childrenOf(stack.pid).filter((child) => isPostgrest(child.command));
      expect(postgrest).toBeDefined();
      process.kill(postgrest.pid, 'SIGKILL');
      await until(
        () => isRunning(postgrest.pid),
        (running) => !running,
        `PostgREST killed (round ${round})`,
      );

      const down = await rest();
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('1');
      expect(await down.json()).toEqual({
        code: 'api_unavailable',
        message: 'L’API REST redémarre ; réessayez dans un instant.',
        details: null,
        hint: null,
      });

      await until(
        async () => (await rest()).status,
        (status) => status === 200,
        `/rest/v1 back after PostgREST was killed (round ${round})`,
      );
      const restarted = childrenOf(stack.pid).filter((child) => isPostgrest(child.command));
      expect(restarted).toHaveLength(1);
      expect(restarted[0].pid).not.toBe(postgrest.pid);
    }
  });

  it('leaves no child behind when killed with SIGKILL: PostgreSQL and PostgREST stop and the ports are free', async () => {
    const stack = await launch('sigkill');
    const children = childrenOf(stack.pid);
    expect(children.filter((child) => isPostgres(child.command))).toHaveLength(1);
    expect(children.filter((child) => isPostgrest(child.command))).toHaveLength(1);

    process.kill(stack.pid, 'SIGKILL');
    await until(
      () => children.filter((child) => isRunning(child.pid)).map((child) => child.command),
      (left) => left.length === 0,
      'every child of the killed stack stopped',
    );
    const ports = Object.values(stack.ports);
    await until(
      () => Promise.all(ports.map(portIsFree)),
      (free) => free.every(Boolean),
      `ports ${ports.join(', ')} free`,
    );
  });

  it('stops the PostgreSQL running when it is killed with SIGKILL, even one restarted from outside (pg_ctl restart)', async () => {
    const stack = await launch('pg-restarted');
    const { restarted, previous } = restartPostgresFromOutside(stack);
    expect(restarted).not.toBe(previous);
    expect(isRunning(restarted)).toBe(true);

    try {
      process.kill(stack.pid, 'SIGKILL');
      await until(
        () => isRunning(restarted),
        (running) => !running,
        'the restarted PostgreSQL stopped',
      );
      await until(
        () => portIsFree(stack.ports.db),
        (free) => free,
        `PostgreSQL's port ${stack.ports.db} free`,
      );
    } finally {
      // Should this fail, the test leaves nothing running either (SIGINT: PostgreSQL's fast shutdown).
      if (isRunning(restarted)) process.kill(restarted, 'SIGINT');
    }
  });

  it('stops, when asked (Ctrl-C), a PostgreSQL restarted from outside (pg_ctl restart) too', async () => {
    const stack = await launch('pg-restarted-stop');
    const { restarted } = restartPostgresFromOutside(stack);
    try {
      // As stack.stop() does, with a bounded wait (a stop that hangs must fail this test, not time it out).
      process.kill(stack.pid, 'SIGINT');
      await until(
        () => isRunning(stack.pid),
        (running) => !running,
        'local-supabase stopped',
      );
      await until(
        () => isRunning(restarted),
        (running) => !running,
        'the restarted PostgreSQL stopped',
      );
      expect(await portIsFree(stack.ports.db)).toBe(true);
    } finally {
      if (isRunning(restarted)) process.kill(restarted, 'SIGINT');
      if (isRunning(stack.pid)) process.kill(stack.pid, 'SIGKILL');
    }
  });
});
