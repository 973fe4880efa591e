/**
 * The chatbot's contract under load: 10 concurrent clients × 100 requests each to
 * POST /api/restaurants/{id}/requests of a reservation service started here against its own
 * local-supabase (demo data), with the sender writing .eml files. Prints the p95 of the answer and the
 * p95 from the request sent to the restaurant's e-mail written in the outbox. Not a test.
 *   pnpm --filter @tablee/reservation-service bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { launchStack, tempDataDir } from '@tablee/local-supabase/test/launch';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const CLIENTS = 10;
const REQUESTS_PER_CLIENT = 100;
const AIM = { answerMs: 100, emailMs: 2000 };
const LYON = '20000000-0000-4000-8000-000000000001';
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

interface Knowledge {
  days: { day: string; is_open: boolean; services: { service: string; arrival_times: string[]; group_size: { min: number; max: number } }[] }[];
  menus: { id: string; is_children_menu: boolean; available_lunch: boolean; available_dinner: boolean }[];
}

const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1];
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

/** Every open (date, arrival time, group size) of the next 300 days: the requests cycle through them. */
function slots(knowledge: Knowledge) {
  const found: { date: string; arrival: string; size: number; service: string }[] = [];
  const today = new Date();
  for (let add = 2; add < 300; add += 1) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + add));
    for (const service of knowledge.days.find((d) => d.day === WEEKDAYS[day.getUTCDay()] && d.is_open)?.services ?? []) {
      for (const arrival of service.arrival_times) {
        found.push({ date: day.toISOString().slice(0, 10), arrival, size: Math.min(Math.max(service.group_size.min, 10), service.group_size.max), service: service.service });
      }
    }
  }
  return found;
}

async function main() {
  const dataDir = tempDataDir('bench-requests');
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-bench-outbox-'));
  const stack = await launchStack({ dataDir });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let watcher: fs.FSWatcher | undefined;
  try {
    const config = loadConfig({
      SUPABASE_URL: stack.url,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      DATABASE_URL: stack.dbUrl,
      OUTBOX_DIR: outboxDir,
      LOG_LEVEL: 'warn',
      REMINDER_INTERVAL_MS: '0',
      ASSISTANT_RATE_LIMIT_MAX: String(CLIENTS * REQUESTS_PER_CLIENT * 2),
    });
    app = await buildApp(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;

    const owner = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
    const signedIn = await owner.auth.signInWithPassword({ email: 'demo@tablee.fr', password: 'tablee-demo' });
    if (signedIn.error) throw signedIn.error;
    const knowledge = (await owner.rpc('assistant_knowledge', { p_restaurant_id: LYON })).data as Knowledge;
    const { data: created, error } = await owner.rpc('create_assistant_key', { p_restaurant_id: LYON });
    if (error) throw error;
    const key = (created as { key: string }).key;
    const open = slots(knowledge);

    // When each numero's first e-mail lands in the outbox (the restaurant's and the customer's are written by one round).
    const written = new Map<string, number>();
    watcher = fs.watch(outboxDir, (_event, file) => {
      const numero = /(TBL-[A-Z0-9]{8})/.exec(String(file ?? ''))?.[1];
      if (numero && !written.has(numero)) written.set(numero, performance.now());
    });

    const answers: number[] = [];
    const sentAt = new Map<string, number>();
    let failures = 0;
    const client = async (c: number) => {
      for (let i = 0; i < REQUESTS_PER_CLIENT; i += 1) {
        const slot = open[(c * REQUESTS_PER_CLIENT + i) % open.length];
        const menu = knowledge.menus.find((m) => !m.is_children_menu && (slot.service === 'lunch' ? m.available_lunch : m.available_dinner));
        const start = performance.now();
        const response = await fetch(`${apiUrl}/restaurants/${LYON}/requests`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            external_id: `bench-${c}-${i}`,
            date: slot.date,
            arrival_time: slot.arrival,
            adults: slot.size,
            ...(menu ? { menu_id: menu.id } : {}),
            customer: { name: `Client ${c}-${i}`, email: `client-${c}-${i}@exemple.fr`, phone: '06 12 34 56 78' },
          }),
        });
        const body = (await response.json()) as { reservation?: { numero: string } };
        answers.push(performance.now() - start);
        if (response.status !== 201 || !body.reservation) failures += 1;
        else sentAt.set(body.reservation.numero, start);
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    const sendSeconds = (performance.now() - began) / 1000;

    // Every accepted request's e-mail, told by the watcher (two minutes at most).
    const allWritten = () => [...sentAt.keys()].every((numero) => written.has(numero));
    if (!allWritten()) {
      await new Promise<void>((resolve) => {
        const giveUp = setTimeout(resolve, 120_000);
        watcher!.on('change', () => {
          if (allWritten()) {
            clearTimeout(giveUp);
            resolve();
          }
        });
      });
    }
    const toEmail = [...sentAt].filter(([numero]) => written.has(numero)).map(([numero, start]) => written.get(numero)! - start);

    console.log(
      `\nRequests in: ${CLIENTS} clients × ${REQUESTS_PER_CLIENT} requests in ${sendSeconds.toFixed(1)} s, ${failures} not answered 201, ${sentAt.size - toEmail.length} without an e-mail\n`,
    );
    console.log('| measure | before | median ms | p95 ms | aim |');
    console.log('|---|---|---:|---:|---|');
    console.log(`| answer of POST /requests | no way in | ${median(answers).toFixed(0)} | ${p95(answers).toFixed(0)} | ≤ ${AIM.answerMs} ms |`);
    console.log(
      `| request → restaurant's e-mail in the outbox | only the late reminder (after the response time) | ${median(toEmail).toFixed(0)} | ${p95(toEmail).toFixed(0)} | ≤ ${AIM.emailMs} ms |`,
    );
    await owner.auth.signOut();
  } finally {
    watcher?.close();
    await app?.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outboxDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
