import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export default async function globalTeardown() {
  await (globalThis as { __e2eStripe?: { close: () => Promise<void> } }).__e2eStripe?.close();
  const state = (globalThis as { __e2e?: { child: ChildProcess; dir: string } }).__e2e;
  if (!state) return;
  // Servers a test started in place of one it stopped (app.test.ts), recorded beside ready.json.
  const extra = `${state.dir}/extra-pids`;
  if (fs.existsSync(extra)) {
    for (const pid of fs.readFileSync(extra, 'utf8').split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
  if (state.child.exitCode === null) {
    const exited = new Promise((resolve) => state.child.once('exit', resolve));
    state.child.kill('SIGINT');
    await exited;
  }
  fs.rmSync(state.dir, { recursive: true, force: true });
}
