/**
 * Issue 32, item 19: the static servers that stand for the CDN send nosniff, a referrer policy and a
 * Content-Security-Policy under which the app, its remote screens, a link page and the customer's
 * request page all render with no violation; only /demande/* may be framed by another site.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Browser, Page, Response } from 'playwright-core';
import { demoOwner, launchBrowser, ready, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Records every CSP violation of the page (its frames included) and every 'Refused to …' console message. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const context = await browser.newContext({ bypassCSP: false });
  const violations: string[] = [];
  await context.exposeBinding('__cspViolation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${location.pathname}`);
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return { page, violations };
}

function expectHeaders(response: Response | null, framed: boolean) {
  const headers = response!.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = headers['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain(framed ? 'frame-ancestors *' : "frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe(framed ? undefined : 'DENY');
}

test('the app, a remote screen, a link page and the request page render with no CSP violation', async () => {
  const app = ready();
  const copy = await demoOwner('csp');
  const restaurantId = copy.restaurants.lyon;
  const { page, violations } = await watchedPage();

  expectHeaders(await page.goto(`${app.url}/signin`), false);
  await signIn(page, app.url, copy.email, copy.password);
  // Remote screens: the profile (mfe_restaurant_profile) and the reservations (mfe_operations).
  expectHeaders(await page.goto(`${app.url}/restaurants/${restaurantId}/information`), false);
  await page.getByRole('heading', { name: 'Informations du restaurant' }).waitFor();
  await page.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: 'Réservations', exact: true }).click();
  await page.getByRole('heading', { name: 'Réservations', exact: true }).waitFor();
  // A link page (mfe_public_links) answering through the reservation service.
  expectHeaders(await page.goto(`${app.url}/reservations/R-1/accept/not-a-code`), false);
  await page.getByText("Échec de l'acceptation").waitFor();
  // The customer's request page.
  expectHeaders(await page.goto(`${app.url}/demande/${restaurantId}`), true);
  await page.getByText('Ce restaurant ne prend pas de demandes en ligne pour le moment.').waitFor();
  await page.screenshot({ path: '/tmp/h9-csp-demande.png' });

  // Every static file answers nosniff too (a remote's manifest).
  const manifest = JSON.parse((await import('node:fs')).readFileSync(app.configFile, 'utf8')).remotes;
  const entry = Object.values(manifest as Record<string, { entry: string } | string>).map((r) => (typeof r === 'string' ? r : r.entry))[0];
  const answer = await fetch(entry);
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');

  expect(violations).toEqual([]);
});

/** A restaurant's own site: a server of its own on 127.0.0.1 (another origin and site than the app's), framing two pages of the app. */
async function restaurantSite(html: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

test('another site may frame the request page, and no other page', async () => {
  const app = ready();
  const copy = await demoOwner('csp-frame');
  const restaurantId = copy.restaurants.lyon;
  const site = await restaurantSite(
    `<!doctype html><title>Chez nous</title><iframe name="demande" src="${app.url}/demande/${restaurantId}"></iframe><iframe name="signin" src="${app.url}/signin"></iframe>`,
  );
  try {
    const page = await (await browser.newContext({ bypassCSP: false })).newPage();
    await page.goto(site.url);
    const demande = page.frame({ name: 'demande' })!;
    await demande.getByText('Ce restaurant ne prend pas de demandes en ligne pour le moment.').waitFor();
    const signin = page.frame({ name: 'signin' })!;
    await expect(signin.getByLabel('Email').waitFor({ timeout: 3000 })).rejects.toThrow();
  } finally {
    site.close();
  }
});

/** One GET with the given Accept-Encoding, the body as sent (not decoded). */
function rawGet(url: string, acceptEncoding: string): Promise<{ encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test('the static server sends brotli to a browser that accepts it, else gzip, else the file as it is (issue 34)', async () => {
  const { url } = ready();
  const html = (await rawGet(`${url}/`, '')).body.toString('utf8');
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const plain = await rawGet(`${url}${script}`, '');
  expect(plain.encoding).toBeUndefined();
  const br = await rawGet(`${url}${script}`, 'gzip, deflate, br, zstd');
  expect(br.encoding).toBe('br');
  expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  const gzip = await rawGet(`${url}${script}`, 'gzip, deflate');
  expect(gzip.encoding).toBe('gzip');
  expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  // Brotli is the smaller: what a phone downloads.
  expect(br.body.length).toBeLessThan(gzip.body.length);
});
