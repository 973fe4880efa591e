#!/usr/bin/env node
// `pnpm --filter <module> dev`: that module alone under `rsbuild dev`, against local-supabase (started
// here unless SUPABASE_URL and SUPABASE_ANON_KEY point at a running one). A remote serves its
// standalone bootstrap: the same providers as the shell and a sign-in.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildConfig, root, rsbuildBin, singleModule, stopAllOnSignal, writeJson } from './lib.mjs';

const children = [];
stopAllOnSignal(() => children);
const { mod, stack } = await singleModule(children);
const dir = mod.dir;
writeJson(path.join(root, dir, 'public', 'config.json'), buildConfig(stack));
children.push(spawn(rsbuildBin(dir), ['dev', ...process.argv.slice(3)], { cwd: path.join(root, dir), stdio: 'inherit', env: { ...process.env, PORT: String(mod.port) } }));
console.log(`\n${dir} (autonome) : http://localhost:${mod.port} — demo@tablee.fr / tablee-demo\n`);
