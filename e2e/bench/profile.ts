/**
 * Restaurant-profile budgets, in headless Chromium against the composed app at demo scale.
 * Not a test: it prints medians.
 *   - navigation → an editable information tab (the form filled with the stored name, enabled);
 *   - one information save: click → the database function answered → the tab is clean again.
 */
import { ready, signIn } from '../test/browser';
import { median, RUNS, runBench } from './harness';

const RESTAURANT = '20000000-0000-4000-8000-000000000001';
const NAME = 'Le Comptoir des Halles';

runBench(async (browser) => {
  const base = ready().url;
  const page = await (await browser.newContext()).newPage();
  await signIn(page, base, 'demo@tablee.fr', 'tablee-demo');
  const url = `${base}/restaurants/${RESTAURANT}/information`;

  const editable: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = Date.now();
    await page.goto(url);
    await page.waitForFunction((expected) => {
      const input = document.getElementById('name') as HTMLInputElement | null;
      return !!input && input.value === expected && !input.disabled;
    }, NAME);
    editable.push(Date.now() - start);
  }

  const roundTrip: number[] = [];
  const rpc: number[] = [];
  const save = page.getByRole('button', { name: 'Enregistrer les modifications' });
  for (let i = 0; i < RUNS; i += 1) {
    await page.getByLabel('Description').fill(`Bouchon lyonnais — mesure ${i}`);
    const start = Date.now();
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/save_restaurant_information')), save.click()]);
    await page.waitForFunction(() => Array.from(document.querySelectorAll('button')).some((b) => b.textContent === 'Enregistrer les modifications' && b.disabled));
    roundTrip.push(Date.now() - start);
    const timing = response.request().timing();
    rpc.push(timing.responseEnd - timing.requestStart);
    if (!response.ok()) throw new Error(`save failed: ${response.status()}`);
  }

  console.log(`\nRestaurant profile (demo scale), median of ${RUNS}:`);
  console.log('| measure | ms |');
  console.log('|---|---:|');
  console.log(`| navigation → editable information tab | ${median(editable)} |`);
  console.log(`| information save: click → saved, tab clean | ${median(roundTrip)} |`);
  console.log(`| information save: the rpc request alone | ${median(rpc).toFixed(0)} |`);
});
