import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client, env, newOwner, withDb } from '../../../local-supabase/test/clients';
import { nextOpenSlot } from '../../../local-supabase/test/reservations';
import { demoCopy, type DemoCopy } from '../../../local-supabase/test/seeded';
import { createMailer } from '../../src/email/mailer';
import { sendDueNotifications } from '../../src/notifications/sender';
import { db, parseMail, post, serviceWithSmtp } from '../helpers';

/**
 * 'Nouvelle réservation' (POST /api/restaurants/{id}/reservations, the owner's session) and 'Modifier'
 * (PATCH /api/reservations/{id}, public.modify_reservation), and what a change sends: the contract's checks and French refusals on their field, the
 * booking stored through submit_group_request with source phone, the owner not notified of their own
 * booking, the customer acknowledged — or, accepted at once, sent the acceptance e-mail — and, once it
 * stands, e-mailed the new details of a change.
 */
const running = serviceWithSmtp();
let copy: DemoCopy;
let owner: SupabaseClient;
let token: string;
let restaurantId: string;
let menuCanut: string;
let kir: string;

beforeAll(async () => {
  copy = await demoCopy({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl }, 'telephone');
  restaurantId = copy.restaurants.lyon;
  owner = client();
  const signedIn = await owner.auth.signInWithPassword({ email: copy.email, password: copy.password });
  if (signedIn.error) throw signedIn.error;
  token = signedIn.data.session.access_token;
  ({ menuCanut, kir } = await withDb(async (pg) => {
    const one = async (sql: string) => (await pg.query<{ id: string }>(sql, [restaurantId])).rows[0].id;
    return {
      menuCanut: await one(`select id from public.restaurant_menus where restaurant_id = $1 and name = 'Menu Canut'`),
      kir: await one(`select id from public.restaurant_options where restaurant_id = $1 and title like 'Kir%'`),
    };
  }));
});

async function booking(overrides: Record<string, unknown> = {}) {
  const slot = await nextOpenSlot(restaurantId, { people: 12, service: 'dinner', menuId: menuCanut });
  return {
    external_id: `form-${randomUUID()}`,
    date: slot.date,
    arrival_time: slot.arrival_time,
    adults: 12,
    children: 0,
    menu_id: menuCanut,
    customer: { name: 'Paul Martin', email: `paul-${randomUUID().slice(0, 8)}@exemple.fr`, phone: '06 11 22 33 44' },
    dietary_notes: 'Deux sans gluten',
    notes: 'Habitué, table du fond',
    ...overrides,
  };
}

const send = (body: unknown, accessToken: string | null = token) =>
  post(`${running.service.url}/api/restaurants/${restaurantId}/reservations`, body, accessToken ? { authorization: `Bearer ${accessToken}` } : {});

const change = (id: string, body: unknown, accessToken: string | null = token) =>
  fetch(`${running.service.url}/api/reservations/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: JSON.stringify(body),
  });

const stored = async (id: string) => {
  const { data, error } = await db().from('restaurant_reservations').select('source, status, notes, dietary_notes, email, notification_outbox(kind)').eq('id', id).single();
  if (error) throw new Error(error.message);
  return { ...data, outbox: data.notification_outbox.map((n) => n.kind).sort() };
};

async function sendAll() {
  const mailer = createMailer(running.service.config);
  try {
    while ((await sendDueNotifications(db(), mailer, running.service.config, running.service.app.log, restaurantId)).claimed > 0);
  } finally {
    mailer.close();
  }
}

test('stores the owner’s booking pending (source phone), with its notes; the customer is acknowledged, the owner is not told', async () => {
  const body = await booking();
  const res = await send(body);
  expect(res.status).toBe(201);
  const answer = await res.json();
  expect(answer).toMatchObject({ preview: false, reservation: { status: 'pending', numero_restaurateur: expect.stringMatching(/^R-\d{4}$/) }, warnings: expect.any(Array) });
  expect(await stored(answer.reservation.id)).toMatchObject({
    source: 'phone',
    status: 0,
    notes: 'Habitué, table du fond',
    dietary_notes: 'Deux sans gluten',
    outbox: ['customer_request_received'],
  });
  await sendAll();
  const mails = running.smtp.messages.filter((m) => m.to.includes(body.customer.email));
  expect(mails.map((m) => parseMail(m.raw).subject)).toEqual([expect.stringMatching(/^Demande reçue : Le Comptoir des Halles/)]);
});

test('« Confirmer directement »: a preview stores nothing and gives the warnings; then accepted, the customer gets the acceptance e-mail only', async () => {
  const body = await booking({ accept: true });
  const before = await withDb(async (pg) => (await pg.query<{ n: number }>('select count(*)::int as n from restaurant_reservations where restaurant_id = $1', [restaurantId])).rows[0].n);
  const preview = await send({ ...body, preview: true });
  expect(preview.status).toBe(200);
  expect(await preview.json()).toMatchObject({ preview: true, warnings: expect.any(Array) });
  expect(await withDb(async (pg) => (await pg.query<{ n: number }>('select count(*)::int as n from restaurant_reservations where restaurant_id = $1', [restaurantId])).rows[0].n)).toBe(before);

  const res = await send(body);
  expect(res.status).toBe(201);
  const answer = await res.json();
  expect(answer.reservation.status).toBe('accepted');
  expect(await stored(answer.reservation.id)).toMatchObject({ status: 1, outbox: ['customer_reservation_accepted'] });
  await sendAll();
  const mails = running.smtp.messages.filter((m) => m.to.includes(body.customer.email)).map((m) => parseMail(m.raw));
  // The copy of Le Comptoir des Halles asks arrhes (its CGV say nothing else): accepted, confirmed once they are received.
  expect(mails.map((m) => m.subject)).toEqual(['Votre demande chez Le Comptoir des Halles est acceptée : réglez les arrhes pour la confirmer']);
});

test('a change of an accepted booking e-mails the customer its new details; a change of the internal notes only, nothing', async () => {
  const body = await booking({ accept: true, options: [{ option_id: kir }] });
  const answer = await (await send(body)).json();
  await sendAll();
  running.smtp.messages.splice(0);

  const preview = await change(answer.reservation.id, { adults: 16, preview: true });
  expect(preview.status).toBe(200);
  expect(await preview.json()).toMatchObject({ preview: true, changed: true, warnings: expect.any(Array), customer_notified: false });
  const changed = await change(answer.reservation.id, { adults: 16, dietary_notes: 'Deux sans gluten, un végétarien' });
  expect(changed.status).toBe(200);
  expect(await changed.json()).toMatchObject({ preview: false, changed: true, summary: expect.stringMatching(/12 → 16 personnes/), customer_notified: true });
  expect(await (await change(answer.reservation.id, { notes: 'Grande salle' })).json()).toMatchObject({ changed: true, customer_notified: false });
  expect(await (await change(answer.reservation.id, { notes: 'Grande salle' })).json()).toMatchObject({ changed: false, summary: null });
  await sendAll();
  const mails = running.smtp.messages.filter((m) => m.to.includes(body.customer.email)).map((m) => parseMail(m.raw));
  expect(mails).toHaveLength(1);
  expect(mails[0].subject).toMatch(/^Réservation modifiée : Le Comptoir des Halles, /);
  expect(mails[0].text).toContain('- Personnes : 16 personnes (16 adultes)');
  expect(mails[0].text).toContain('- Allergies et régimes : Deux sans gluten, un végétarien');
  // What changed, where it stands and what is now owed: accepted, its arrhes not yet received, so not « confirmée ».
  expect(mails[0].text).toMatch(/Ce qui change : 12 → 16 personnes, .*allergies et régimes : « Deux sans gluten, un végétarien », total .* → .*€/);
  expect(mails[0].text).not.toContain('reste confirmée');
  expect(mails[0].text).toContain('Elle sera confirmée dès réception de vos arrhes');
  expect(mails[0].text).toMatch(/- Arrhes à régler : arrhes de/);
  // The customer's one reference.
  expect(mails[0].text).toContain(`- Code de réservation : ${answer.reservation.code_reservation}`);
  expect(mails[0].text).not.toContain(answer.reservation.numero_restaurateur);
  expect(mails[0].text).not.toContain('Grande salle');
  expect(mails[0].replyTo).toBeTruthy();
});

test('refuses in French on the field, with the contract’s words', async () => {
  const tooMany = await send(await booking({ adults: 400 }));
  expect(tooMany.status).toBe(422);
  expect(await tooMany.json()).toMatchObject({ code: 'group_size', field: 'adults', message: expect.stringMatching(/^Le restaurant accueille les groupes de/) });
  const badEmail = await send(await booking({ customer: { name: 'Paul', email: 'paul@' } }));
  expect(await badEmail.json()).toMatchObject({ code: 'invalid_email', field: 'customer.email' });
  const chatbotOnly = await send(await booking({ message: 'Bonjour' }));
  expect(await chatbotOnly.json()).toMatchObject({ code: 'unknown_field', field: 'message' });
  const longNotes = await send(await booking({ dietary_notes: 'x'.repeat(1001) }));
  expect(await longNotes.json()).toMatchObject({ code: 'too_long', field: 'dietary_notes', message: expect.stringMatching(/^Le champ allergies et régimes dépasse 1\s000 caractères\.$/) });
});

test('refuses without a session (401) and another owner (403), storing nothing', async () => {
  const body = await booking();
  const anonymous = await send(body, null);
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toMatchObject({ code: 'unauthorized' });
  const other = await newOwner('autre-resto');
  const { data } = await other.client.auth.getSession();
  const foreign = await send(body, data.session!.access_token);
  expect(foreign.status).toBe(403);
  expect(await foreign.json()).toEqual({ code: 'forbidden', field: null, message: 'Accès non autorisé à ce restaurant' });
  const { count } = await db().from('restaurant_reservations').select('id', { count: 'exact', head: true }).eq('external_id', body.external_id);
  expect(count).toBe(0);
});

test('a change: refused without a session (401), to another owner and for an id that is no UUID (404, as a reservation that does not exist), on its field in French (422), once the reservation is rejected (409); the restaurant’s manager may', async () => {
  const { reservation } = await (await send(await booking())).json();
  const notesOf = async () => (await stored(reservation.id)).notes;
  expect(await change(reservation.id, { notes: 'Sans session' }, null).then((r) => r.status)).toBe(401);
  const other = await newOwner('autre-modif');
  const otherToken = (await other.client.auth.getSession()).data.session!.access_token;
  const foreign = await change(reservation.id, { notes: 'Intrus' }, otherToken);
  expect(foreign.status).toBe(404);
  expect(await foreign.json()).toEqual({ code: 'not_found', field: null, message: 'Réservation non trouvée' });
  expect(await (await change('R-0001', { notes: 'x' })).json()).toEqual({ code: 'not_found', field: null, message: 'Réservation non trouvée' });
  const nul = await change(reservation.id, { notes: 'Table du fond\u0000' });
  expect(nul.status).toBe(422);
  expect(await nul.json()).toEqual({ code: 'invalid_character', field: 'notes', message: 'Les notes internes contiennent un caractère non autorisé (caractère nul).' });
  const tooMany = await change(reservation.id, { adults: 400 });
  expect(tooMany.status).toBe(422);
  expect(await tooMany.json()).toMatchObject({ code: 'group_size', field: 'adults' });
  expect(await notesOf()).toBe('Habitué, table du fond');

  const manager = await newOwner('gerant-modif');
  await withDb((pg) => pg.query("insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, 'manager', $3)", [manager.userId, restaurantId, copy.userId]));
  const managerToken = (await manager.client.auth.getSession()).data.session!.access_token;
  expect(await (await change(reservation.id, { notes: 'Par le gérant' }, managerToken)).json()).toMatchObject({ changed: true });
  expect(await notesOf()).toBe('Par le gérant');

  const rejected = await post(
    `${running.service.url}/api/reservations/reject_reservation`,
    { numero_reservation: reservation.numero, restaurant_id: restaurantId, reason: 'complet' },
    { authorization: `Bearer ${token}` },
  );
  expect(rejected.status).toBe(200);
  const late = await change(reservation.id, { notes: 'Trop tard' });
  expect(late.status).toBe(409);
  expect(await late.json()).toMatchObject({ code: 'not_modifiable', field: null });
  expect(await notesOf()).toBe('Par le gérant');
});

test('the contract carries dietary_notes: the chatbot’s requests store them, and the OpenAPI document names both bodies', async () => {
  const { data: key, error } = await owner.rpc('create_assistant_key', { p_restaurant_id: restaurantId });
  if (error) throw new Error(error.message);
  const { notes: _notes, ...request } = await booking({ dietary_notes: 'Une allergie aux fruits à coque' });
  const res = await post(`${running.service.url}/api/restaurants/${restaurantId}/requests`, request, { authorization: `Bearer ${(key as { key: string }).key}` });
  expect(res.status).toBe(201);
  expect(await stored((await res.json()).reservation.id)).toMatchObject({ source: 'assistant', dietary_notes: 'Une allergie aux fruits à coque', notes: null });

  const doc = await (await fetch(`${running.service.url}/api/openapi.json`)).json();
  expect(doc.components.schemas.GroupRequestInput.properties.dietary_notes).toMatchObject({ anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'null' }] });
  expect(doc.components.schemas.OwnerBookingInput.properties).toHaveProperty('notes');
  expect(doc.components.schemas.OwnerBookingInput.properties).not.toHaveProperty('conversation');
  expect(doc.paths['/api/restaurants/{restaurantId}/reservations'].post.operationId).toBe('submitOwnerBooking');
  expect(doc.paths['/api/reservations/{reservationId}'].patch.operationId).toBe('modifyReservation');
  expect(doc.components.schemas.ReservationChangesInput.properties).toHaveProperty('notes');
});
