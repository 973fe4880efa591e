import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../local-supabase/test/launch';
import { sealSeededData } from '../../local-supabase/test/seeded';
import { startLocalStripe } from '../../local-stripe/src/index';

/** The platform's Stripe keys of the run: local-stripe takes them, and the reservation service gets them (the payments' tests). */
export const E2E_STRIPE = { secretKey: 'sk_test_tablee_e2e_0123456789', webhookSecret: 'whsec_tablee_e2e', clientId: 'ca_tablee_e2e' };

/** Module → port, chosen free at setup (so that several checkouts can run their suites at once). */
export const E2E_PORTS: Record<string, number> = {};
const MODULE_DIRS = ['shell', 'mfe-onboarding', 'mfe-restaurant-profile', 'mfe-operations', 'mfe-public-links'];

/** The test run's application: the demo data is read-only for the tests (each file makes its own owner, or a demoCopy). */
export default async function globalSetup() {
  const ready = await startApplication();
  await sealSeededData(ready.supabase.dbUrl);
}

/**
 * Starts scripts/start.mjs (E2E_SKIP_BUILD=1 reuses the existing dist/ folders), waits for its ready
 * line and writes it where the files read it (E2E_READY_FILE). The benchmarks start it so too, unsealed:
 * they measure the demo account as an owner uses it.
 */
export async function startApplication(): Promise<{ supabase: { dbUrl: string } }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-e2e-'));
  fs.chmodSync(dir, 0o777); // embedded PostgreSQL runs as 'postgres' when the tests run as root
  // Stripe's wire format, served here for the whole run (its Checkout and OAuth pages are what the customer and the owner see).
  const stripe = await startLocalStripe(E2E_STRIPE);
  (globalThis as { __e2eStripe?: { close: () => Promise<void> } }).__e2eStripe = stripe;
  const reservationPort = await freePort();
  stripe.setWebhookUrl(`http://127.0.0.1:${reservationPort}/api/stripe/webhook`);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    LOCAL_SUPABASE_DATA_DIR: path.join(dir, 'data'),
    LOCAL_SUPABASE_PORT: String(await freePort()),
    LOCAL_SUPABASE_DB_PORT: String(await freePort()),
    LOCAL_SUPABASE_POSTGREST_PORT: String(await freePort()),
    LOCAL_SUPABASE_FAST: '1',
    LOCAL_SUPABASE_QUIET: '1',
    TABLEE_RUNTIME_DIR: path.join(dir, 'runtime'),
    RESERVATION_SERVICE_PORT: String(reservationPort),
    STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
    STRIPE_CLIENT_ID: E2E_STRIPE.clientId,
    STRIPE_API_BASE: stripe.url,
    ASSISTANT_PORT: String(await freePort()),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    TABLEE_READY_JSON: '1',
    TABLEE_SKIP_BUILD: process.env.E2E_SKIP_BUILD === '1' ? '1' : '0',
    // Every test signs up its own owners from this one address: the per-address sign-up limit (30 in 5 minutes,
    // tested in local-supabase/test/integration/auth-limits.test.ts) would refuse a suite that grew past it, as
    // the integration run's setup says too.
    AUTH_MAX_SIGNUPS: '100000',
  };
  for (const module of MODULE_DIRS) E2E_PORTS[module] = await freePort();
  for (const [module, port] of Object.entries(E2E_PORTS)) env[`${module.replace(/-/g, '_').toUpperCase()}_PORT`] = String(port);
  const child: ChildProcess = spawn(process.execPath, [path.resolve(__dirname, '../../scripts/start.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Known to globalTeardown from now on, so that a start that fails or times out is stopped too.
  (globalThis as { __e2e?: unknown }).__e2e = { child, dir };
  let output = '';
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the application did not start in time:\n${output}`)), 300_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /TABLEE_READY (.+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(JSON.parse(match[1]));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`scripts/start.mjs exited with ${code}:\n${output}`));
    });
  });
  fs.writeFileSync(path.join(dir, 'ready.json'), JSON.stringify(ready));
  process.env.E2E_READY_FILE = path.join(dir, 'ready.json');
  return ready as { supabase: { dbUrl: string } };
}
