/** The remotes in the composed application: one React, one Supabase client and one QueryClient, a stopped remote, each remote standalone. */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { COUNT_REACT, launchBrowser, ready, signIn, sql, until, type Ready } from './browser';

const DEMO = { email: 'demo@tablee.fr', password: 'tablee-demo' };
let browser: Browser;
let app: Ready;

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(COUNT_REACT);
  return page;
}

/** Names of the demo owner's seeded restaurants, read from the database. */
const demoRestaurants = () =>
  sql<{ id: string; name: string }>(`select r.id, r.name from public.restaurants r join auth.users u on u.id = r.user_id where u.email = $1 order by r.created_at`, [DEMO.email]);

beforeAll(async () => {
  app = ready();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('every remote area composes at run time with one React, one Supabase client and one QueryClient', async () => {
  const [first] = await demoRestaurants();
  const page = await newPage();
  await signIn(page, app.url, DEMO.email, DEMO.password);
  const base = `${app.url}/restaurants/${first.id}`;
  await page.goto(base);
  await page.waitForURL(`${base}/information`);
  await page.getByRole('heading', { name: 'Informations du restaurant' }).waitFor();
  for (const [tab, title] of [['Photos', 'Photos du restaurant'], ['CGV', 'Conditions Générales de Vente (CGV)'], ['Conversations', 'Conversations'], ['Réservations', 'Réservations']] as const) {
    await page.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: tab, exact: true }).click();
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
  }
  await page.getByRole('link', { name: 'Tableau de bord' }).click();
  await page.getByRole('button', { name: 'Ajouter un restaurant' }).click();
  await page.waitForURL(`${app.url}/onboarding/intro`);
  await page.getByText("Ajout d'un nouveau restaurant").waitFor();
  await page.getByRole('button', { name: 'Démarrer' }).click();
  await page.waitForURL(/\/onboarding\/[0-9a-f-]{36}(\?|$)/);
  await page.getByRole('heading', { name: 'Ajouter un restaurant' }).waitFor();
  await page.getByText('Étape 1/6').waitFor();
  const counts = await page.evaluate(() => ({
    renderers: (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    supabaseClients: (window as unknown as { __TABLEE__?: { supabaseClients: number } }).__TABLEE__?.supabaseClients,
    queryClients: (window as unknown as { __TABLEE__?: { queryClients: number } }).__TABLEE__?.queryClients,
  }));
  expect(counts).toEqual({ renderers: 1, supabaseClients: 1, queryClients: 1 });
  // The public link page is a remote too, without sign-in (an unknown reservation: nothing changes).
  await page.goto(`${app.url}/reservations/R-1/accept/not-a-code`);
  await page.getByText("Échec de l'acceptation").waitFor();
  await page.getByText('Une erreur est survenue').waitFor();
  await page.context().close();
});

test('an unknown address goes to one page of its area, in one redirect (no ever-growing URL)', async () => {
  const [first] = await demoRestaurants();
  const page = await newPage();
  await signIn(page, app.url, DEMO.email, DEMO.password);
  const base = `${app.url}/restaurants/${first.id}`;
  const cases: [from: string, to: string, heading: string][] = [
    [`${base}/foo`, `${base}/information`, 'Informations du restaurant'],
    [`${base}/information/x`, `${base}/information`, 'Informations du restaurant'],
    [`${base}/operational/foo`, `${base}/operational/reservations`, 'Réservations'],
    [`${base}/operational/conversations/${randomUUID()}/x`, `${base}/operational/conversations`, 'Conversations'],
    [`${app.url}/onboarding/foo/bar`, `${app.url}/onboarding/intro`, 'Bienvenue sur Tablée'],
  ];
  for (const [from, to, heading] of cases) {
    // Every address the tab moves to from `from` on, history replacements included (the router also
    // replaces the state of the current one). What came before — a late move of the previous page,
    // such as the sign-in's own redirect — is not this case's.
    const addresses: string[] = [];
    const record = (frame: Frame) => {
      if (frame !== page.mainFrame() || frame.url() === addresses.at(-1)) return;
      if (addresses.length > 0 || frame.url() === from) addresses.push(frame.url());
    };
    page.on('framenavigated', record);
    await page.goto(from);
    await until(() => addresses.length, (n) => n >= 2, `une redirection depuis ${from}`);
    expect(addresses[1]).toBe(to);
    // Landed: the page's own effects have run, and nothing moved again.
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    page.off('framenavigated', record);
    expect(addresses).toEqual([from, to]);
  }
  await page.context().close();
});

test('a stopped remote leaves the shell and the other areas working, with a French error and Réessayer', async () => {
  const [first] = await demoRestaurants();
  const operations = app.servers['mfe-operations'];
  process.kill(operations.pid, 'SIGTERM');
  const manifest = `http://localhost:${operations.port}/mf-manifest.json`;
  await until(() => fetch(manifest).then(() => 'up', () => 'down'), (state) => state === 'down', 'le remote mfe-operations arrêté');
  const page = await newPage();
  await signIn(page, app.url, DEMO.email, DEMO.password);
  await page.goto(`${app.url}/restaurants/${first.id}/operational/conversations`);
  await page.getByText('Cette section est momentanément indisponible.').waitFor();
  expect(await page.getByRole('navigation', { name: 'Menu du restaurant' }).isVisible()).toBe(true);
  await page.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: 'Menus', exact: true }).click();
  await page.getByRole('heading', { name: 'Menus', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Tableau de bord' }).click();
  await page.getByRole('heading', { name: 'Mes Restaurants' }).waitFor();
  // Back in the stopped area: still the error. The remote comes back: 'Réessayer' loads it without a page reload.
  await page.getByRole('link', { name: /Le|La|Restaurant/ }).first().click();
  await page.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: 'Conversations', exact: true }).click();
  await page.getByText('Cette section est momentanément indisponible.').waitFor();
  const server = spawn(process.execPath, [path.resolve(__dirname, '../../scripts/serve.mjs'), '--dir', path.resolve(__dirname, '../../mfe-operations/dist'), '--port', String(operations.port), '--config', app.configFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => server.stdout!.once('data', resolve));
  // The restarted remote serves the rest of the suite (other files need it); global-teardown stops it.
  fs.appendFileSync(path.join(path.dirname(process.env.E2E_READY_FILE!), 'extra-pids'), `${server.pid}\n`);
  server.stdout!.destroy();
  server.unref();
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await page.getByRole('heading', { name: 'Conversations', exact: true }).waitFor();
  await page.context().close();
});

test('each remote loads standalone with a sign-in', async () => {
  const [first] = await demoRestaurants();
  const standalone: [string, string, string][] = [
    ['mfe-onboarding', '/onboarding/intro', 'Bienvenue sur Tablée'],
    ['mfe-restaurant-profile', `/restaurants/${first.id}/faq`, 'Foire Aux Questions'],
    ['mfe-operations', `/restaurants/${first.id}/operational/reservations`, 'Réservations'],
    ['mfe-public-links', '/reservations/R-1/reject/x', 'Échec du refus'],
  ];
  for (const [module, route, text] of standalone) {
    const origin = `http://localhost:${app.servers[module].port}`;
    const page = await newPage();
    await page.goto(`${origin}/`);
    await page.getByRole('heading', { name: `${module} — mode autonome` }).waitFor();
    await page.goto(`${origin}${route}`);
    if (module !== 'mfe-public-links') {
      await page.waitForURL(`${origin}/signin`);
      await page.getByLabel('Email').fill(DEMO.email);
      await page.getByLabel('Mot de passe').fill(DEMO.password);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL(`${origin}${route}`);
    }
    await page.getByText(text, { exact: true }).first().waitFor();
    await page.context().close();
  }
});
