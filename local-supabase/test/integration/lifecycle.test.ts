import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { client } from '../clients';
import { freePort, launchStack, tempDataDir, type LaunchedStack } from '../launch';

const repoSupabase = path.resolve(__dirname, '..', '..', '..', 'supabase');

// Stacks of their own: these tests stop, restart and break a stack, which the run's stack must never be.
const started: LaunchedStack[] = [];
const launch = async (...args: Parameters<typeof launchStack>) => {
  const stack = await launchStack(...args);
  started.push(stack);
  return stack;
};
// A failing assertion must not leave a stack running.
afterEach(async () => {
  await Promise.all(started.splice(0).map((stack) => stack.stop()));
});

describe('local-supabase lifecycle', () => {
  it('keeps its data across restarts and applies a new migration exactly once', async () => {
    const dataDir = tempDataDir('restart');
    const supabaseDir = tempDataDir('supabase-copy');
    fs.cpSync(repoSupabase, supabaseDir, { recursive: true });
    const env = { LOCAL_SUPABASE_SUPABASE_DIR: supabaseDir, LOCAL_SUPABASE_SEED: 'false' };
    const ports = { api: await freePort(), db: await freePort(), postgrest: await freePort() };

    const first = await launch({ dataDir, env, ports });
    const originalMigrations = fs.readdirSync(path.join(supabaseDir, 'migrations')).filter((f) => f.endsWith('.sql'));
    expect(first.migrationsApplied).toEqual(originalMigrations.sort());
    const email = `restart-${Date.now()}@test.tablee.fr`;
    expect((await client(first.anonKey, first.url).auth.signUp({ email, password: 'motdepasse' })).error).toBeNull();
    await first.stop();

    fs.writeFileSync(
      path.join(supabaseDir, 'migrations', '29991231000000_restart_probe.sql'),
      'create table public.restart_probe (id int primary key); insert into public.restart_probe values (1);',
    );
    const second = await launch({ dataDir, env, ports });
    expect(second.migrationsApplied).toEqual(['29991231000000_restart_probe.sql']);
    expect(second.anonKey).toBe(first.anonKey);
    const signIn = await client(second.anonKey, second.url).auth.signInWithPassword({ email, password: 'motdepasse' });
    expect(signIn.error).toBeNull();
    await second.stop();

    const third = await launch({ dataDir, env, ports });
    expect(third.migrationsApplied).toEqual([]);
    const probe = await client(third.serviceRoleKey, third.url).from('restart_probe').select('id');
    expect(probe.data).toEqual([{ id: 1 }]);
    await third.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(supabaseDir, { recursive: true, force: true });
  });

  it('says in one French sentence that a port is taken, without a stack trace', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      await expect(launchStack({ dataDir: tempDataDir('busy'), ports: { api: port, db: await freePort(), postgrest: await freePort() } })).rejects.toThrow(
        /Le port \d+ \(API local-supabase\) est déjà utilisé/,
      );
      await launchStack({ dataDir: tempDataDir('busy'), ports: { api: port, db: await freePort(), postgrest: await freePort() } }).catch((err: Error) =>
        expect(err.message).not.toMatch(/\n\s+at /),
      );
    } finally {
      blocker.close();
    }
  });

  it('says clearly when the data directory is unusable', async () => {
    const file = path.join(tempDataDir('file'), 'not-a-directory');
    fs.writeFileSync(file, 'x');
    await expect(launchStack({ dataDir: file })).rejects.toThrow(/Le dossier de données .* est inutilisable/);
  });
});
