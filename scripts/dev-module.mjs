#!/usr/bin/env node
// `pnpm --filter <module> dev`: that module alone under `rsbuild dev`, against local-supabase (started
// here unless SUPABASE_URL and SUPABASE_ANON_KEY point at a running one). A remote serves its
// standalone bootstrap: the same providers as the shell and a sign-in.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { MODULES, buildConfig, root, rsbuildBin, startLocalSupabase, stopAllOnSignal, writeJson } from './lib.mjs';

const dir = process.argv[2];
const mod = MODULES.find((m) => m.dir === dir);
if (!mod) throw new Error(`module inconnu : ${dir}`);
const children = [];
stopAllOnSignal(() => children);

let stack;
if (process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY) {
  stack = { url: process.env.SUPABASE_URL, anonKey: process.env.SUPABASE_ANON_KEY };
} else {
  const started = await startLocalSupabase();
  children.push(started.child);
  stack = started.stack;
}
writeJson(path.join(root, dir, 'public', 'config.json'), buildConfig(stack));
children.push(spawn(rsbuildBin(dir), ['dev', ...process.argv.slice(3)], { cwd: path.join(root, dir), stdio: 'inherit', env: { ...process.env, PORT: String(mod.port) } }));
console.log(`\n${dir} (autonome) : http://localhost:${mod.port} — demo@tablee.fr / tablee-demo\n`);
