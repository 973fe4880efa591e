#!/usr/bin/env node
// `pnpm dev`: like start, with every module under `rsbuild dev` (hot reload) on its own port.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { MODULES, buildConfig, guardChildren, guarded, root, rsbuildBin, startAssistant, startLocalSupabase, startReservationService, stopAllOnSignal, writeJson } from './lib.mjs';

guardChildren();
const children = [];
stopAllOnSignal(() => children);

const { child: supabase, stack } = await startLocalSupabase();
children.push(supabase);
const reservations = await startReservationService(stack);
children.push(reservations.child);
const assistant = await startAssistant(stack);
children.push(assistant.child);
const config = buildConfig(stack);
for (const m of MODULES) {
  // The dev server serves public/ as is; public/config.json is ignored by git.
  writeJson(path.join(root, m.dir, 'public', 'config.json'), config);
  children.push(guarded(spawn(rsbuildBin(m.dir), ['dev'], { cwd: path.join(root, m.dir), stdio: 'inherit', env: { ...process.env, PORT: String(m.port) } })));
}
console.log(`\nTablée (dev) : http://localhost:${MODULES[0].port} — demo@tablee.fr / tablee-demo — Ctrl-C pour tout arrêter.\n`);
