import fs from 'node:fs';
import net from 'node:net';

/** Linux's view of one process: its parent, its state letter (Z: exited, not yet reaped) and command line. */
function processInfo(pid: number): { ppid: number; state: string; command: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself hold spaces: the fields start after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { ppid: Number(ppid), state, command };
  } catch {
    return undefined;
  }
}

/** The processes whose parent is `pid`, with their command lines. */
export function childrenOf(pid: number): { pid: number; command: string }[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => ({ pid: Number(name), info: processInfo(Number(name)) }))
    .filter(({ info }) => info?.ppid === pid && info.state !== 'Z')
    .map(({ pid: child, info }) => ({ pid: child, command: info!.command }));
}

/** Whether a process still runs (a zombie has ended; it only waits for its parent to reap it). */
export function isRunning(pid: number): boolean {
  const info = processInfo(pid);
  return info !== undefined && info.state !== 'Z';
}

/** Whether this very process (same pid, same command line) still runs: a pid may be reused by another. */
export function stillRuns(child: { pid: number; command: string }): boolean {
  const info = processInfo(child.pid);
  return info !== undefined && info.state !== 'Z' && info.command === child.command;
}

/** Whether nothing listens on the port any more (a listen succeeds). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1' }, () => probe.close(() => resolve(true)));
  });
}
