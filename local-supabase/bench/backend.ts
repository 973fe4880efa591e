/**
 * Backend latency through supabase-js, at demo scale and at the large dataset
 * (10,000 reservations, 2,000 conversations × 30 messages). Not a test: it prints a table.
 *   pnpm --filter @tablee/local-supabase bench
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { launchStack, tempDataDir } from '../test/launch';

const RUNS = 40;
const WARMUP = 5;
const TARGET_MS = 50;
const SIGNIN_RUNS = 20;
const NESTED = `*, restaurant_amenities(*), restaurant_contacts(*), restaurant_billing(*), restaurant_cgv(*),
  restaurant_photos(*), restaurant_hours(*), restaurant_arrival_times(*), restaurant_options(*), restaurant_faqs(*),
  restaurant_menus(*, menu_items(*), menu_item_alternatives(*))`;

interface Row {
  operation: string;
  scale: string;
  median: number;
  p95: number;
}

async function time(operation: string, scale: string, call: () => PromiseLike<{ error: unknown }>): Promise<Row> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    const start = performance.now();
    const { error } = await call();
    const elapsed = performance.now() - start;
    if (error) throw new Error(`${operation}: ${JSON.stringify(error)}`);
    if (i >= WARMUP) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  return { operation, scale, median: samples[Math.floor(samples.length / 2)], p95: samples[Math.ceil(samples.length * 0.95) - 1] };
}

async function signedIn(url: string, anonKey: string, email: string, password: string): Promise<SupabaseClient> {
  const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

async function measure(client: SupabaseClient, scale: string): Promise<Row[]> {
  const { data: restaurant } = await client.from('restaurants').select('id').order('created_at').limit(1).single();
  const id = restaurant!.id as string;
  const { data: options } = await client.from('restaurant_options').select('id, title, price, price_type').eq('restaurant_id', id).order('display_order');
  const optionsPayload = (options ?? []).map((o) => ({ id: o.id, title: o.title, price: o.price, priceType: o.price_type }));
  // The columns the list screen reads (RESERVATION_COLUMNS of @tablee/operations-data): owners may not select code_manage, hence not '*'.
  const columns =
    'id, restaurant_id, conversation_id, numero_reservation_restaurateur, numero_reservation, code_reservation, status, is_accepted, customer_name, email, phone_number, selected_menu, total_amount, number_people, children, reservation_date, arrival_time, options, created_at';
  // The list's request when the owner searches: the search function, filtered, ordered and
  // paged by PostgREST; without a search, the table itself (listReservations of @tablee/operations-data).
  const list = (search: string) => client.rpc('search_reservations', { p_restaurant_id: id, p_search: search }, { count: 'exact' }).select(columns).order('created_at', { ascending: false });
  const table = () => client.from('restaurant_reservations').select(columns, { count: 'exact' }).eq('restaurant_id', id).order('created_at', { ascending: false });
  // The planning: one call per view, around the restaurant's median reservation date.
  const { data: middle } = await client.from('restaurant_reservations').select('reservation_date').eq('restaurant_id', id).order('reservation_date').range(5000, 5000);
  const day = new Date(`${middle?.[0]?.reservation_date ?? '2026-11-23'}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  const isoPlus = (days: number) => new Date(day.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const planning = (days: number) => client.rpc('reservation_planning', { p_restaurant_id: id, p_from: isoPlus(0), p_to: isoPlus(days - 1) });
  return [
    await time('planning, a week (the one request of the view)', scale, () => planning(7)),
    await time('planning, a month view of six weeks (the one request of the view)', scale, () => planning(42)),
    await time('restaurant, nested read', scale, () => client.from('restaurants').select(NESTED).eq('id', id).single()),
    await time('reservations, first page of 50 + count', scale, () => table().range(0, 49)),
    await time('reservations, status filter + count', scale, () => table().eq('status', 0).range(0, 49)),
    await time('reservations, search "mar" (name, numbers, e-mail, phone; accents ignored) + count', scale, () => list('mar').range(0, 49)),
    await time('reservations, search "berenice" (accent-free) + count', scale, () => list('berenice').range(0, 49)),
    await time('reservations, search "06 12 34" (a phone) + count', scale, () => list('06 12 34').range(0, 49)),
    await time('reservations, search "marie dupont" (every word, in any column) + count', scale, () => list('marie dupont').range(0, 49)),
    // For comparison, the list's search before eb1ec06, on the name only:
    await time('before eb1ec06: name search, customer_name ILIKE + count', scale, () => table().ilike('customer_name', '%mar%').range(0, 49)),
    await time('conversations, page of 10 + count', scale, () =>
      client.from('conversation_summaries').select('*', { count: 'exact' }).eq('restaurant_id', id).order('updated_at', { ascending: false }).range(0, 9),
    ),
    await time('section save (options rpc)', scale, () => client.rpc('save_restaurant_options', { p_restaurant_id: id, p_options: optionsPayload })),
  ];
}

/**
 * A failed sign-in's time for an account and for an unknown e-mail, interleaved: they should match, since
 * both spend one bcrypt comparison (the unknown one against a dummy hash).
 */
async function failedSignins(url: string, anonKey: string): Promise<{ label: string; median: number; p95: number }[]> {
  const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
  const cases = [
    { label: 'existing account, wrong password', email: 'demo@tablee.fr', samples: [] as number[] },
    { label: 'unknown e-mail', email: 'personne@tablee.fr', samples: [] as number[] },
  ];
  for (let i = 0; i < WARMUP + SIGNIN_RUNS; i += 1) {
    for (const c of cases) {
      const start = performance.now();
      const { error } = await client.auth.signInWithPassword({ email: c.email, password: 'pas-le-bon' });
      if (error?.code !== 'invalid_credentials') throw new Error(`sign-in ${c.label}: ${JSON.stringify(error)}`);
      if (i >= WARMUP) c.samples.push(performance.now() - start);
    }
  }
  return cases.map(({ label, samples }) => {
    samples.sort((a, b) => a - b);
    return { label, median: samples[Math.floor(samples.length / 2)], p95: samples[Math.ceil(samples.length * 0.95) - 1] };
  });
}

async function main() {
  const dataDir = tempDataDir('bench');
  // The failed sign-ins below would trip the default limit of 10 per address.
  const stack = await launchStack({ dataDir, env: { AUTH_MAX_FAILED_SIGNINS: '100000' } });
  try {
    const signins = await failedSignins(stack.url, stack.anonKey);
    console.log(`\nFailed sign-in time (${SIGNIN_RUNS} runs of each, interleaved): the same for an account and an unknown e-mail\n`);
    console.log('| sign-in | median ms | p95 ms |');
    console.log('|---|---:|---:|');
    for (const s of signins) console.log(`| ${s.label} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} |`);

    const rows = await measure(await signedIn(stack.url, stack.anonKey, 'demo@tablee.fr', 'tablee-demo'), 'demo');

    const loadStart = performance.now();
    const db = new pg.Client({ connectionString: stack.dbUrl });
    await db.connect();
    await db.query(fs.readFileSync(fileURLToPath(new URL('../sql/large-dataset.sql', import.meta.url)), 'utf8'));
    await db.query('vacuum analyze');
    await db.end();
    const loadSeconds = (performance.now() - loadStart) / 1000;

    rows.push(...(await measure(await signedIn(stack.url, stack.anonKey, 'bench@tablee.fr', 'tablee-bench'), 'large')));

    console.log(`\nBackend latency through supabase-js (${RUNS} runs after ${WARMUP} warm-up; large dataset loaded in ${loadSeconds.toFixed(1)} s)\n`);
    console.log('| operation | scale | median ms | p95 ms | target |');
    console.log('|---|---|---:|---:|---|');
    for (const r of rows) {
      const verdict = r.scale === 'large' ? (r.median < TARGET_MS ? `ok (< ${TARGET_MS})` : `OVER ${TARGET_MS}`) : '';
      console.log(`| ${r.operation} | ${r.scale} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${verdict} |`);
    }
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
