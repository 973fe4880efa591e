/**
 * A stack of the test file's own whose PostgreSQL is stopped and started again from outside, as a crash
 * and its restart would: `pg_ctl stop -m immediate` (no shutdown checkpoint: the restart recovers, as
 * after kill -9) then `pg_ctl start` with the options the stack started it with. Its owner has a
 * complete restaurant, which takes requests.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client, withDb } from '../../local-supabase/test/clients';
import { fillProfile } from '../../local-supabase/test/fixtures';
import type { LaunchedStack } from '../../local-supabase/test/launch';
import { childrenOf } from '../../local-supabase/test/processes';
import { ownStacks } from '../../local-supabase/test/stacks';
import { until } from '../../local-supabase/test/until';

export { ownStacks };

const isPostgres = (command: string) => /\/postgres$/.test(command.split(' ')[0]);

/** pg_ctl, run as the user PostgreSQL runs as (`postgres` when the tests run as root). */
function pgCtl(stack: LaunchedStack, args: string[]) {
  const dbDir = path.join(stack.dataDir, 'db');
  const opts = fs.readFileSync(path.join(dbDir, 'postmaster.opts'), 'utf8');
  const binary = opts.trim().split(' ')[0];
  const pgCtlPath = path.join(path.dirname(binary), 'pg_ctl');
  const [command, prefix] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', pgCtlPath]] : [pgCtlPath, [] as string[]];
  execFileSync(command, [...prefix, ...args, '-D', dbDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  return { dbDir, opts, binary };
}

/**
 * Stops the stack's PostgreSQL at once, as a crash would (no shutdown checkpoint, connections cut).
 * The test stacks run with synchronous_commit off (local-supabase's fast mode), which a real database
 * does not: what was committed before the crash is made durable first (CHECKPOINT writes the WAL),
 * so that the restart recovers it as a hosted database would, however loaded the machine.
 */
export async function crashDatabase(stack: LaunchedStack) {
  if (!childrenOf(stack.pid).some((c) => isPostgres(c.command)) && !fs.existsSync(path.join(stack.dataDir, 'db', 'postmaster.pid'))) throw new Error('no PostgreSQL to stop');
  await withDb((db) => db.query('checkpoint'), stack.dbUrl);
  pgCtl(stack, ['stop', '-m', 'immediate', '-w']);
}

/** Starts it again with the options it ran with (postmaster.opts), and waits until it takes connections. */
export async function restartDatabase(stack: LaunchedStack) {
  const dbDir = path.join(stack.dataDir, 'db');
  const opts = fs.readFileSync(path.join(dbDir, 'postmaster.opts'), 'utf8').trim();
  // "<binary>" "-D" "<dir>" "-p" "<port>" …: every option but the binary and the data directory (given to pg_ctl).
  const args = [...opts.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
  const options = args.filter((arg, i) => arg !== '-D' && args[i - 1] !== '-D').map((arg) => (/^[\w-]+$/.test(arg) ? arg : `'${arg}'`));
  pgCtl(stack, ['start', '-w', '-l', path.join(dbDir, 'pg-restart.log'), '-o', options.join(' ')]);
  await until(
    async () => (await fetch(`${stack.url}/rest/v1/restaurants?select=id&limit=1`, { headers: { apikey: stack.serviceRoleKey } })).status,
    (status) => status === 200,
    '/rest/v1 answers again after the restart',
    60,
  );
}

/** An owner on `stack` with a complete restaurant (it takes requests), signed in. */
export async function ownerOnStack(stack: LaunchedStack, label: string): Promise<{ client: SupabaseClient; restaurantId: string; accessToken: string }> {
  const c = client(stack.anonKey, stack.url);
  const email = `${label}-${Date.now()}@test.tablee.fr`;
  const signedUp = await c.auth.signUp({ email, password: 'motdepasse-solide' });
  if (signedUp.error) throw signedUp.error;
  const name = `Restaurant ${label}`;
  const { data, error } = await c.from('restaurants').insert({ name }).select('id').single();
  if (error) throw new Error(error.message);
  await fillProfile(c, data.id as string, name);
  const session = await c.auth.getSession();
  return { client: c, restaurantId: data.id as string, accessToken: session.data.session!.access_token };
}
