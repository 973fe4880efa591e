import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export default async function globalTeardown() {
  const state = (globalThis as { __e2e?: { child: ChildProcess; dir: string } }).__e2e;
  if (!state) return;
  if (state.child.exitCode === null) {
    const exited = new Promise((resolve) => state.child.once('exit', resolve));
    state.child.kill('SIGINT');
    await exited;
  }
  fs.rmSync(state.dir, { recursive: true, force: true });
}
