/** The remotes in the composed application: one React, one Supabase client and one QueryClient, a stopped remote, each remote standalone. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { freePort } from '../../local-supabase/test/launch';
import { serve, serveShell } from './deployments';
import { pageCountingReact, demoOwner, launchBrowser, ready, signIn, sql, until, type Ready } from './browser';

/** This file's owner, with a copy of the demo restaurants (the seed is read-only for tests). */
let OWNER: { email: string; password: string };
let browser: Browser;
let app: Ready;

const newPage = () => pageCountingReact(browser);

const UNAVAILABLE = 'Cette section est momentanément indisponible.';
const KERNEL_VERSION = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../shared/package.json'), 'utf8')) as { version: string }).version;
/** A range no kernel of this major version satisfies: a remote built for the next one. */
const NEXT_KERNEL = `^${Number(KERNEL_VERSION.split('.')[0]) + 1}.0.0`;

/**
 * An HTTP proxy in front of a remote's port: answers 503 to the first `failures[path]` requests of a
 * path, and while `down` drops every connection (a remote that is down); else forwards. `log` lists
 * what it did ('503 /mf-manifest.json', '200 /remoteEntry.js', 'down /mf-manifest.json').
 */
async function flakyProxy(port: number, failures: Record<string, number>) {
  const left = { ...failures };
  const state = { down: false, log: [] as string[] };
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (state.down) {
      state.log.push(`down ${pathname}`);
      req.socket.destroy();
      return;
    }
    if (left[pathname] > 0) {
      left[pathname] -= 1;
      state.log.push(`503 ${pathname}`);
      res.writeHead(503, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' });
      res.end('Service Unavailable');
      return;
    }
    const upstream = http.request({ host: 'localhost', port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      state.log.push(`${answer.statusCode} ${pathname}`);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const proxyPort = await freePort();
  await new Promise<void>((resolve) => server.listen(proxyPort, resolve));
  return Object.assign(state, {
    url: `http://localhost:${proxyPort}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** The owner's restaurants, read from the database. */
const demoRestaurants = () =>
  sql<{ id: string; name: string }>(`select r.id, r.name from public.restaurants r join auth.users u on u.id = r.user_id where u.email = $1 order by r.created_at, r.name`, [OWNER.email]);

beforeAll(async () => {
  app = ready();
  OWNER = await demoOwner('remotes');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('every remote area composes at run time with one React, one Supabase client and one QueryClient', async () => {
  const [first] = await demoRestaurants();
  const page = await newPage();
  await signIn(page, app.url, OWNER.email, OWNER.password);
  const base = `${app.url}/restaurants/${first.id}`;
  await page.goto(base);
  await page.waitForURL(`${base}/information`);
  await page.getByRole('heading', { name: 'Informations du restaurant' }).waitFor();
  for (const [tab, title] of [
    ['Photos', 'Photos du restaurant'],
    ['CGV', 'Conditions Générales de Vente (CGV)'],
    ['Conversations', 'Conversations'],
    ['Réservations', 'Réservations'],
  ] as const) {
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
  await signIn(page, app.url, OWNER.email, OWNER.password);
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
    await until(
      () => addresses.length,
      (n) => n >= 2,
      `une redirection depuis ${from}`,
    );
    expect(addresses[1]).toBe(to);
    // Landed: the page's own effects have run, and nothing moved again.
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    page.off('framenavigated', record);
    expect(addresses).toEqual([from, to]);
  }
  await page.context().close();
});

/**
 * The operations remote behind a proxy that fails on demand (flakyProxy), a shell whose config points
 * at it, and a signed-in page; `run` gets them all and everything is stopped afterwards.
 */
async function withFlakyOperations(
  failures: Record<string, number>,
  run: (setup: { page: Page; shell: { url: string }; proxy: Awaited<ReturnType<typeof flakyProxy>> }) => Promise<void>,
  prepare: (proxy: Awaited<ReturnType<typeof flakyProxy>>, page: Page) => void = () => undefined,
) {
  const proxy = await flakyProxy(app.servers['mfe-operations'].port, failures);
  const shell = await serveShell({ mfe_operations: `${proxy.url}/mf-manifest.json` });
  try {
    const page = await newPage();
    prepare(proxy, page);
    await signIn(page, shell.url, OWNER.email, OWNER.password);
    await run({ page, shell, proxy });
    await page.context().close();
  } finally {
    await shell.stop();
    await proxy.close();
  }
}

test('a manifest and a remote entry that fail once are retried by the runtime: the area loads, with no error shown', async () => {
  const [first] = await demoRestaurants();
  await withFlakyOperations({ '/mf-manifest.json': 1, '/remoteEntry.js': 1 }, async ({ page, shell, proxy }) => {
    await page.goto(`${shell.url}/restaurants/${first.id}/operational/conversations`);
    const heading = page.getByRole('heading', { name: 'Conversations', exact: true });
    // Whichever comes first: the area or the error (an error shown without retrying fails here, not by a timeout).
    await heading.or(page.getByText(UNAVAILABLE)).first().waitFor();
    expect(await page.getByText(UNAVAILABLE).count()).toBe(0);
    expect(await heading.isVisible()).toBe(true);
    // Each failed once (503) and was asked again.
    expect(proxy.log.filter((line) => line.startsWith('503 ')).sort()).toEqual(['503 /mf-manifest.json', '503 /remoteEntry.js']);
    expect(proxy.log).toEqual(expect.arrayContaining(['200 /mf-manifest.json', '200 /remoteEntry.js']));
  });
});

test('a remote that stays down leaves the shell and the other areas working, with a French error and Réessayer that loads it once it is back', async () => {
  const [first] = await demoRestaurants();
  const errors: string[] = [];
  const downWithErrorsRecorded = (proxy: Awaited<ReturnType<typeof flakyProxy>>, page: Page) => {
    proxy.down = true;
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
  };
  await withFlakyOperations(
    {},
    async ({ page, shell, proxy }) => {
      await page.goto(`${shell.url}/restaurants/${first.id}/operational/conversations`);
      await page.getByText(UNAVAILABLE).waitFor();
      await page.getByText("Le module n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.").waitFor();
      // Retried before giving up; then the runtime's fallback module, not an exception caught by the area's error boundary.
      expect(proxy.log.filter((line) => line === 'down /mf-manifest.json').length).toBeGreaterThan(1);
      expect(errors.some((text) => text.includes('un module n’a pas pu être chargé'))).toBe(true);
      expect(errors.filter((text) => text.includes('erreur dans une zone'))).toEqual([]);
      expect(await page.getByRole('navigation', { name: 'Menu du restaurant' }).isVisible()).toBe(true);
      await page.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: 'Menus', exact: true }).click();
      await page.getByRole('heading', { name: 'Menus', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Tableau de bord' }).click();
      await page.getByRole('heading', { name: 'Mes Restaurants' }).waitFor();
      // Back in the area that is down: still the error. The remote comes back: 'Réessayer' loads it without a page reload.
      await page
        .getByRole('link', { name: /Le|La|Restaurant/ })
        .first()
        .click();
      await page.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: 'Conversations', exact: true }).click();
      await page.getByText(UNAVAILABLE).waitFor();
      proxy.down = false;
      await page.getByRole('button', { name: 'Réessayer' }).click();
      await page.getByRole('heading', { name: 'Conversations', exact: true }).waitFor();
      expect(await page.getByText(UNAVAILABLE).count()).toBe(0);
    },
    downWithErrorsRecorded,
  );
});

test('a remote built for another kernel says so in the console and in its area, and the rest of the shell keeps working', async () => {
  const [first] = await demoRestaurants();
  // A copy of the operations remote whose manifest asks for a kernel the page does not have.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-kernel-'));
  fs.cpSync(path.resolve(__dirname, '../../mfe-operations/dist'), copy, { recursive: true });
  const manifestFile = path.join(copy, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { shared: { name: string; requiredVersion: string }[] };
  const kernel = manifest.shared.find((entry) => entry.name === '@tablee/shared')!;
  kernel.requiredVersion = NEXT_KERNEL;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const remote = await serve(copy);
  const shell = await serveShell({ mfe_operations: `${remote.url}/mf-manifest.json` });
  try {
    const page = await newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await signIn(page, shell.url, OWNER.email, OWNER.password);
    await page.goto(`${shell.url}/restaurants/${first.id}/operational/conversations`);
    const incompatible = page.getByText("Ce module n'est pas compatible avec cette version de l'application.");
    // Whichever comes first (a remote loaded regardless of the range fails here, not by a timeout).
    await incompatible
      .or(page.getByRole('heading', { name: 'Conversations', exact: true }))
      .first()
      .waitFor();
    expect(await incompatible.isVisible()).toBe(true);
    const message = page.getByText(/Rechargez la page ; si le problème persiste, le module doit être redéployé\./);
    expect(await message.textContent()).toContain(NEXT_KERNEL);
    expect(await message.textContent()).toContain(KERNEL_VERSION);
    expect(await page.getByRole('button', { name: 'Réessayer' }).isVisible()).toBe(true);
    expect(errors.some((text) => text.includes('mfe_operations') && text.includes(NEXT_KERNEL) && text.includes(KERNEL_VERSION))).toBe(true);
    // The sidebar and another remote's tab still work.
    await page.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: 'Menus', exact: true }).click();
    await page.getByRole('heading', { name: 'Menus', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Tableau de bord' }).click();
    await page.getByRole('heading', { name: 'Mes Restaurants' }).waitFor();
    await page.context().close();
  } finally {
    await shell.stop();
    await remote.stop();
    fs.rmSync(copy, { recursive: true, force: true });
  }
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
      await page.getByLabel('Email').fill(OWNER.email);
      await page.getByLabel('Mot de passe').fill(OWNER.password);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL(`${origin}${route}`);
    }
    await page.getByText(text, { exact: true }).first().waitFor();
    await page.context().close();
  }
});
