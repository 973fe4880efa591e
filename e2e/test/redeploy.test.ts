/**
 * A remote redeploys on its own (ARCHITECTURE.md 'What is shared'): mfe-restaurant-profile
 * is built a second time from a copy in which one French label of a section form is changed, served
 * on another port, and a deployment of the shell whose config.json points at it shows it — the shell
 * is not rebuilt (the run's own config.json, which the other files load, stays as it is). In one page where the
 * onboarding (which bundles the original section forms) loaded first, the profile tab shows the new
 * label, and the onboarding still shows and saves its own.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newOwner, signIn, sql, until } from './browser';
import { serve, serveShell } from './deployments';

const ROOT = path.resolve(__dirname, '../..');
const OLD_LABEL = 'Nom du restaurant';
const NEW_LABEL = "Nom de l'établissement";

let browser: Browser;
const stops: (() => Promise<void>)[] = [];
// Beside the originals (same depth), so that the copies' pnpm symlinks (relative) still resolve.
const suffix = `redeploy-${process.pid}`;
const sectionsCopy = path.join(ROOT, `sections-${suffix}`);
const profileCopy = path.join(ROOT, `mfe-restaurant-profile-${suffix}`);

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

  execFileSync(process.execPath, [path.join(profileCopy, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], {
    cwd: profileCopy,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return path.join(profileCopy, 'dist');
}

/** Moves the app's client side to `pathname` without a page load (react-router follows popstate). */
const goInPage = (page: Page, pathname: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const stop of stops) await stop();
  await browser?.close();
  fs.rmSync(sectionsCopy, { recursive: true, force: true });
  fs.rmSync(profileCopy, { recursive: true, force: true });
});

test('a redeployed profile remote shows its own section forms while the onboarding keeps its build', async () => {
  const profile = await serve(buildChangedProfile());
  stops.push(profile.stop);
  const shell = await serveShell({ mfe_restaurant_profile: `${profile.url}/mf-manifest.json` });
  stops.unshift(shell.stop);

  const owner = await newOwner('redeploy');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, shell.url, owner.email, owner.password);
  // The onboarding first: its bundle of the section forms is the first in the page.
  await page.goto(`${shell.url}/onboarding/intro`);
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
