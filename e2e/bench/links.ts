/**
 * Reservation links and sheets, not a test: accept round trip in headless Chromium (link
 * page load to 'Réservation acceptée !') and kitchen / dining-room PDF generation time, median of 5.
 *   pnpm --filter @tablee/e2e bench   (E2E_SKIP_BUILD=1 reuses dist/)
 */
import { ready } from '../test/browser';
import { median, RUNS, runBench } from './harness';
import { pendingRequests } from './measure';

runBench(async (browser) => {
  const app = ready() as ReturnType<typeof ready>;
  const pending = await pendingRequests(app.supabase, RUNS);

  const roundTrips: number[] = [];
  for (const { numero, code } of pending) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const start = Date.now();
    await page.goto(`${app.url}/reservations/${numero}/accept/${code}`);
    await page.getByText('Réservation acceptée !').waitFor();
    roundTrips.push(Date.now() - start);
    await context.close();
  }
  console.log(`\nAccept link, median of ${RUNS} (new page, no cache): link page load to 'Réservation acceptée !' ${median(roundTrips)} ms`);

  console.log('\n| sheet | median ms | size KB |');
  console.log('|---|---:|---:|');
  for (const sheet of ['feuille-cuisine', 'feuille-salle']) {
    const times: number[] = [];
    let size = 0;
    for (const { numero, code } of pending) {
      const start = Date.now();
      const response = await fetch(`${app.reservationService}/reservations/${numero}/${sheet}?code=${code}`);
      const body = Buffer.from(await response.arrayBuffer());
      times.push(Date.now() - start);
      if (response.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-') throw new Error(`${sheet}: ${response.status}`);
      size = body.length;
    }
    console.log(`| ${sheet} | ${median(times)} | ${(size / 1024).toFixed(1)} |`);
  }
});
