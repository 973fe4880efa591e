import { randomUUID } from 'node:crypto';
import { RESERVATION_SOURCE_LABELS, RESERVATION_SOURCES } from '../../domain/src/reservation-sources';
import { anon, newOwner, withDb } from '../../local-supabase/test/clients';
import { must } from '../../local-supabase/test/fixtures';
import { insertReservationsAsSuperuser } from '../../local-supabase/test/reservations';

/**
 * public.export_reservations_csv — the list as filtered, written whole by the database for
 * French spreadsheets: BOM, ';', CRLF, French headers, dd/mm/yyyy, decimal commas, fields quoted, no
 * formula a spreadsheet would run; only the owner's own restaurant.
 */
let owner: Awaited<ReturnType<typeof newOwner>>;
let restaurantId: string;
const HEADER =
  'N° de réservation;Client;Email;Téléphone;Date;Heure;Service;Adultes;Enfants;Menu;Options;Allergies et régimes;Montant total (€);Acompte demandé (€);Montant reçu (€);Statut;Origine;Demande reçue le';
/** The restaurant's terms: an acompte of 30 % of the total. */
const TERMS = { requires_deposit: true, deposit_method: 'acompte', deposit_type: 'percentage', deposit_amount: 30 };

beforeAll(async () => {
  owner = await newOwner('csv');
  ({ id: restaurantId } = await must(owner.client.from('restaurants').insert({ name: 'CSV' }).select('id').single()));
  await must(
    owner.client
      .from('restaurant_billing')
      .upsert({ restaurant_id: restaurantId, ...TERMS }, { onConflict: 'restaurant_id' })
      .select('restaurant_id'),
  );
  const row = (n: string, fields: Record<string, unknown>) => ({
    restaurant_id: restaurantId,
    numero_reservation_restaurateur: n,
    numero_reservation: `CSV-${randomUUID()}`,
    code_reservation: 'CSV',
    number_people: 10,
    children: 0,
    reservation_date: '2026-12-12',
    email: null,
    phone_number: null,
    arrival_time: null,
    selected_menu: null,
    ...fields,
  });
  // Decided statuses, fixed request times (created_at), a name a spreadsheet would run, no contact: rows submit_group_request refuses.
  await insertReservationsAsSuperuser([
    row('R-1', {
      customer_name: 'Dupont; "Léa"',
      email: 'lea@exemple.fr',
      phone_number: '06 12 34 56 78',
      arrival_time: '12:30',
      children: 2,
      selected_menu: 'Menu du marché',
      options: [
        { title: 'Coupe de champagne', price: 10, quantity: 12 },
        { title: 'Gâteau', price: 45, quantity: 1 },
      ],
      dietary_notes: 'Deux sans gluten',
      source: 'web',
      total_amount: 1464.5,
      status: 1,
      created_at: '2026-11-20T22:30:00Z',
    }),
    // Its acompte received (24 € of 80), booked by phone.
    row('R-4', { customer_name: 'Paul Payé', reservation_date: '2027-01-15', total_amount: 80, amount_received_cents: 2400, status: 3, source: 'phone', created_at: '2026-11-19T10:00:00Z' }),
    row('R-2', { customer_name: '=HYPERLINK("http://x")', reservation_date: '2026-12-24', arrival_time: '20:00', total_amount: 80, status: 0, created_at: '2026-11-21T10:00:00Z' }),
    row('R-3', { customer_name: 'Zoé Refus', arrival_time: null, total_amount: 0, status: 2, created_at: '2026-11-22T10:00:00Z' }),
  ]);
});

const csv = async (args: Record<string, unknown> = {}) => must(owner.client.rpc('export_reservations_csv', { p_restaurant_id: restaurantId, ...args })) as Promise<string>;
const lines = (text: string) => text.slice(1).split('\r\n');

test('a file for French spreadsheets: BOM, French header, one line per reservation, newest request first', async () => {
  const text = await csv();
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text.endsWith('\r\n')).toBe(true);
  expect(lines(text)).toEqual([
    HEADER,
    '"R-3";"Zoé Refus";"";"";12/12/2026;;Soir;10;0;"";"";"";0,00;0,00;;Refusée;Assistant;22/11/2026 11:00',
    `"R-2";"'=HYPERLINK(""http://x"")";"";"";24/12/2026;20:00;Soir;10;0;"";"";"";80,00;24,00;;En attente;Assistant;21/11/2026 11:00`,
    '"R-1";"Dupont; ""Léa""";"lea@exemple.fr";"=""06 12 34 56 78""";12/12/2026;12:30;Midi;10;2;"Menu du marché";"Coupe de champagne ×12, Gâteau ×1";"Deux sans gluten";1464,50;439,35;;Acceptée;Site web;20/11/2026 23:30',
    '"R-4";"Paul Payé";"";"";15/01/2027;;Soir;10;0;"";"";"";80,00;24,00;24,00;Acompte reçu;Téléphone;19/11/2026 11:00',
    '',
  ]);
});

test('the origin is the screens’ and the e-mails’: SQL and TypeScript agree (the acompte has one rule, private.deposit_for)', async () => {
  const labels = await withDb(
    async (db) => (await db.query<{ source: string; label: string }>(`select s as source, private.reservation_source_label(s) as label from unnest($1::text[]) s`, [RESERVATION_SOURCES])).rows,
  );
  expect(Object.fromEntries(labels.map((l) => [l.source, l.label]))).toEqual(RESERVATION_SOURCE_LABELS);
});

test('as the list is filtered: status, dates, service, search; the « À traiter » order', async () => {
  expect(lines(await csv({ p_status: 1 })).filter(Boolean)).toHaveLength(2);
  expect(lines(await csv({ p_from: '2026-12-20', p_to: '2026-12-31' }))[1]).toMatch(/^"R-2"/);
  expect(
    lines(await csv({ p_service: 'lunch' }))
      .filter(Boolean)
      .map((l) => l.slice(0, 5)),
  ).toEqual([HEADER.slice(0, 5), '"R-1"']);
  expect(
    lines(await csv({ p_search: 'lea' }))
      .filter(Boolean)
      .map((l) => l.slice(0, 5)),
  ).toEqual([HEADER.slice(0, 5), '"R-1"']);
  expect(lines(await csv({ p_status: 0, p_due_first: true }))[1]).toMatch(/^"R-2"/);
});

test('as a statistic’s link filters the list: the Paris days of reception, any of several statuses, a source', async () => {
  const numbers = async (args: Record<string, unknown>) =>
    lines(await csv(args))
      .filter(Boolean)
      .slice(1)
      .map((l) => l.slice(1, 4))
      .sort();
  // R-1 was received at 23:30 in Paris on the 20th (22:30 UTC), R-2 on the 21st, R-4 on the 19th, R-3 on the 22nd.
  expect(await numbers({ p_received_from: '2026-11-20', p_received_to: '2026-11-21' })).toEqual(['R-1', 'R-2']);
  expect(await numbers({ p_statuses: [2, 3] })).toEqual(['R-3', 'R-4']);
  expect(await numbers({ p_source: 'phone' })).toEqual(['R-4']);
});

test('another owner is refused (403); anonymous cannot call it', async () => {
  const other = await newOwner('csv-other');
  expect(await other.client.rpc('export_reservations_csv', { p_restaurant_id: restaurantId })).toMatchObject({
    status: 403,
    data: null,
    error: { message: 'Accès non autorisé à ce restaurant' },
  });
  expect((await anon().rpc('export_reservations_csv', { p_restaurant_id: restaurantId })).error).not.toBeNull();
});

/**
 * Issue 32, item 15: a formula behind a line break or blanks is neutralised; a phone number is written
 * ="…" so that a spreadsheet shows it as text, exactly as stored (no apostrophe, no lost 0 or +).
 */
test('a formula after a line break is neutralised; phone numbers are text formulas of exactly the number', async () => {
  const other = await newOwner('csv-injection');
  const { id } = await must(other.client.from('restaurants').insert({ name: 'CSV injection' }).select('id').single());
  const names = ["\n=cmd|' /C calc'!A0", '\r\n+1+1', '\n-2', '\n@SUM(A1)', ' =1+1', '\t=1', 'Jean-Marc'];
  const phones = ['+33612345678', '0612345678', '06 12 34 56 78', '+44 (20) 7946-0958', '=1+2', '+33"&A1&"'];
  await insertReservationsAsSuperuser(
    names.map((customer_name, i) => ({
      restaurant_id: id,
      numero_reservation_restaurateur: `I-${i}`,
      numero_reservation: `CSV-${randomUUID()}`,
      code_reservation: 'CSV',
      number_people: 10,
      reservation_date: '2026-12-12',
      customer_name,
      email: null,
      phone_number: phones[i] ?? null,
      arrival_time: null,
      selected_menu: null,
      total_amount: 0,
      status: 0,
      created_at: `2026-11-2${i}T10:00:00Z`,
    })),
  );
  const text = (await must(other.client.rpc('export_reservations_csv', { p_restaurant_id: id }))) as string;
  // The file's own line breaks are CRLF outside quotes; a field's line break stays inside its quotes.
  const fields = [...text.matchAll(/"(I-\d)";("(?:[^"]|"")*");("(?:[^"]|"")*");("(?:[^"]|"")*")/g)].map((m) => ({ n: m[1], name: m[2], phone: m[4] }));
  const byNumber = Object.fromEntries(fields.map((f) => [f.n, f]));
  expect(names.map((_, i) => byNumber[`I-${i}`].name)).toEqual([`"'\n=cmd|' /C calc'!A0"`, `"'\r\n+1+1"`, `"'\n-2"`, `"'\n@SUM(A1)"`, `"' =1+1"`, `"'\t=1"`, '"Jean-Marc"']);
  expect(phones.map((_, i) => byNumber[`I-${i}`].phone)).toEqual(['"=""+33612345678"""', '"=""0612345678"""', '"=""06 12 34 56 78"""', '"=""+44 (20) 7946-0958"""', `"'=1+2"`, `"'+33""&A1&"""`]);
});
