/**
 * Reservation links and sheets (issue 6), not a test: accept round trip in headless Chromium (link
 * page load to 'Réservation acceptée !') and kitchen / dining-room PDF generation time, median of 5.
 *   pnpm --filter @tablee/e2e bench   (E2E_SKIP_BUILD=1 reuses dist/)
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { ready } from '../test/browser';
import { median, RUNS, runBench } from './harness';

/** RUNS pending copies of the demo reservation TBL-DEMO01, each with its own number and code. */
async function pendingCopies(dbUrl: string): Promise<{ numero: string; code: string }[]> {
  const pg = createRequire(path.resolve(__dirname, '../../local-supabase/package.json'))('pg');
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const copies: { numero: string; code: string }[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const { rows } = await client.query(
        // Columns by name: id, code_manage, status (pending) and is_accepted (generated) take their defaults.
        `insert into public.restaurant_reservations (
           restaurant_id, conversation_id, numero_reservation, numero_reservation_restaurateur, code_reservation,
           customer_name, email, phone_number, selected_menu, selected_menu_id, total_amount, number_people,
           children, reservation_date, arrival_time, options)
         select restaurant_id, conversation_id, $1::text, $2::text, code_reservation,
           customer_name, email, phone_number, selected_menu, selected_menu_id, total_amount, number_people,
           children, reservation_date, arrival_time, options
         from public.restaurant_reservations r where r.numero_reservation = 'TBL-DEMO01'
         returning numero_reservation as numero, code_manage as code`,
        [`TBL-BENCH${i}`, `R-B${i}`],
      );
      copies.push(rows[0]);
    }
    return copies;
  } finally {
    await client.end();
  }
}

runBench(async (browser) => {
  const app = ready() as ReturnType<typeof ready>;
  const copies = await pendingCopies(app.supabase.dbUrl);

  const roundTrips: number[] = [];
  for (const { numero, code } of copies) {
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
    for (const { numero, code } of copies) {
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
