#!/usr/bin/env node
// `pnpm --filter <module> preview`: that module built and served alone (its standalone bootstrap),
// against local-supabase (started here unless SUPABASE_URL and SUPABASE_ANON_KEY are given).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildConfig, root, rsbuildBin, run, singleModule, stopAllOnSignal, writeJson } from './lib.mjs';

const children = [];
stopAllOnSignal(() => children);
const { mod, stack } = await singleModule(children);
const dir = mod.dir;
if (process.env.TABLEE_SKIP_BUILD !== '1') await run(rsbuildBin(dir), ['build'], { cwd: path.join(root, dir) });
const configFile = path.join(root, '.data', 'runtime', `${dir}.config.json`);
writeJson(configFile, buildConfig(stack));
children.push(
  spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs'), '--dir', path.join(root, dir, 'dist'), '--port', String(mod.port), '--config', configFile, '--name', dir], {
    stdio: 'inherit',
  }),
);
console.log(`\n${dir} (autonome, construit) : http://localhost:${mod.port} — demo@tablee.fr / tablee-demo\n`);
