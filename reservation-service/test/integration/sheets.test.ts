import { db, ownerWithRestaurant, ownRestaurant, pdfBodySizes, pdfText, post, readRow, startService, submitRequest, writeReservation, type RunningService } from '../helpers';

/**
 * Kitchen and dining-room PDFs, read back with a PDF parser; the reservations are at the file's own copy
 * of Le Comptoir des Halles (Lyon). A sheet is for an accepted or paid reservation, with fixed texts to
 * read back: those rows are written directly (writeReservation), submit_group_request only makes
 * pending requests, on dates within a year, with the totals it computes.
 */
let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

const sheet = (numero: string, kind: 'feuille-cuisine' | 'feuille-salle', code: string) => fetch(`${service.url}/reservations/${numero}/${kind}?code=${code}`);

async function menuCanut() {
  const { menuCanut: id } = await ownRestaurant();
  const { data, error } = await db().from('restaurant_menus').select('name, menu_items(name), menu_item_alternatives(name, is_vegan)').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data;
}

test('kitchen sheet: customer, date, service and time, covers of each menu, menu items, dietary alternatives, options', async () => {
  // Accepted, with fixed texts (see above): written directly.
  const r = await writeReservation({ status: 1 });
  const res = await sheet(r.numero, 'feuille-cuisine', r.code);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('cache-control')).toBe('no-store');
  const text = await pdfText(Buffer.from(await res.arrayBuffer()));
  // The name of the button that opens it (spec §2).
  expect(text).toContain('Feuille cuisine');
  expect(text).toContain(`Le Comptoir des Halles — Réservation ${r.restaurateur}`);
  expect(text).toContain('Client : Hélène Test');
  expect(text).toContain('Date : samedi 5 décembre 2099');
  expect(text).toContain('Service : Soir');
  expect(text).toContain('Heure d’arrivée : 19:45');
  // Which menu the children take: the restaurant's children's menu.
  expect(text).toContain('Menu Canut : 12 adultes');
  expect(text).toContain('Menu Enfant : 2 enfants');
  expect(text).toContain('Menu : Menu Canut');
  const menu = await menuCanut();
  expect(menu.menu_items.length).toBeGreaterThan(0);
  for (const item of menu.menu_items) expect(text).toContain(item.name);
  expect(menu.menu_item_alternatives.length).toBeGreaterThan(0);
  for (const alt of menu.menu_item_alternatives) expect(text).toContain(alt.name);
  expect(text).toContain('Salade de lentilles vertes du Puy (sans gluten, végan)');
  expect(text).toContain('Apéritif maison × 12');
});

test('kitchen sheet: the allergies and diets come first, prominently; the dining-room sheet prints the internal notes', async () => {
  // Accepted, with notes the owner typed: written directly.
  const r = await writeReservation({ status: 1, dietary_notes: 'Deux sans gluten, une allergie sévère aux arachides', notes: 'Client habitué : table du fond' });
  const kitchen = await pdfText(Buffer.from(await (await sheet(r.numero, 'feuille-cuisine', r.code)).arrayBuffer()));
  expect(kitchen).toContain('ALLERGIES ET RÉGIMES');
  expect(kitchen).toContain('Deux sans gluten, une allergie sévère aux arachides');
  // Before anything else of the reservation.
  expect(kitchen.indexOf('ALLERGIES ET RÉGIMES')).toBeLessThan(kitchen.indexOf('Client : '));
  // Internal notes are the dining room's, not the kitchen's.
  expect(kitchen).not.toContain('table du fond');
  const room = await pdfText(Buffer.from(await (await sheet(r.numero, 'feuille-salle', r.code)).arrayBuffer()));
  expect(room).toContain('Notes internes');
  expect(room).toContain('Client habitué : table du fond');

  // None given: the kitchen is told so, not left to wonder.
  const plain = await writeReservation({ status: 1 });
  const none = await pdfText(Buffer.from(await (await sheet(plain.numero, 'feuille-cuisine', plain.code)).arrayBuffer()));
  expect(none).toContain('Aucune allergie ni régime signalé.');
  expect(await pdfText(Buffer.from(await (await sheet(plain.numero, 'feuille-salle', plain.code)).arrayBuffer()))).toContain('Aucune note.');
});

test('kitchen sheet: the service is the database’s, lunch before 16:00 and dinner from then on', async () => {
  for (const [arrival_time, expected] of [
    ['15:45', 'Service : Midi'],
    ['16:00', 'Service : Soir'],
    [null, 'Service : non précisé'],
  ] as const) {
    // Accepted, at arrival times the restaurant does not offer: written directly.
    const r = await writeReservation({ status: 1, arrival_time });
    const text = await pdfText(Buffer.from(await (await sheet(r.numero, 'feuille-cuisine', r.code)).arrayBuffer()));
    expect(text).toContain(expected);
  }
});

test('dining-room sheet: customer and contact, party, menu, options, total, deposit received and what remains, no management code', async () => {
  // Paid, a round total, fixed texts: written directly.
  const r = await writeReservation({ status: 3, total_amount: 1000 });
  const res = await sheet(r.numero, 'feuille-salle', r.code);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe(`inline; filename="feuille-salle-${r.restaurateur}.pdf"`);
  const text = await pdfText(Buffer.from(await res.arrayBuffer()));
  expect(text).toContain('Feuille salle');
  expect(text).toContain('Nom : Hélène Test');
  expect(text).toContain('Téléphone : 06 11 22 33 44');
  expect(text).toContain('Date : samedi 5 décembre 2099');
  expect(text).toContain('Heure d’arrivée : 19:45');
  expect(text).toContain('Nombre de personnes : 14 personnes (12 adultes et 2 enfants)');
  expect(text).toContain('Menu : Menu Canut');
  expect(text).toContain("Apéritif maison × 12 (6,00 € l'unité)");
  expect(text).toContain('Total : 1 000,00 €');
  // Le Comptoir des Halles: 30 % deposit (arrhes, its CGV saying nothing else), remainder on site.
  expect(text).toContain('Dépôt : arrhes de 30 % du total, soit 300,00 €');
  // Paid ('Acompte reçu'): the acompte is received, only the rest is collected.
  expect(text).toContain('Déjà reçu : 300,00 €');
  expect(text).toContain('Reste à payer : 700,00 €, sur place');
  expect(text).toContain(`Numéro de réservation : ${r.numero}`);
  // The code the customer is told to show on arrival.
  const { code_reservation } = await readRow(r.numero);
  expect(text).toContain(`Code de réservation (présenté par le client) : ${code_reservation as string}`);
  expect(text).toContain('Email : ');
  expect(text).toContain('Statut : Payée');
  // The management code decides the reservation: it is not printed for the room.
  expect(text).not.toContain('Code de gestion');
  expect(text).not.toContain(r.code);
});

test('accepted, not yet paid: nothing received, the whole total remains', async () => {
  // Accepted, a round total: written directly.
  const r = await writeReservation({ status: 1, total_amount: 1000 });
  const text = await pdfText(Buffer.from(await (await sheet(r.numero, 'feuille-salle', r.code)).arrayBuffer()));
  expect(text).toContain('Déjà reçu : 0,00 €');
  expect(text).toContain('Reste à payer : 1 000,00 €, sur place');
});

test('paid with no acompte to take: paid in full, nothing left to collect', async () => {
  const owner = await ownerWithRestaurant('sheet-paid');
  // Paid, at a restaurant without terms (no acompte) on purpose: written directly.
  const r = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, status: 3, total_amount: 1464.5 });
  const text = await pdfText(Buffer.from(await (await sheet(r.numero, 'feuille-salle', r.code)).arrayBuffer()));
  expect(text).toContain('Dépôt : aucun');
  expect(text).toContain('Déjà reçu : 1 464,50 €');
  expect(text).toContain('Reste à payer : 0,00 € — réglé, rien à encaisser');
  expect(text).not.toContain('1 464,50 €, sur place');
});

test('names outside Latin-1 print as written (an embedded Unicode font), in readable type (body ≥ 11 pt)', async () => {
  // Accepted (a sheet exists): written directly.
  const r = await writeReservation({ status: 1, customer_name: 'Łukasz Żółć-Øvrebø' });
  for (const kind of ['feuille-cuisine', 'feuille-salle'] as const) {
    const pdf = Buffer.from(await (await sheet(r.numero, kind, r.code)).arrayBuffer());
    const text = await pdfText(pdf);
    expect(text).toContain('Łukasz Żółć-Øvrebø');
    expect(text).not.toContain('?ukasz');
    const sizes = await pdfBodySizes(pdf);
    expect(sizes.length).toBeGreaterThan(10);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
  }
});

test('a reservation accepted through the API gets its sheets', async () => {
  const r = await submitRequest();
  const accepted = await post(`${service.url}/api/reservations/${r.numero}/accept/${r.code}`);
  const { feuille_salle_url } = await accepted.json();
  expect(feuille_salle_url).toContain('/feuille-salle?code=');
  expect((await sheet(r.numero, 'feuille-salle', r.code)).status).toBe(200);
});

describe('refusals are plain French HTML pages and change nothing', () => {
  test.each([
    ['wrong code', 1, 'wrong', 403, 'Accès refusé'],
    ['unknown number', 1, 'unknown', 404, 'Réservation introuvable'],
    ['pending', 0, 'right', 409, 'Feuille indisponible'],
    ['rejected', 2, 'right', 409, 'acceptées ou payées'],
    ['cancelled', 4, 'right', 409, 'acceptées ou payées'],
  ] as const)('%s', async (_name, status, codeKind, httpStatus, text) => {
    // A decided status is written directly: submit_group_request only makes pending requests.
    const r = status === 0 ? await submitRequest() : await writeReservation({ status });
    const before = await readRow(r.numero);
    const numero = codeKind === 'unknown' ? `${r.numero}X` : r.numero;
    const code = codeKind === 'wrong' ? 'a'.repeat(64) : r.code;
    for (const kind of ['feuille-cuisine', 'feuille-salle'] as const) {
      const res = await sheet(numero, kind, code);
      expect(res.status).toBe(httpStatus);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain(text);
    }
    expect(await readRow(r.numero)).toEqual(before);
  });

  test('missing or malformed code → 400 page', async () => {
    // Accepted (a sheet exists): written directly.
    const r = await writeReservation({ status: 1 });
    for (const url of [`/reservations/${r.numero}/feuille-cuisine`, `/reservations/${r.numero}/feuille-salle?code=short`]) {
      const res = await fetch(`${service.url}${url}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Requête invalide');
    }
  });
});
