/**
 * A remote redeploys on its own (issue 15, ARCHITECTURE.md 'What is shared'): mfe-restaurant-profile
 * is built a second time from a copy in which one French label of a section form is changed, served
 * on another port, and config.json points at it — the shell is not rebuilt. In one page where the
 * onboarding (which bundles the original section forms) loaded first, the profile tab shows the new
 * label, and the onboarding still shows and saves its own.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, ready, signIn, sql, until, type Ready } from './browser';

const ROOT = path.resolve(__dirname, '../..');
const DEMO = { email: 'demo@tablee.fr', password: 'tablee-demo' };
const OLD_LABEL = 'Nom du restaurant';
const NEW_LABEL = "Nom de l'établissement";

let browser: Browser;
let app: Ready;
let server: ChildProcess | undefined;
let configBefore: string;
// Beside the originals (same depth), so that the copies' pnpm symlinks (relative) still resolve.
const suffix = `redeploy-${process.pid}`;
const sectionsCopy = path.join(ROOT, `sections-${suffix}`);
const profileCopy = path.join(ROOT, `mfe-restaurant-profile-${suffix}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The profile remote built again from copies: the section forms with one label changed. */
function buildChangedProfile(): string {
  fs.cpSync(path.join(ROOT, 'sections'), sectionsCopy, { recursive: true, verbatimSymlinks: true });
  const form = path.join(sectionsCopy, 'src/information/InformationForm.tsx');
  const source = fs.readFileSync(form, 'utf8');
  expect(source).toContain(`label="${OLD_LABEL}"`);
  fs.writeFileSync(form, source.replace(`label="${OLD_LABEL}"`, `label="${NEW_LABEL}"`));

  fs.cpSync(path.join(ROOT, 'mfe-restaurant-profile'), profileCopy, { recursive: true, verbatimSymlinks: true, filter: (from) => path.basename(from) !== 'dist' });
  const link = path.join(profileCopy, 'node_modules/@tablee/sections');
  fs.rmSync(link);
  fs.symlinkSync(path.relative(path.dirname(link), sectionsCopy), link);

  execFileSync(process.execPath, [path.join(profileCopy, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], { cwd: profileCopy, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
  return path.join(profileCopy, 'dist');
}

async function serve(dir: string): Promise<number> {
  const port = await freePort();
  server = spawn(process.execPath, [path.join(ROOT, 'scripts/serve.mjs'), '--dir', dir, '--port', String(port), '--config', app.configFile, '--name', 'mfe-restaurant-profile (redéployé)'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    server!.stdout!.once('data', resolve);
    server!.once('exit', (code) => reject(new Error(`serve.mjs arrêté (${code})`)));
  });
  return port;
}

/** Moves the app's client side to `pathname` without a page load (react-router follows popstate). */
const goInPage = (page: Page, pathname: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);

beforeAll(async () => {
  app = ready();
  configBefore = fs.readFileSync(app.configFile, 'utf8');
  browser = await launchBrowser();
});

afterAll(async () => {
  fs.writeFileSync(app.configFile, configBefore);
  server?.kill('SIGTERM');
  await browser?.close();
  fs.rmSync(sectionsCopy, { recursive: true, force: true });
  fs.rmSync(profileCopy, { recursive: true, force: true });
});

test('a redeployed profile remote shows its own section forms while the onboarding keeps its build', async () => {
  const port = await serve(buildChangedProfile());
  const config = JSON.parse(configBefore);
  config.remotes.mfe_restaurant_profile.entry = `http://localhost:${port}/mf-manifest.json`;
  fs.writeFileSync(app.configFile, JSON.stringify(config));

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, app.url, DEMO.email, DEMO.password);
  // The onboarding first: its bundle of the section forms is the first in the page.
  await page.goto(`${app.url}/onboarding/intro`);
  await page.getByRole('button', { name: 'Démarrer' }).click();
  await page.waitForURL(/\/onboarding\/[0-9a-f-]{36}(\?|$)/);
  const restaurantId = /\/onboarding\/([0-9a-f-]{36})/.exec(page.url())![1];
  await page.getByLabel(OLD_LABEL, { exact: true }).fill('Le Redéployé');
  await page.getByText('✓ Enregistré').waitFor();

  // Then the profile tab, in the same page: the redeployed build, with its label.
  await goInPage(page, `/restaurants/${restaurantId}/information`);
  await page.getByRole('heading', { name: 'Informations du restaurant' }).waitFor();
  await page.getByLabel(NEW_LABEL, { exact: true }).waitFor();
  expect(await page.getByLabel(NEW_LABEL, { exact: true }).inputValue()).toBe('Le Redéployé');
  expect(await page.getByLabel(OLD_LABEL, { exact: true }).count()).toBe(0);

  // Back to the onboarding: still its own label, and it still saves.
  await goInPage(page, `/onboarding/${restaurantId}?etape=information`);
  await page.getByText('Étape 1/6').waitFor();
  await page.getByLabel(OLD_LABEL, { exact: true }).fill('Le Redéployé, bis');
  await until(
    () => sql<{ name: string }>('select name from public.restaurants where id = $1', [restaurantId]),
    (rows) => rows[0]?.name === 'Le Redéployé, bis',
    "le nom enregistré par l'onboarding",
  );
  expect(await page.getByLabel(NEW_LABEL, { exact: true }).count()).toBe(0);
  await context.close();
}, 300_000);
