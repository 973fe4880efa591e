import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { client as supabaseClient } from '../../local-supabase/test/clients';

export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Debian's Chromium (or CHROME_PATH). Missing, the suite fails and says how to install it. */
export async function launchBrowser(extraFlags: string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Chromium introuvable (${executablePath}). Installez-le : sudo apt-get install -y chromium (ou indiquez CHROME_PATH).`);
  }
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: [...CHROME_FLAGS, ...extraFlags] });
}

export interface Ready {
  url: string;
  supabase: { url: string; anonKey: string; serviceRoleKey: string; dbUrl: string };
  /** Origin of the reservation service (its API is under /api). */
  reservationService: string;
  configFile: string;
  servers: Record<string, { pid: number; port: number }>;
}

/** Where the reservation service writes its .eml files in the e2e run (OUTBOX_DIR of global-setup). */
export function outboxDir(): string {
  return path.join(path.dirname(process.env.E2E_READY_FILE!), 'outbox');
}

export function ready(): Ready {
  return JSON.parse(fs.readFileSync(process.env.E2E_READY_FILE!, 'utf8')) as Ready;
}

/** Counts React renderers (one per react-dom copy) through the devtools hook React looks for at start. */
export const COUNT_REACT = `
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(), supportsFiber: true,
    inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
    onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {}, checkDCE() {},
  };
`;

export async function signIn(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
}

/** axe-core in the page; returns the serious and critical violations. */
export async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run()).violations;
  })) as { id: string; impact: string; nodes: { target: string[] }[] }[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A new owner (signed up through the API, as on /signup) with one restaurant of that name, for a test file of its own. */
export async function ownerWithRestaurant(label: string, name: string): Promise<{ email: string; password: string; restaurantId: string }> {
  const app = ready();
  const owner = { email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.fr`, password: 'secret-123' };
  const client = supabaseClient(app.supabase.anonKey, app.supabase.url);
  const signUp = await client.auth.signUp(owner);
  if (signUp.error) throw signUp.error;
  const signIn = await client.auth.signInWithPassword(owner);
  if (signIn.error) throw signIn.error;
  const restaurant = await client.from('restaurants').insert({ name }).select('id').single();
  if (restaurant.error) throw restaurant.error;
  await client.auth.signOut();
  return { ...owner, restaurantId: restaurant.data.id };
}

/**
 * Waits until no CSS animation or transition is running (a dialog that has finished opening): axe
 * reads colours, and a fading dialog's text would fail contrast. Only where nothing loops (no spinner).
 */
export async function motionDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** The truth, read as superuser straight from the e2e run's PostgreSQL (bypasses RLS). */
export async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const pg = createRequire(path.resolve(__dirname, '../../local-supabase/package.json'))('pg');
  const client = new pg.Client({ connectionString: ready().supabase.dbUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Waits until `read()` gives a value that `accept`s, for what no page event announces (a file in the
 * outbox, a server gone): checks again every 100 ms, gives up after `seconds` naming `what`.
 */
export async function until<T>(read: () => Promise<T> | T, accept: (value: T) => boolean, what: string, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`attendu : ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The shared modules (federation singletons) the page has loaded so far, by package name, read from
 * the Module Federation runtime's share registry: what an entry page really pulled, whatever chunk
 * carried it.
 */
export async function loadedSharedModules(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Scopes = Record<string, Record<string, Record<string, { loaded?: boolean }>>>;
    const share = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Scopes> } }).__FEDERATION__?.__SHARE__ ?? {};
    const loaded = new Set<string>();
    for (const scopes of Object.values(share))
      for (const packages of Object.values(scopes))
        for (const [name, versions] of Object.entries(packages)) if (Object.values(versions).some((v) => v.loaded)) loaded.add(name);
    return [...loaded].sort();
  });
}
