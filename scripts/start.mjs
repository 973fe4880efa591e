#!/usr/bin/env node
// `pnpm start`: local-supabase with demo data, the reservation service, every front-end module built and served on its own
// port as a separate deployment, /config.json written from the running stack. Ctrl-C stops everything.
// Env: LOCAL_SUPABASE_* (ports, data dir), SHELL_PORT / MFE_*_PORT, RESERVATION_SERVICE_PORT, ASSISTANT_PORT, SMTP_URL, OUTBOX_DIR, TABLEE_RUNTIME_DIR (where
// config.json goes), TABLEE_SKIP_BUILD=1 (serve the existing dist/), TABLEE_READY_JSON=1 (one
// machine-readable ready line, for the e2e suite).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { MODULES, buildConfig, guardChildren, guarded, root, rsbuildBin, run, startAssistant, startLocalSupabase, startReservationService, stopAllOnSignal, writeJson } from './lib.mjs';

// Even killed with SIGKILL, the launcher leaves nothing running (see guardChildren).
guardChildren();
const children = [];
const stopAll = stopAllOnSignal(() => children);
// A start that fails half-way (a build, a port taken) stops what it had started: nothing is left behind.
process.on('uncaughtException', (error) => {
  console.error(error instanceof Error ? error.message : error);
  void stopAll(1);
});

const runtimeDir = path.resolve(process.env.TABLEE_RUNTIME_DIR || path.join(root, '.data', 'runtime'));
const configFile = path.join(runtimeDir, 'config.json');

const { child: supabase, stack } = await startLocalSupabase();
children.push(supabase);
supabase.once('exit', (code) => {
  console.error(`local-supabase s'est arrêté (code ${code})`);
  process.kill(process.pid, 'SIGTERM');
});

const reservations = await startReservationService(stack);
children.push(reservations.child);
const assistant = await startAssistant(stack);
children.push(assistant.child);

if (process.env.TABLEE_SKIP_BUILD !== '1') {
  // One build at a time (they are CPU-heavy).
  for (const m of MODULES) {
    console.log(`\nConstruction de ${m.dir}…`);
    await run(rsbuildBin(m.dir), ['build'], { cwd: path.join(root, m.dir), env: { ...process.env, NODE_ENV: 'production' } });
  }
}

writeJson(configFile, buildConfig(stack));

const servers = {};
await Promise.all(
  MODULES.map(
    (m) =>
      new Promise((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [path.join(root, 'scripts', 'serve.mjs'), '--dir', path.join(root, m.dir, 'dist'), '--port', String(m.port), '--config', configFile, '--name', m.dir],
          {
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        children.push(guarded(child));
        servers[m.dir] = { pid: child.pid, port: m.port };
        child.stdout.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`${m.dir} : serveur arrêté (code ${code})`)));
      }),
  ),
);

const shellUrl = `http://localhost:${MODULES.find((m) => m.dir === 'shell').port}`;
if (process.env.TABLEE_READY_JSON === '1') {
  console.log(`TABLEE_READY ${JSON.stringify({ url: shellUrl, supabase: stack, reservationService: reservations.url, assistant: assistant.url, configFile, servers })}`);
} else {
  console.log(
    [
      '',
      `Tablée est prête : ${shellUrl}`,
      '  compte de démonstration : demo@tablee.fr / tablee-demo',
      ...MODULES.filter((m) => m.dir !== 'shell').map((m) => `  ${m.dir.padEnd(24)} http://localhost:${m.port}`),
      `  Supabase (local)         ${stack.url}`,
      `  reservation-service      ${reservations.url}/api  (e-mails : .data/outbox/ sans SMTP_URL)`,
      `  assistant                ${assistant.url}/api/chat/{restaurantId}/messages`,
      '  Ctrl-C pour tout arrêter.',
      '',
    ].join('\n'),
  );
}
