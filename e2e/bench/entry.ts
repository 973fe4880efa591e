/**
 * Entry pages and full loads, in headless Chromium against the composed app. Not a test:
 * it prints four tables, each figure beside its target, the value reported when the targets were set
 * (REPORTED) and the value measured at 8775d1c (BEFORE, below).
 *   1. gzip JavaScript of a first visit (new context, no cache) to /signin, to the accept link page and
 *      to /dashboard (signed in): every script the page downloads until its content shows, plus what
 *      loads until the network has been quiet for a second; each body gzip-compressed by zlib.
 *   2. The accept link page, navigation → 'Réservation acceptée !' (new context each run, no cache),
 *      on localhost and under Chromium's emulation of a phone network (CDP).
 *   3. Full load to data of the four operational screens at 10,000 reservations (bench@tablee.fr),
 *      with the requests of one load and what each data request likely waited for.
 *   4. Copies of react, react-dom, antd and supabase-js in a page that went through the dashboard,
 *      a profile tab and the reservation list.
 *   5. The restaurant's public request page (/demande/{id}, issue 31), navigation → a usable form
 *      ('Envoyer la demande'), on localhost and on the phone network; its first-visit JavaScript is in 1;
 *      and what opening the assistant's chat adds (issue 43).
 *   6. The owner's application on a phone (owner-phone.ts, issue 34): /dashboard and each area's first visit, and screens visited again.
 *   7. The app link of an owner's alert, cold on the phone profile, until its decision buttons show (owner-alert.ts).
 *   8. An open reservation list: a new request's delay to its row, badge and title; one tab's database load (live-list.ts).
 *   9. The customer's own page (/ma-reservation/{token}, issue 44), navigation → usable (its details shown), on
 *      localhost and on the phone network; its first-visit JavaScript is in 1.
 *   pnpm --filter @tablee/e2e bench   (E2E_SKIP_BUILD=1 tsx bench/entry.ts reuses dist/; BENCH_ONLY=request: the request page's figures only; BENCH_ONLY=customer: the customer's page's;
 *   BENCH_ONLY=first: table 1 only; BENCH_ONLY=owner: table 6 only; BENCH_ONLY=screens: table 3's medians only;
 *   BENCH_ONLY=copies: table 4 only; BENCH_ONLY=alert: table 7 only; BENCH_ONLY=live: table 8 only)
 * Elements are found by role and French text (spec strings), never by CSS class.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { loadLargeDataset } from '../../local-supabase/test/large-dataset';
import { COUNT_REACT, ready, signIn, sql } from '../test/browser';
import { E2E_PORTS } from '../test/global-setup';
import { median, RUNS, runBench } from './harness';
import { type Asset, followNetwork, LARGE, moduleOf, pendingRequests, recordAssets } from './measure';
import { liveListTable } from './live-list';
import { ownerAlertTable } from './owner-alert';
import { ownerOnPhoneTable } from './owner-phone';

const TARGET = { signinKb: 250, linkKb: 120, linkMs: 600, screenMs: 500, requestKb: 150, requestPhoneMs: 1500, customerKb: 150, customerPhoneMs: 1500 };
/** The demo's Le Comptoir des Halles: its request page is switched on for the bench (the seed leaves it off). */
const REQUEST_RESTAURANT = '20000000-0000-4000-8000-000000000001';
/** The figures reported when the targets were set, measured on the code before 8775d1c. */
const REPORTED = { label: 'reported before 8775d1c', signinKb: 671, linkMs: 1813, screenMs: 1050, screenWaits: '3 requests in a row' };
/** A phone network for Network.emulateNetworkConditions: 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency (bytes/s). */
const PHONE = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
/** After the content shows, what still loads until the network has been quiet this long counts too. */
const IDLE_MS = 1000;
/** A request "started after" another ended only if it started at least this much later (timer grain, event loop turn). */
const TOLERANCE_MS = 2;

/**
 * Measured on 2026-11-23 at commit 8775d1c (main when this bench was written, the kernel's core
 * already split off) with this file, three times (the third built first). Bytes and copies are deterministic
 * for a build; the timings were taken on a shared 2-core machine while other helpers were building in
 * parallel, so they are noisy: one median of RUNS per bench run in each list. On every screen the
 * restaurant check started after config.json, the status counts after the restaurant check, and the
 * screen's data after the remote's remoteEntry.js or the counts.
 */
const BEFORE = {
  date: '2026-11-23 (8775d1c)',
  firstVisitKb: { signin: 688.7, link: 723.4, dashboard: 688.7 } as Record<string, number>,
  linkMs: [1581, 1521, 2116],
  linkPhoneMs: [14519, 14704, 14696],
  screens: {
    'reservation list': { ms: [1134, 1303, 1237], waits: '3 waits' },
    'reservation detail': { ms: [663, 938, 883], waits: '2 waits' },
    'conversation list': { ms: [1118, 1258, 832], waits: '2 waits' },
    'conversation detail (30 messages)': { ms: [839, 761, 853], waits: '2 waits' },
  } as Record<string, { ms: number[]; waits: string }>,
  copies: 'react 1, react-dom 1, antd 1, supabase-js 1',
};

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const runs = (values: number[]) => (values.length ? values.join(' ; ') : '—');

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function signedInState(browser: Browser, email: string, password: string): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    await signIn(await context.newPage(), ready().url, email, password);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** 1. Scripts of a first visit (a new context: no cache), until the content shows and the network is quiet. */
async function firstVisitScripts(browser: Browser, url: string, content: (page: Page) => Locator, storageState?: StorageState): Promise<Asset[]> {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const network = followNetwork(page);
    const assets = recordAssets(page);
    await page.goto(url);
    await content(page).waitFor();
    await network.quiet(IDLE_MS);
    return (await assets.settled()).filter((a) => a.type === 'script');
  } finally {
    await context.close();
  }
}

/**
 * 2. Navigation → 'Réservation acceptée !' on a new context (no cache), optionally on a phone network;
 * 5. the same to the request page's usable form.
 */
async function linkPageMs(
  browser: Browser,
  url: string,
  phone: boolean,
  content: (page: Page) => Locator = (p) => p.getByText('Réservation acceptée !'),
): Promise<{ ms: number; transferred: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    let transferred = 0;
    if (phone) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', PHONE);
      cdp.on('Network.loadingFinished', (event) => (transferred += event.encodedDataLength));
    }
    const timeout = phone ? 120_000 : 30_000;
    const start = Date.now();
    await page.goto(url, { timeout });
    await content(page).waitFor({ timeout });
    return { ms: Date.now() - start, transferred };
  } finally {
    await context.close();
  }
}

/** A request of one load, in ms since navigation (Resource Timing: the page's own clock). */
interface Timed {
  label: string;
  kind: 'data' | 'remote code' | 'shell code';
  start: number;
  end: number;
}

/**
 * What a full load fetched before its data was on screen: data requests (Supabase /rest/v1 and /auth/v1,
 * the reservation service) and the scripts and manifests of the remotes and of the shell.
 */
async function requestsOfLoad(page: Page, onScreenAt: number): Promise<Timed[]> {
  const app = ready();
  const supabasePort = Number(new URL(app.supabase.url).port);
  const servicePort = Number(new URL(app.reservationService).port);
  const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })));
  const timed: Timed[] = [];
  for (const { url, start, end } of entries) {
    if (start > onScreenAt) continue;
    const u = new URL(url);
    const port = Number(u.port);
    const module = moduleOf(url);
    let kind: Timed['kind'] | undefined;
    let label = '';
    if ((port === supabasePort && /^\/(rest|auth)\/v1\//.test(u.pathname)) || port === servicePort) {
      kind = 'data';
      // Path and parameters, long values cut (a select list or a uuid says no more than its start).
      const params = [...u.searchParams].map(([k, v]) => `${k}=${v.length > 16 ? `${v.slice(0, 14)}…` : v}`).join('&');
      label = `${port === servicePort ? 'service ' : ''}${u.pathname.replace(/^\/rest\/v1\//, '')}${params ? `?${params}` : ''}`;
    } else if (E2E_PORTS[module] && /\.(js|json)$/.test(u.pathname)) {
      kind = module === 'shell' ? 'shell code' : 'remote code';
      label = `${module} ${u.pathname.split('/').pop()}`;
    }
    if (kind) timed.push({ label, kind, start, end });
  }
  return timed.sort((a, b) => a.start - b.start);
}

/**
 * For each data request, the latest-finishing request that ended before it started: the likely thing it
 * waited for. Only a data request or a remote's code counts as a wait (the shell's own code has to run
 * before anything starts).
 */
function waits(requests: Timed[]): { request: Timed; after?: Timed }[] {
  return requests
    .filter((r) => r.kind === 'data')
    .map((request) => {
      const earlier = requests.filter((r) => r !== request && r.end + TOLERANCE_MS <= request.start);
      const after = earlier.reduce<Timed | undefined>((latest, r) => (!latest || r.end > latest.end ? r : latest), undefined);
      return { request, after };
    });
}

const isWait = (w: { after?: Timed }) => w.after !== undefined && w.after.kind !== 'shell code';

interface ScreenResult {
  label: string;
  ms: number[];
  requests: Timed[];
}

/** 3. Full loads (page.goto, warm cache as after a first visit) of the four operational screens. */
async function operationalScreens(browser: Browser): Promise<ScreenResult[]> {
  const app = ready();
  await loadLargeDataset(app.supabase.dbUrl);
  const context = await browser.newContext({ storageState: await signedInState(browser, LARGE.email, LARGE.password) });
  // Resource Timing keeps 250 entries by default; a full load of a federated screen may fetch more.
  await context.addInitScript(() => performance.setResourceTimingBufferSize(5000));
  const page = await context.newPage();
  const base = `${app.url}/restaurants/${LARGE.restaurant}/operational`;
  const screens: [string, string, (p: Page) => Promise<unknown>][] = [
    [
      'reservation list',
      `${base}/reservations`,
      (p) =>
        Promise.all([
          p.getByText(/^\d+ réservation\(s\) — Toutes les réservations$/).waitFor(),
          p
            .getByRole('link', { name: /^R-\d+$/ })
            .first()
            .waitFor(),
        ]),
    ],
    ['reservation detail', `${base}/reservations/R-00001`, (p) => p.getByRole('heading', { name: /Réservation R-00001/ }).waitFor()],
    [
      'conversation list',
      `${base}/conversations`,
      (p) =>
        Promise.all([
          p.getByText(/^Affichage de 1 à 10 sur \d+ conversations$/).waitFor(),
          p
            .getByRole('link', { name: /^Conversation #/ })
            .first()
            .waitFor(),
        ]),
    ],
    ['conversation detail (30 messages)', `${base}/conversations/${LARGE.conversation}`, (p) => p.getByRole('list', { name: 'Messages' }).getByRole('listitem').nth(29).waitFor()],
  ];
  // The first visit, not measured: the runs below are the warm-cache loads this section describes
  // (measured, that cold visit, ~1.3 s, would sit inside the first screen's median).
  await page.goto(screens[0][1]);
  await screens[0][2](page);
  const results: ScreenResult[] = [];
  for (const [label, url, onScreen] of screens) {
    const result: ScreenResult = { label, ms: [], requests: [] };
    for (let i = 0; i < RUNS; i += 1) {
      const network = followNetwork(page);
      const start = Date.now();
      await page.goto(url);
      await onScreen(page);
      result.ms.push(Date.now() - start);
      const onScreenAt = await page.evaluate(() => performance.now());
      await network.quiet(200);
      result.requests = await requestsOfLoad(page, onScreenAt);
      page.removeAllListeners('request');
      page.removeAllListeners('requestfinished');
      page.removeAllListeners('requestfailed');
    }
    results.push(result);
  }
  await context.close();
  return results;
}

/**
 * Strings found in exactly one module of each package, kept by minification (they are string literals;
 * checked in the built chunks of shell/dist and mfe-*\/dist): a script body holding one is one copy of
 * that package in the page, or the same module repeated in another chunk of the same build (one instance,
 * its bytes downloaded twice), which counts too.
 */
const MARKERS: Record<string, string> = {
  // react's Children.only (react.production.js), not in react-dom nor in jsx-runtime.
  react: 'React.Children.only expected to receive a single React element child.',
  // react-dom-client, the renderer (COUNT_REACT counts the renderers that started, printed beside it).
  'react-dom': 'React has blocked a javascript: URL as a security precaution.',
  // antd's default locale (en_US), imported by ConfigProvider and useLocale: in any copy that has its own ConfigProvider.
  antd: 'Click to sort descending',
  // SupabaseClient's constructor: in any copy that can create a client.
  'supabase-js': 'supabaseUrl is required.',
};

/** 4. Copies of each package in one page that went through /dashboard, a profile tab and the reservation list. */
async function copiesInPage(browser: Browser): Promise<{ copies: Record<string, number>; renderers: number }> {
  const context = await browser.newContext({ storageState: await signedInState(browser, 'demo@tablee.fr', 'tablee-demo') });
  try {
    await context.addInitScript(COUNT_REACT);
    const page = await context.newPage();
    const network = followNetwork(page);
    const assets = recordAssets(page);
    await page.goto(`${ready().url}/dashboard`);
    await page.getByRole('link', { name: /Le Comptoir des Halles/ }).click();
    await page.getByLabel('Nom du restaurant').first().waitFor();
    await page.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: 'Réservations', exact: true }).click();
    await page
      .getByRole('link', { name: /^R-\d+$/ })
      .first()
      .waitFor();
    await network.quiet(IDLE_MS);
    const bodies = new Map((await assets.settled()).filter((a) => a.type === 'script').map((a) => [a.url, a.body.toString('utf8')]));
    const copies = Object.fromEntries(Object.entries(MARKERS).map(([pkg, marker]) => [pkg, [...bodies.values()].filter((b) => b.includes(marker)).length]));
    const renderers = await page.evaluate(() => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size);
    return { copies, renderers };
  } finally {
    await context.close();
  }
}

/** 5. The request page, localhost and phone network (the page did not exist before issue 31). */
async function requestPageTable(browser: Browser, requestUrl: string, usableForm: (p: Page) => Locator) {
  const requestLocal: number[] = [];
  const requestPhone: number[] = [];
  let requestBytes = 0;
  for (let i = 0; i < RUNS; i += 1) requestLocal.push((await linkPageMs(browser, requestUrl, false, usableForm)).ms);
  for (let i = 0; i < RUNS; i += 1) {
    const run = await linkPageMs(browser, requestUrl, true, usableForm);
    requestPhone.push(run.ms);
    requestBytes = run.transferred;
  }
  console.log(`\n5. Request page /demande/{id}, navigation → usable form ('Envoyer la demande'), new context each run, no cache, median of ${RUNS}, ms`);
  console.log('| network | median | runs | target | before issue 31 |');
  console.log('|---|---:|---|---|---|');
  console.log(`| localhost | ${median(requestLocal)} | ${runs(requestLocal)} | — | no page |`);
  console.log(
    `| phone (CDP: 1.6 Mbit/s down, 750 kbit/s up, 150 ms) | ${median(requestPhone)} | ${runs(requestPhone)} | ≤ ${TARGET.requestPhoneMs} — ${met(median(requestPhone) <= TARGET.requestPhoneMs)} | no page |`,
  );
  console.log(`(phone run: ${kb(requestBytes)} KB over the wire, as scripts/serve.mjs sends them)`);
  console.log(`(the assistant's chat, opened with 'Discuter avec l’assistant': ${kb(await chatBytes(browser, requestUrl))} KB of gzip JavaScript more; aim ≤ 40, before issue 43: no chat)`);
  return { requestLocal, requestPhone };
}

/** 9. The customer's page, localhost and phone network (the page did not exist before issue 44). */
async function customerPageTable(browser: Browser, pageUrl: string, usable: (p: Page) => Locator) {
  const local: number[] = [];
  const phone: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i += 1) local.push((await linkPageMs(browser, pageUrl, false, usable)).ms);
  for (let i = 0; i < RUNS; i += 1) {
    const run = await linkPageMs(browser, pageUrl, true, usable);
    phone.push(run.ms);
    bytes = run.transferred;
  }
  console.log(`\n9. Customer's page /ma-reservation/{token}, navigation → usable (its details shown), new context each run, no cache, median of ${RUNS}, ms`);
  console.log('| network | median | runs | target | before issue 44 |');
  console.log('|---|---:|---|---|---|');
  console.log(`| localhost | ${median(local)} | ${runs(local)} | — | no page |`);
  console.log(
    `| phone (CDP: 1.6 Mbit/s down, 750 kbit/s up, 150 ms) | ${median(phone)} | ${runs(phone)} | ≤ ${TARGET.customerPhoneMs} — ${met(median(phone) <= TARGET.customerPhoneMs)} | no page |`,
  );
  console.log(`(phone run: ${kb(bytes)} KB over the wire, as scripts/serve.mjs sends them)`);
  return { customerLocal: local, customerPhone: phone };
}

/** What opening the assistant's chat on the request page adds: the gzip JavaScript downloaded after the click. */
async function chatBytes(browser: Browser, requestUrl: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const assets = recordAssets(page);
    await page.goto(requestUrl);
    await page.getByRole('button', { name: 'Envoyer la demande' }).waitFor();
    const before = new Set((await assets.settled()).map((a) => a.url));
    await page.getByRole('button', { name: 'Discuter avec l’assistant' }).click();
    await page.getByLabel('Votre message').waitFor();
    return (await assets.settled()).filter((a) => a.type === 'script' && !before.has(a.url)).reduce((sum, a) => sum + a.gzip, 0);
  } finally {
    await context.close();
  }
}

runBench(async (browser) => {
  const app = ready();
  if (process.env.BENCH_ONLY === 'owner') {
    await ownerOnPhoneTable(browser);
    return;
  }
  if (process.env.BENCH_ONLY === 'alert') {
    await ownerAlertTable(browser);
    return;
  }
  if (process.env.BENCH_ONLY === 'live') {
    await liveListTable(browser);
    return;
  }
  if (process.env.BENCH_ONLY === 'copies') {
    console.log(JSON.stringify(await copiesInPage(browser)));
    return;
  }
  if (process.env.BENCH_ONLY === 'screens') {
    for (const { label, ms } of await operationalScreens(browser)) console.log(`${label}: ${median(ms)} ms median (${runs(ms)})`);
    return;
  }
  // One for the link page of table 1, 2 × RUNS for table 2, the last for the customer's page.
  const pending = await pendingRequests(app.supabase, 2 + 2 * RUNS);
  const linkUrl = ({ numero, code }: { numero: string; code: string }) => `${app.url}/reservations/${numero}/accept/${code}`;
  await sql(
    `insert into public.restaurant_request_pages (restaurant_id, enabled) values ($1, true)
     on conflict (restaurant_id) do update set enabled = true`,
    [REQUEST_RESTAURANT],
  );
  const requestUrl = `${app.url}/demande/${REQUEST_RESTAURANT}`;
  const usableForm = (p: Page) => p.getByRole('button', { name: 'Envoyer la demande' });
  // The customer's page of the first of the bench's requests (pending: the link page of table 1 accepts another one).
  const [{ token }] = await sql<{ token: string }>(
    'select t.token from public.restaurant_reservations r cross join lateral public.customer_page_tokens(array[r.id]) t where r.numero_reservation = $1',
    [pending.at(-1)!.numero],
  );
  const customerUrl = `${app.url}/ma-reservation/${token}`;
  // Usable once its details show (the change form depends on the deadline, which the bench's date does not control).
  const usableCustomerPage = (p: Page) => p.getByRole('heading', { name: 'Détails' });

  // 1. First-visit JavaScript.
  const demo = await signedInState(browser, 'demo@tablee.fr', 'tablee-demo');
  const visits: [string, string, string, (p: Page) => Locator, number | undefined, StorageState | undefined][] = [
    ['signin', '/signin', `${app.url}/signin`, (p) => p.getByRole('button', { name: 'Se connecter' }), TARGET.signinKb, undefined],
    ['link', '/reservations/{numero}/accept/{code}', linkUrl(pending[0]), (p) => p.getByText('Réservation acceptée !'), TARGET.linkKb, undefined],
    ['dashboard', '/dashboard (signed in)', `${app.url}/dashboard`, (p) => p.getByRole('heading', { name: 'Mes Restaurants' }), undefined, demo],
    ['request', '/demande/{restaurantId}', requestUrl, usableForm, TARGET.requestKb, undefined],
    ['customer', '/ma-reservation/{token}', customerUrl, usableCustomerPage, TARGET.customerKb, undefined],
  ];
  const firstVisitKb: Record<string, number> = {};
  const perModule: string[] = [];
  const onlyRequest = process.env.BENCH_ONLY === 'request';
  const onlyCustomer = process.env.BENCH_ONLY === 'customer';
  const onlyFirstVisits = process.env.BENCH_ONLY === 'first';
  if (onlyRequest || onlyCustomer) visits.splice(0, visits.length, ...visits.filter(([key]) => key === (onlyRequest ? 'request' : 'customer')));
  for (const [key, label, url, content, , state] of visits) {
    const scripts = await firstVisitScripts(browser, url, content, state);
    if (process.env.BENCH_FILES) for (const s of scripts) console.log(`${key} ${s.module} ${s.url.split('/').pop()} ${kb(s.gzip)}`);
    firstVisitKb[key] = Number(kb(scripts.reduce((sum, s) => sum + s.gzip, 0)));
    const byModule = new Map<string, number>();
    for (const s of scripts) byModule.set(s.module, (byModule.get(s.module) ?? 0) + s.gzip);
    perModule.push(
      `${label}: ${[...byModule]
        .sort()
        .map(([m, bytes]) => `${m} ${kb(bytes)}`)
        .join(' · ')} (${scripts.length} scripts)`,
    );
  }
  console.log('\n1. First visit (new context, no cache): gzip JavaScript until the content shows + 1 s of quiet network, KB');
  console.log(`| page | gzip JS KB | target | before ${BEFORE.date} | ${REPORTED.label} |`);
  console.log('|---|---:|---|---:|---:|');
  for (const [key, label, , , target] of visits) {
    const value = firstVisitKb[key];
    const goal = target === undefined ? '—' : `≤ ${target} — ${met(value <= target)}`;
    console.log(`| ${label} | ${value.toFixed(1)} | ${goal} | ${BEFORE.firstVisitKb[key] ? BEFORE.firstVisitKb[key].toFixed(1) : '—'} | ${key === 'signin' ? REPORTED.signinKb : '—'} |`);
  }
  for (const line of perModule) console.log(`- ${line}`);

  if (onlyRequest) {
    await requestPageTable(browser, requestUrl, usableForm);
    return;
  }
  if (onlyCustomer) {
    await customerPageTable(browser, customerUrl, usableCustomerPage);
    return;
  }
  if (onlyFirstVisits) return;

  // 2. The link page, localhost and phone network.
  const local: number[] = [];
  const phone: number[] = [];
  let phoneBytes = 0;
  for (let i = 0; i < RUNS; i += 1) local.push((await linkPageMs(browser, linkUrl(pending[1 + i]), false)).ms);
  for (let i = 0; i < RUNS; i += 1) {
    const run = await linkPageMs(browser, linkUrl(pending[1 + RUNS + i]), true);
    phone.push(run.ms);
    phoneBytes = run.transferred;
  }
  console.log(`\n2. Link page, navigation → 'Réservation acceptée !' (new context each run, no cache), median of ${RUNS}, ms`);
  console.log(`| network | median | runs | target | before ${BEFORE.date} (medians) | ${REPORTED.label} |`);
  console.log('|---|---:|---|---|---|---:|');
  console.log(`| localhost | ${median(local)} | ${runs(local)} | ≤ ${TARGET.linkMs} — ${met(median(local) <= TARGET.linkMs)} | ${runs(BEFORE.linkMs)} | ${REPORTED.linkMs} |`);
  console.log(`| phone (CDP: 1.6 Mbit/s down, 750 kbit/s up, 150 ms) | ${median(phone)} | ${runs(phone)} | — | ${runs(BEFORE.linkPhoneMs)} | — |`);
  console.log(`(phone run: ${kb(phoneBytes)} KB over the wire, as scripts/serve.mjs sends them)`);

  const { requestLocal, requestPhone } = await requestPageTable(browser, requestUrl, usableForm);
  const { customerLocal, customerPhone } = await customerPageTable(browser, customerUrl, usableCustomerPage);

  // 4 before 3: it uses the demo account, 3 loads the large dataset.
  const { copies: found, renderers } = await copiesInPage(browser);

  // 3. Operational screens at 10,000 reservations.
  const screens = await operationalScreens(browser);
  console.log(`\n3. Full load (page.goto, warm cache) → data on screen, ${LARGE.email}: 10,000 reservations, median of ${RUNS}, ms`);
  console.log(`| screen | median | runs | target ≤ ${TARGET.screenMs} | data requests | waits | before ${BEFORE.date} (medians; waits) | ${REPORTED.label} |`);
  console.log('|---|---:|---|---|---:|---|---|---|');
  const screenRecord: Record<string, { ms: number; waits: string }> = {};
  for (const { label, ms, requests } of screens) {
    const found = waits(requests).filter(isWait);
    const verdict = found.length ? `${found.length} waits` : 'aucune attente';
    screenRecord[label] = { ms: median(ms), waits: verdict };
    const old = BEFORE.screens[label];
    console.log(
      `| ${label} | ${median(ms)} | ${runs(ms)} | ${met(median(ms) <= TARGET.screenMs)} | ${requests.filter((r) => r.kind === 'data').length} | ${verdict} | ${old ? `${runs(old.ms)} — ${old.waits}` : '—'} | ~${REPORTED.screenMs}, ${REPORTED.screenWaits} |`,
    );
  }
  for (const { label, requests } of screens) {
    console.log(`\n${label}: requests of one full load until the data is on screen (ms since navigation)`);
    console.log('| start | end | kind | request | likely waited for (ended before it started) |');
    console.log('|---:|---:|---|---|---|');
    const byRequest = new Map(waits(requests).map((w) => [w.request, w]));
    // The shell's own scripts and config.json on one row: every load needs them before anything else.
    const shell = requests.filter((r) => r.kind === 'shell code');
    if (shell.length) {
      const from = Math.min(...shell.map((r) => r.start));
      const to = Math.max(...shell.map((r) => r.end));
      console.log(`| ${from.toFixed(0)} | ${to.toFixed(0)} | shell code | ${shell.length} requests (scripts, config.json) |  |`);
    }
    for (const r of requests.filter((q) => q.kind !== 'shell code')) {
      const w = byRequest.get(r);
      const after = w?.after ? `${w.after.kind}: ${w.after.label} (ended ${(r.start - w.after.end).toFixed(0)} ms before)` : r.kind === 'data' ? '—' : '';
      console.log(`| ${r.start.toFixed(0)} | ${r.end.toFixed(0)} | ${r.kind} | ${r.label} | ${after} |`);
    }
    const found = waits(requests).filter(isWait);
    console.log(found.length ? `verdict: ${found.map((w) => `${w.request.label} ← ${w.after!.label}`).join(' ; ')}` : 'verdict: aucune attente');
  }

  // 4. Copies.
  const line = Object.entries(found)
    .map(([pkg, n]) => `${pkg} ${n}`)
    .join(', ');
  console.log('\n4. One page through /dashboard, the Informations tab and the reservation list (demo account)');
  console.log(`copies: ${line} — target 1 each: ${met(Object.values(found).every((n) => n === 1))} (React renderers registered: ${renderers}); before ${BEFORE.date}: ${BEFORE.copies}`);

  // 6. The owner's application on a phone (issue 34).
  await ownerOnPhoneTable(browser);

  // 7. The alert's link; 8. an open list kept up to date.
  await ownerAlertTable(browser);
  await liveListTable(browser);

  // The raw figures, to be copied into BEFORE when the reference is measured again.
  console.log(
    `\nBEFORE-style record: ${JSON.stringify({ firstVisitKb, linkMs: [median(local)], linkPhoneMs: [median(phone)], requestMs: [median(requestLocal)], requestPhoneMs: [median(requestPhone)], customerMs: [median(customerLocal)], customerPhoneMs: [median(customerPhone)], screens: screenRecord, copies: line })}`,
  );
});
