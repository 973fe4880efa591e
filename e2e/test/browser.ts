import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { client as supabaseClient } from '../../local-supabase/test/clients';
import { fillProfile } from '../../local-supabase/test/fixtures';
import { demoCopy, type DemoCopy } from '../../local-supabase/test/seeded';
import { record } from './flight-recorder';
export { until } from '../../local-supabase/test/until';

export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Debian's Chromium (or CHROME_PATH), as it is: the benchmarks measure the application untouched. Missing, it says how to install it. */
export async function launchChromium(extraFlags: string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Chromium introuvable (${executablePath}). Installez-le : sudo apt-get install -y chromium (ou indiquez CHROME_PATH).`);
  }
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: [...CHROME_FLAGS, ...extraFlags] });
}

/** Counts the page's fetches in flight, for settled(): the app's every data request goes through fetch (supabase-js, the reservation API). */
const COUNT_FETCHES = `(() => {
  let inFlight = 0;
  const fetch = window.fetch;
  window.__fetchesInFlight = () => inFlight;
  window.fetch = function (...args) {
    inFlight += 1;
    return fetch.apply(this, args).finally(() => { inFlight -= 1; });
  };
})();`;

/**
 * Chromium for the tests: every context asks for reduced motion (the app then switches antd's motion
 * off, as for any visitor who asks) and counts its fetches, so that settled() can tell a quiet page.
 * It bypasses the pages' Content-Security-Policy, which forbids the inline script axe-core is added
 * as (axeViolations): the policy itself is checked in contexts that keep it (security-headers.test.ts).
 * What its pages do is recorded, and told if the test fails (flight-recorder.ts).
 */
export async function launchBrowser(extraFlags: string[] = []): Promise<Browser> {
  const browser = await launchChromium(extraFlags);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const context = await newContext({ reducedMotion: 'reduce', bypassCSP: true, ...options });
    await context.addInitScript(COUNT_FETCHES);
    record(context);
    return context;
  };
  return browser;
}

export interface Ready {
  url: string;
  supabase: { url: string; anonKey: string; serviceRoleKey: string; dbUrl: string };
  /** Origin of the reservation service (its API is under /api). */
  reservationService: string;
  /** The assistant service's origin (its web chat under /api/chat). */
  assistant: string;
  configFile: string;
  servers: Record<string, { pid: number; port: number }>;
}

/** Where the reservation service writes its .eml files in the e2e run (OUTBOX_DIR of global-setup). */
export function outboxDir(): string {
  return path.join(path.dirname(process.env.E2E_READY_FILE!), 'outbox');
}

/**
 * The customer's e-mails of a decision for one reservation (named …-{numero}-{acceptee|refusee|acompte-recu|annulee}-….eml):
 * not the restaurant's messages (new request, reminder) nor the customer's acknowledgement.
 */
export function emailsFor(numero: string): string[] {
  return outboxFiles(numero, /-(acceptee|refusee|acompte-recu|annulee)-[0-9a-f]{6}\.eml$/);
}

/** The outbox files of one reservation whose name (its message's tag) matches `tag`. */
export function outboxFiles(numero: string, tag: RegExp): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f.includes(`-${numero}-`) && tag.test(f));
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

/** A page of a new browser context that counts React renderers (COUNT_REACT) from its first script. */
export async function pageCountingReact(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(COUNT_REACT);
  return page;
}

export async function signIn(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
}

/** A page of a new browser context, signed in as `owner` on the run's application: a file's usual start. */
export async function signedInPage(browser: Browser, owner: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, ready().url, owner.email, owner.password);
  return page;
}

/** axe-core on the settled page; returns the serious and critical violations. */
export async function seriousViolations(page: Page) {
  await settled(page);
  return axeViolations(page);
}

/**
 * The serious and critical violations of one control while the pointer is on it (hover colours), once
 * its transition has ended: settled pages take the pointer away, so hover states are checked here.
 */
export async function hoveredViolations(page: Page, control: Locator) {
  await control.hover();
  await quiet(page);
  return axeViolations(
    page,
    await control.evaluate((element) => {
      element.setAttribute('data-axe-hovered', '');
      return '[data-axe-hovered]';
    }),
  );
}

async function axeViolations(page: Page, include?: string) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = (await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(context?: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(selector ? { include: [selector] } : document)).violations;
  }, include)) as { id: string; impact: string; nodes: { target: string[] }[] }[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A new owner without a restaurant (signed up through the API, as on /signup), for a test file of its own. */
export async function newOwner(label: string): Promise<{ email: string; password: string }> {
  const app = ready();
  const owner = { email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.fr`, password: 'secret-123' };
  const signUp = await supabaseClient(app.supabase.anonKey, app.supabase.url).auth.signUp(owner);
  if (signUp.error) throw signUp.error;
  return owner;
}

/**
 * A new owner with one restaurant of that name, for a test file of its own: bare unless `complete`,
 * then every section filled as the owner fills them (fillProfile), so that it takes requests.
 */
export async function ownerWithRestaurant(label: string, name: string, options: { complete?: boolean } = {}): Promise<{ email: string; password: string; restaurantId: string }> {
  const app = ready();
  const owner = await newOwner(label);
  const client = supabaseClient(app.supabase.anonKey, app.supabase.url);
  const signIn = await client.auth.signInWithPassword(owner);
  if (signIn.error) throw signIn.error;
  const restaurant = await client.from('restaurants').insert({ name }).select('id').single();
  if (restaurant.error) throw restaurant.error;
  if (options.complete) await fillProfile(client, restaurant.data.id, name);
  await client.auth.signOut();
  return { ...owner, restaurantId: restaurant.data.id };
}

/**
 * A new owner with a copy of both seeded restaurants (Le Comptoir des Halles, La Table de Margaux: the
 * same names unless `names` says otherwise), for a file that needs the demo's profile, photos,
 * conversations or reservations: the seed itself is read-only for tests.
 */
export async function demoOwner(label: string, names: Parameters<typeof demoCopy>[2] = {}): Promise<DemoCopy> {
  const { supabase } = ready();
  return demoCopy({ url: supabase.url, anonKey: supabase.anonKey, serviceRoleKey: supabase.serviceRoleKey, dbUrl: supabase.dbUrl }, label, names);
}

/**
 * Waits for a settled page before a check that reads what is drawn (axe, a screenshot): the pointer
 * away from every control (a hovered button has other colours, and where the last click left it
 * depends on the machine's fonts), no fetch in flight, no animation or transition running (a fading
 * dialog's text fails contrast). Endless animations (a spinner) are left aside: they never end.
 */
export async function settled(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await quiet(page);
}

/** No fetch in flight and no animation or transition running (endless ones, a spinner, never end: left aside). */
function quiet(page: Page) {
  return page.waitForFunction(() => {
    const inFlight = (window as unknown as { __fetchesInFlight?: () => number }).__fetchesInFlight?.() ?? 0;
    const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    return inFlight === 0 && !moving;
  });
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
        for (const [name, versions] of Object.entries(packages))
          if (Object.values(versions).some((v) => v.loaded)) {
            loaded.add(name);
            // antd is shared per component ('antd/es/button', tooling/federation.cjs): any of them is antd.
            if (name.startsWith('antd/')) loaded.add('antd');
          }
    return [...loaded].sort();
  });
}
