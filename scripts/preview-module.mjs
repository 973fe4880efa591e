#!/usr/bin/env node
// `pnpm --filter <module> preview`: that module built and served alone (its standalone bootstrap),
// against local-supabase (started here unless SUPABASE_URL and SUPABASE_ANON_KEY are given).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { MODULES, buildConfig, root, rsbuildBin, run, startLocalSupabase, stopAllOnSignal, writeJson } from './lib.mjs';

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
if (process.env.TABLEE_SKIP_BUILD !== '1') await run(rsbuildBin(dir), ['build'], { cwd: path.join(root, dir) });
const configFile = path.join(root, '.data', 'runtime', `${dir}.config.json`);
writeJson(configFile, buildConfig(stack));
children.push(spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs'), '--dir', path.join(root, dir, 'dist'), '--port', String(mod.port), '--config', configFile, '--name', dir], { stdio: 'inherit' }));
console.log(`\n${dir} (autonome, construit) : http://localhost:${mod.port} — demo@tablee.fr / tablee-demo\n`);
