/**
 * Tenancy: many restaurants' users at once, each through Row Level Security. 50 users, each a member of
 * their own restaurant (300 reservations, 20 conversations), beside the large dataset's restaurant
 * (10,000 reservations), run a mix of the app's reads and writes for 30 s, every user one request at a
 * time. Prints each operation's median and p95 and the throughput. Not a test: it prints a table.
 *   pnpm --filter @tablee/local-supabase bench:tenancy   (TENANCY_USERS=50 TENANCY_SECONDS=30)
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { launchStack, tempDataDir } from '../test/launch';

const USERS = Number(process.env.TENANCY_USERS ?? 50);
const SECONDS = Number(process.env.TENANCY_SECONDS ?? 30);
const PASSWORD = 'tablee-tenancy';
const COLUMNS = 'id, restaurant_id, numero_reservation_restaurateur, status, is_accepted, customer_name, email, total_amount, number_people, children, reservation_date, arrival_time, created_at';
const NESTED = `*, restaurant_amenities(*), restaurant_contacts(*), restaurant_billing(*), restaurant_cgv(*),
  restaurant_photos(*), restaurant_hours(*), restaurant_arrival_times(*), restaurant_options(*), restaurant_faqs(*),
  restaurant_menus(*, menu_items(*), menu_item_alternatives(*))`;

/** The tenants: one user and one restaurant each, written as the superuser (a cheap bcrypt cost: sign-in is not measured). */
const TENANTS_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
select '00000000-0000-0000-0000-000000000000', ('c0000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid,
       'authenticated', 'authenticated', 'tenant-' || t || '@bench.tablee.fr',
       extensions.crypt('${PASSWORD}', extensions.gen_salt('bf', 4)), now(), '{"provider":"email","providers":["email"]}', '{}',
       now(), now(), '', '', '', ''
  from generate_series(1, ${USERS}) t;
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email', now(), now(), now()
  from auth.users u where u.email like 'tenant-%@bench.tablee.fr';
-- The creator trigger makes each user their restaurant's owner.
insert into public.restaurants (id, user_id, name, address)
select ('c1000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid, ('c0000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid,
       'Restaurant ' || t, t || ' rue des Mesures, 69001 Lyon'
  from generate_series(1, ${USERS}) t;
insert into public.restaurant_options (restaurant_id, title, price, price_type, display_order)
select r.id, 'Coupe de champagne', 12.5, 'per_person', 0 from public.restaurants r where r.name like 'Restaurant %';
insert into public.conversations (restaurant_id, created_at, updated_at)
select r.id, now() - i * interval '1 day', now() - i * interval '1 day'
  from public.restaurants r, generate_series(1, 20) i where r.name like 'Restaurant %';
insert into public.restaurant_reservations (restaurant_id, numero_reservation_restaurateur, numero_reservation, code_reservation,
  status, customer_name, email, phone_number, selected_menu, total_amount, number_people, children, reservation_date, arrival_time, created_at)
select r.id, 'R-' || lpad(i::text, 5, '0'), 'TEN-' || substr(r.id::text, 25) || '-' || i, upper(substr(md5(r.id::text || i), 1, 6)),
       case when i % 3 = 0 then private.reservation_status('accepted') else private.reservation_status('pending') end,
       'Client ' || i, 'client' || i || '@example.fr', '06 12 34 56 78', 'Menu Brasserie', 35 * (8 + i % 12), 8 + i % 12, 0,
       current_date + 1 + (i % 120) + case when extract(dow from current_date + 1 + (i % 120)) = 0 then 1 else 0 end, '20:00', now() - i * interval '1 hour'
  from public.restaurants r, generate_series(1, 300) i where r.name like 'Restaurant %';
analyze;
`;

interface Tenant {
  client: SupabaseClient;
  restaurantId: string;
  pending: string[];
}

type Operation = { name: string; write: boolean; run: (t: Tenant, i: number) => PromiseLike<{ error: unknown }> };

const monday = (() => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7) + 7);
  return day;
})();
const isoPlus = (days: number) => new Date(monday.getTime() + days * 86_400_000).toISOString().slice(0, 10);

const OPERATIONS: Operation[] = [
  {
    name: 'reservations, first page of 50 + count',
    write: false,
    run: (t) => t.client.from('restaurant_reservations').select(COLUMNS, { count: 'exact' }).eq('restaurant_id', t.restaurantId).order('created_at', { ascending: false }).range(0, 49),
  },
  { name: 'restaurant, nested read', write: false, run: (t) => t.client.from('restaurants').select(NESTED).eq('id', t.restaurantId).single() },
  { name: 'planning, a week', write: false, run: (t) => t.client.rpc('reservation_planning', { p_restaurant_id: t.restaurantId, p_from: isoPlus(0), p_to: isoPlus(6) }) },
  {
    name: 'conversations, page of 10 + count',
    write: false,
    run: (t) => t.client.from('conversation_summaries').select('*', { count: 'exact' }).eq('restaurant_id', t.restaurantId).order('updated_at', { ascending: false }).range(0, 9),
  },
  {
    name: 'reservation history (events of one)',
    write: false,
    run: (t, i) =>
      t.client
        .from('reservation_events')
        .select('*')
        .eq('reservation_id', t.pending[i % t.pending.length]),
  },
  {
    name: 'write: section save (options rpc)',
    write: true,
    run: (t, i) => t.client.rpc('save_restaurant_options', { p_restaurant_id: t.restaurantId, p_options: [{ title: `Coupe de champagne ${i % 7}`, price: 12.5, priceType: 'per_person' }] }),
  },
  {
    name: 'write: reservation note (modify_reservation)',
    write: true,
    run: (t, i) => t.client.rpc('modify_reservation', { p_reservation_id: t.pending[i % t.pending.length], p_changes: { notes: `Note ${i}` } }),
  },
];

async function signedIn(url: string, anonKey: string, email: string): Promise<SupabaseClient> {
  const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return client;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];

async function main() {
  const dataDir = tempDataDir('bench-tenancy');
  const stack = await launchStack({ dataDir, env: { AUTH_MAX_FAILED_SIGNINS: '100000' } });
  try {
    const db = new pg.Client({ connectionString: stack.dbUrl });
    await db.connect();
    try {
      await db.query(fs.readFileSync(fileURLToPath(new URL('../sql/large-dataset.sql', import.meta.url)), 'utf8'));
      await db.query(TENANTS_SQL);
      await db.query('vacuum analyze');
    } finally {
      await db.end();
    }

    const tenants: Tenant[] = [];
    for (let t = 1; t <= USERS; t += 1) {
      const client = await signedIn(stack.url, stack.anonKey, `tenant-${t}@bench.tablee.fr`);
      const restaurantId = `c1000000-0000-4000-8000-${String(t).padStart(12, '0')}`;
      const { data, error } = await client.from('restaurant_reservations').select('id').eq('restaurant_id', restaurantId).eq('status', 0).limit(20);
      if (error || !data?.length) throw new Error(`tenant ${t} sees no reservation: ${JSON.stringify(error)}`);
      tenants.push({ client, restaurantId, pending: data.map((r) => r.id as string) });
    }

    const samples = new Map<string, number[]>(OPERATIONS.map((o) => [o.name, []]));
    let errors = 0;
    let firstError = '';
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      tenants.map(async (tenant, index) => {
        // Each user starts at another point of the mix: reads and writes interleave across users.
        for (let i = index; performance.now() < end; i += 1) {
          const operation = OPERATIONS[i % OPERATIONS.length];
          const start = performance.now();
          const { error } = await operation.run(tenant, i);
          const elapsed = performance.now() - start;
          if (error) {
            errors += 1;
            firstError ||= `${operation.name}: ${JSON.stringify(error)}`;
          } else samples.get(operation.name)!.push(elapsed);
        }
      }),
    );

    let total = 0;
    let writes = 0;
    console.log(`\nTenancy: ${USERS} users × ${SECONDS} s, one request at a time each, mixed reads and writes (beside 10,000 reservations of another restaurant)\n`);
    console.log('| operation | count | median ms | p95 ms |');
    console.log('|---|---:|---:|---:|');
    const all: number[] = [];
    for (const operation of OPERATIONS) {
      const s = samples.get(operation.name)!.sort((a, b) => a - b);
      total += s.length;
      if (operation.write) writes += s.length;
      all.push(...s);
      console.log(`| ${operation.name} | ${s.length} | ${percentile(s, 0.5).toFixed(1)} | ${percentile(s, 0.95).toFixed(1)} |`);
    }
    all.sort((a, b) => a - b);
    console.log(`| **all** (${writes} writes) | ${total} | ${percentile(all, 0.5).toFixed(1)} | ${percentile(all, 0.95).toFixed(1)} |`);
    console.log(`\nThroughput: ${(total / SECONDS).toFixed(0)} requests/s; errors: ${errors}${firstError ? ` (first: ${firstError})` : ''}`);
    if (errors) process.exitCode = 1;
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
