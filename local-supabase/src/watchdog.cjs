// The watchdog of orphan-guard.ts (and of scripts/start.mjs): plain CommonJS so that both a tsx
// process and a plain `node` script can run it. It reads, on its standard input (a pipe only its
// parent holds), one JSON object a line:
//   {"op":"watch","pid":123,"signal":"SIGTERM"}            stop this process
//   {"op":"watch","pidFile":"/…/postmaster.pid","signal":"SIGINT"}  stop whatever process that file names
//                                                           when the time comes (read then, not now:
//                                                           the process may have been restarted since)
//   {"op":"forget","pid":123} / {"op":"forget","pidFile":"…"}
// When the pipe closes (the parent exited, however it died), it signals each, waits for them, sends
// SIGKILL to what still runs after the grace period, and exits. It ignores the terminal's signals.
'use strict';
const fs = require('node:fs');

const GRACE_MS = 10000;
const byPid = new Map();
const byFile = new Map();
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

/** The pid on the first line of a pid file (PostgreSQL's postmaster.pid), if the file is there. */
const pidIn = (file) => {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 1 ? pid : undefined;
  } catch {
    return undefined;
  }
};

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) {
    let order;
    try {
      order = JSON.parse(line);
    } catch {
      continue;
    }
    const table = order.pidFile ? byFile : byPid;
    const key = order.pidFile ?? Number(order.pid);
    if (order.op === 'watch') table.set(key, order.signal);
    else table.delete(key);
  }
});

process.stdin.on('close', async () => {
  const targets = new Map(byPid);
  for (const [file, signal] of byFile) {
    const pid = pidIn(file);
    if (pid !== undefined && running(pid)) targets.set(pid, signal);
  }
  for (const [pid, signal] of targets) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + GRACE_MS;
  while ([...targets.keys()].some(running) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const pid of targets.keys()) {
    if (running(pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone in between
      }
    }
  }
  process.exit(0);
});
