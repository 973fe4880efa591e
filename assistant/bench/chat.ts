/**
 * The engine under load, on a stack of its own (eval/stack.ts: local-supabase with the demo data, the
 * assistant in this process): BENCH_CLIENTS (20) customers at once, each replaying whole booking
 * conversations through the web chat's HTTP API (greeting and request, menu, allergies, name, e-mail,
 * confirmation: a request stored each time), each message sent as soon as the previous one is answered
 * (closed loop), for BENCH_SECONDS (20). Prints the replies measured, their median and p95, and the CPU
 * time per reply. Not a test: it asserts nothing, and stops all it started, Ctrl-C included.
 *
 *   pnpm --filter @tablee/assistant bench
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { parisDayAndTime } from '@tablee/domain/french';
import { menusFor } from '../src/engine/profile';
import { resolvePlaceholders } from '../eval/placeholders';
import { cleanUp, say, startAssistantStack, stopOnSignals, wasInterrupted, type Conversation, type DemoRestaurant } from '../eval/stack';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const AIM_P95_MS = 300;
/**
 * The engine's first version (b16ae6e: the restaurant's knowledge rebuilt and the request checked at
 * every message), measured with this bench at 15:05 UTC on 2026-11-28 with the machine shared (load
 * average 3.8 at the start); before it, no assistant answered at all.
 */
const BEFORE = { replies: '803', perSecond: '39.9', times: '475 ms / 761 ms', requests: '120', ownCpu: '10.2 ms', stackCpu: '28.4 ms' };

const quantile = (samples: number[], q: number) => (samples.length ? [...samples].sort((a, b) => a - b)[Math.max(0, Math.ceil(samples.length * q) - 1)] : NaN);
const ms = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(0)} ms`);

/** The customer's messages of one booking, the n-th of client c: a dinner on one of the next open days, at one of its times. */
function bookingMessages(restaurant: DemoRestaurant, c: number, n: number, today: string): string[] {
  const day = 1 + ((c * 7 + n) % 30);
  const time = n % 3;
  const resolve = (text: string) => resolvePlaceholders(text, restaurant.knowledge, today);
  const menu = menusFor(restaurant.knowledge, 'dinner')[n % 2]?.name ?? 'à la carte';
  return [resolve(`Bonjour, nous serons 12 le {open:dinner:${day}|long} à {time:dinner:${time}|h}`), menu, "pas d'allergie", 'Camille Bench', `bench-${c}-${n}@exemple.fr`, 'oui'];
}

interface Measured {
  replyMs: number[];
  requests: number;
  failures: number;
  firstFailure: string;
}

/** One conversation, message after message; each reply's time measured. */
async function converse(url: string, restaurant: DemoRestaurant, messages: string[], measured: Measured, until: number): Promise<void> {
  let conversation: Conversation | undefined;
  for (const text of messages) {
    if (performance.now() >= until) return;
    const start = performance.now();
    const { status, body } = await say(url, restaurant.id, text, conversation);
    measured.replyMs.push(performance.now() - start);
    if (status !== 200) {
      measured.failures += 1;
      measured.firstFailure ||= `${status} ${JSON.stringify(body).slice(0, 200)}`;
      return;
    }
    conversation ??= { id: body.conversation.id, token: body.conversation.token ?? '' };
    if (body.request) measured.requests += 1;
  }
}

const TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;

/** The CPU time (ms) used so far by local-supabase and its descendants (gateway, PostgREST, PostgreSQL), from /proc. */
function stackCpuMs(stackPid: number): number {
  const procs = new Map<number, { ppid: number; ms: number }>();
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(entry), { ppid: Number(fields[1]), ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND });
    } catch {
      /* gone meanwhile */
    }
  }
  const under = (pid: number): boolean => pid === stackPid || (pid > 1 && procs.has(pid) && under(procs.get(pid)!.ppid));
  return [...procs].filter(([pid]) => under(pid)).reduce((sum, [, p]) => sum + p.ms, 0);
}

const ownCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

async function main(): Promise<void> {
  const commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  const load = os.loadavg()[0];
  const { url, stack, restaurants } = await startAssistantStack('bench-assistant');
  const today = parisDayAndTime(new Date()).day;

  // One conversation first, unmeasured: the code paths compiled, the connections open.
  const warmUp: Measured = { replyMs: [], requests: 0, failures: 0, firstFailure: '' };
  await converse(url, restaurants[0], bookingMessages(restaurants[0], CLIENTS, 0, today), warmUp, Infinity);

  const measured: Measured = { replyMs: [], requests: 0, failures: 0, firstFailure: '' };
  const cpuBefore = { own: ownCpuMs(), stack: stackCpuMs(stack.pid) };
  const began = performance.now();
  const until = began + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const restaurant = restaurants[c % restaurants.length];
      for (let n = 0; performance.now() < until; n += 1) await converse(url, restaurant, bookingMessages(restaurant, c, n, today), measured, until);
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const replies = measured.replyMs.length;
  const cpu = { own: (ownCpuMs() - cpuBefore.own) / replies, stack: (stackCpuMs(stack.pid) - cpuBefore.stack) / replies };

  console.log(`\nThe assistant's engine, on a stack of its own (${commit}, load average ${load.toFixed(1)} at the start, ${os.cpus().length} cores)\n`);
  console.log('| measure | now | aim | before |');
  console.log('|---|---:|---:|---:|');
  console.log(`| ${CLIENTS} conversations at once (closed loop), ${seconds.toFixed(0)} s: replies measured (not 200: ${measured.failures}) | ${replies} | — | ${BEFORE.replies} |`);
  console.log(`| replies per second | ${(replies / seconds).toFixed(1)} | — | ${BEFORE.perSecond} |`);
  console.log(`| reply time, median / p95 | ${ms(quantile(measured.replyMs, 0.5))} / ${ms(quantile(measured.replyMs, 0.95))} | p95 ≤ ${AIM_P95_MS} ms | ${BEFORE.times} |`);
  console.log(`| requests sent (conversations confirmed) | ${measured.requests} | — | ${BEFORE.requests} |`);
  console.log(`| CPU per reply, this process (the assistant and the clients) | ${cpu.own.toFixed(1)} ms | — | ${BEFORE.ownCpu} |`);
  console.log(`| CPU per reply, local-supabase (gateway, PostgREST, PostgreSQL) | ${cpu.stack.toFixed(1)} ms | — | ${BEFORE.stackCpu} |`);
  if (measured.firstFailure) console.log(`\nFirst answer that was not 200: ${measured.firstFailure}`);
}

stopOnSignals();
main()
  .catch((err: unknown) => {
    if (!wasInterrupted()) console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
