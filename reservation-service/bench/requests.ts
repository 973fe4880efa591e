/**
 * The chatbot's contract under load: 10 concurrent clients (one restaurant and key each) × 100 requests each to
 * POST /api/restaurants/{id}/requests of a reservation service started here against its own
 * local-supabase (demo data), with the sender writing .eml files. Prints the p95 of the answer and the
 * p95 from the request sent to the restaurant's e-mail written in the outbox. Not a test.
 *   pnpm --filter @tablee/reservation-service bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { withDb } from '@tablee/local-supabase/test/clients';
import { freePort, launchStack, tempDataDir } from '@tablee/local-supabase/test/launch';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const REQUESTS_PER_CLIENT = Number(process.env.BENCH_REQUESTS ?? 100);
const AIM = { answerMs: 100, emailMs: 2000 };
const LYON = '20000000-0000-4000-8000-000000000001';
const localSupabaseDir = path.dirname(createRequire(import.meta.url).resolve('@tablee/local-supabase/package.json'));
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
  let service: ChildProcess | undefined;
  let watcher: fs.FSWatcher | undefined;
  try {
    // The service in its own process, as deployed: the clients' work here does not share its event loop.
    const port = await freePort();
    service = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SUPABASE_URL: stack.url,
        SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
        DATABASE_URL: stack.dbUrl,
        OUTBOX_DIR: outboxDir,
        LOG_LEVEL: 'info',
        REMINDER_INTERVAL_MS: '0',
        ASSISTANT_RATE_LIMIT_MAX: String(CLIENTS * REQUESTS_PER_CLIENT * 2),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      service!.once('exit', (code) => reject(new Error(`reservation-service exited (${code})`)));
      service!.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('reservation-service ready')) resolve();
      });
    });
    const apiUrl = `http://127.0.0.1:${port}/api`;

    const owner = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
    const signedIn = await owner.auth.signInWithPassword({ email: 'demo@tablee.fr', password: 'tablee-demo' });
    if (signedIn.error) throw signedIn.error;
    // One restaurant per client, each with its own key, as a chatbot backend serving several restaurants
    // (copies of the demo restaurant, made as the tests make theirs): a restaurant numbers its requests
    // one at a time (R-0042, R-0043…), and a key is limited to 60 requests a minute anyway.
    const restaurants = await withDb(async (db) => {
      await db.query(fs.readFileSync(path.join(localSupabaseDir, 'test', 'sql', 'copy-restaurant.sql'), 'utf8'));
      const ids: string[] = [];
      for (let c = 0; c < CLIENTS; c += 1) {
        const { rows } = await db.query<{ id: string }>(`select test_fixtures.copy_restaurant($1, r.user_id, $2) as id from public.restaurants r where r.id = $1`, [LYON, `Banc ${c + 1}`]);
        ids.push(rows[0].id);
      }
      return ids;
    }, stack.dbUrl);
    const places = await Promise.all(
      restaurants.map(async (id) => {
        const knowledge = (await owner.rpc('assistant_knowledge', { p_restaurant_id: id })).data as Knowledge;
        const { data: created, error } = await owner.rpc('create_assistant_key', { p_restaurant_id: id });
        if (error) throw error;
        return { id, knowledge, key: (created as { key: string }).key, open: slots(knowledge) };
      }),
    );

    // When each numero's first e-mail lands in the outbox (the restaurant's and the customer's are written by one round).
    const written = new Map<string, number>();
    watcher = fs.watch(outboxDir, (_event, file) => {
      const numero = /(TBL-[A-Z0-9]{8})/.exec(String(file ?? ''))?.[1];
      if (numero && !written.has(numero)) written.set(numero, performance.now());
    });

    /**
     * `clients` clients each sending `perClient` requests, one after the other, at most one every
     * `paceMs` (0: as fast as the answers come). Returns the answer times and the request-to-e-mail times.
     */
    const scenario = async (label: string, perClient: number, paceMs: number) => {
      const answers: number[] = [];
      const sentAt = new Map<string, number>();
      let failures = 0;
      const client = async (c: number) => {
        const { id, knowledge, key, open } = places[c];
        // Paced clients start staggered: a steady flow rather than ten requests at once every paceMs.
        if (paceMs) await new Promise((resolve) => setTimeout(resolve, (c * paceMs) / CLIENTS));
        for (let i = 0; i < perClient; i += 1) {
          const slot = open[(i + written.size) % open.length];
          const menu = knowledge.menus.find((m) => !m.is_children_menu && (slot.service === 'lunch' ? m.available_lunch : m.available_dinner));
          const start = performance.now();
          const response = await fetch(`${apiUrl}/restaurants/${id}/requests`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              external_id: `bench-${label}-${c}-${i}`,
              date: slot.date,
              arrival_time: slot.arrival,
              adults: slot.size,
              ...(menu ? { menu_id: menu.id } : {}),
              customer: { name: `Client ${c}-${i}`, email: `client-${c}-${i}@exemple.fr`, phone: '06 12 34 56 78' },
            }),
          });
          const body = (await response.json()) as { reservation?: { numero: string } };
          const elapsed = performance.now() - start;
          answers.push(elapsed);
          if (response.status !== 201 || !body.reservation) failures += 1;
          else sentAt.set(body.reservation.numero, start);
          if (paceMs > elapsed) await new Promise((resolve) => setTimeout(resolve, paceMs - elapsed));
        }
      };
      const began = performance.now();
      await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
      const seconds = (performance.now() - began) / 1000;

      // Every accepted request's e-mail, told by the watcher (two minutes at most).
      const allWritten = () => [...sentAt.keys()].every((numero) => written.has(numero));
      if (!allWritten()) {
        await new Promise<void>((resolve) => {
          const giveUp = setTimeout(resolve, 120_000);
          const check = () => {
            if (!allWritten()) return;
            clearTimeout(giveUp);
            watcher!.off('change', check);
            resolve();
          };
          watcher!.on('change', check);
        });
      }
      const toEmail = [...sentAt].filter(([numero]) => written.has(numero)).map(([numero, start]) => written.get(numero)! - start);
      return { label, seconds, requests: CLIENTS * perClient, failures, missing: sentAt.size - toEmail.length, answers, toEmail };
    };

    const results = [
      // The issue's measure: 10 clients × 100 requests, each sent as soon as the previous one is answered.
      await scenario('au plus vite', REQUESTS_PER_CLIENT, 0),
      // A steady heavy load: 10 clients each sending a request every 500 ms (20 a second, 72,000 an hour).
      await scenario('20 par seconde', 30, 500),
    ];
    console.log(`\nRequests in: ${CLIENTS} clients against one reservation service, local-supabase and the .eml outbox on this machine\n`);
    console.log('| load | requests | not 201 | answer median ms | answer p95 ms | request → restaurant e-mail median ms | p95 ms |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(
        `| ${r.label} (${r.seconds.toFixed(1)} s) | ${r.requests} | ${r.failures}${r.missing ? ` (+${r.missing} without e-mail)` : ''} | ${median(r.answers).toFixed(0)} | ${p95(r.answers).toFixed(0)} | ${median(r.toEmail).toFixed(0)} | ${p95(r.toEmail).toFixed(0)} |`,
      );
    }
    console.log(
      `\nAim: answer p95 ≤ ${AIM.answerMs} ms, request → e-mail p95 ≤ ${AIM.emailMs} ms. Before: no way in (rows written by hand); the restaurant heard of a request only from the late reminder, after its response time (1 h at best).`,
    );
    await owner.auth.signOut();
  } finally {
    watcher?.close();
    if (service && service.exitCode === null) {
      service.kill('SIGTERM');
      await new Promise((resolve) => service!.once('exit', resolve));
    }
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outboxDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
