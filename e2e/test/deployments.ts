/** More deployments of the built modules, beside the run's: what the remote-loading tests need. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../local-supabase/test/launch';
import { ready } from './browser';

/** Serves a built folder with scripts/serve.mjs on a free port (one more deployment); `stop` waits for its end. */
export async function serve(dir: string, configFile?: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const args = [path.resolve(__dirname, '../../scripts/serve.mjs'), '--dir', dir, '--port', String(port), ...(configFile ? ['--config', configFile] : [])];
  const server = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    server.stdout!.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`serve.mjs ${dir} : arrêté (code ${code})`)));
  });
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * One more deployment of the built shell, whose config.json is the run's with some remotes' manifest
 * URLs replaced: the run's own config.json (and so the other test files) stay untouched.
 */
export async function serveShell(entries: Record<string, string>) {
  const app = ready();
  const config = JSON.parse(fs.readFileSync(app.configFile, 'utf8')) as { remotes: Record<string, { entry: string }> };
  for (const [name, entry] of Object.entries(entries)) config.remotes[name] = { entry };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-shell-config-'));
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config));
  const server = await serve(path.resolve(__dirname, '../../shell/dist'), path.join(dir, 'config.json'));
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
