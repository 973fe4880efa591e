import { anon, env, newOwner, withDb } from '../../../local-supabase/test/clients';
import { ownerWithRestaurant, post, readRow, sendQueued, startService, startSmtp, submitRequest, writeReservation, type Owner, type PendingReservation, type RunningService } from '../helpers';

/**
 * The dashboard's accept/reject and the sheet links are authorised by the owner's
 * access token (ownership decided by RLS in the database), never by a code_manage the browser read; the
 * owner's browser cannot read code_manage at all. The one-click links keep working signed out
 * (transitions.test.ts).
 */
let service: RunningService;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let alice: Owner;
let bob: Owner;

beforeAll(async () => {
  smtp = await startSmtp();
  service = await startService({ smtpUrl: smtp.url });
  [alice, bob] = await Promise.all([ownerWithRestaurant('alice', { complete: true }), ownerWithRestaurant('bob')]);
});
afterAll(async () => {
  const t = Date.now();
  await service.close();
  process.stderr.write(`SERVICE CLOSED ${Date.now() - t}\n`);
  await smtp.close();
  process.stderr.write(`SMTP CLOSED ${Date.now() - t}\n`);
}, 120_000);
beforeEach(() => smtp.messages.splice(0));

/** A request to Alice's restaurant, as the chatbot submits it. */
const aliceRequest = () => submitRequest({}, alice.restaurantId);
// A decided status: submit_group_request only makes pending requests.
const aliceDecided = (status: number) => writeReservation({ restaurant_id: alice.restaurantId, selected_menu_id: null, status });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const decide = (action: 'accept' | 'reject', r: PendingReservation, headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  post(`${service.url}/api/reservations/${action}_reservation`, { numero_reservation: r.numero, restaurant_id: alice.restaurantId, ...body }, headers);
const sheets = (numero: string, headers: Record<string, string> = {}) => fetch(`${service.url}/api/reservations/${numero}/sheets`, { headers });

const MISSING = 'Connexion requise : connectez-vous au tableau de bord pour accepter ou refuser une réservation ou obtenir ses fiches.';
const INVALID = 'Session invalide ou expirée : reconnectez-vous au tableau de bord.';
const refusal = (message: string) => ({ success: false, numero_reservation_restaurateur: null, status: null, message });

describe('accept_reservation / reject_reservation', () => {
  test('the owner decides with the token alone (no code_manage); the customer gets the e-mail and the answer the sheet links', async () => {
    const r = await aliceRequest();
    const res = await decide('accept', r, bearer(alice.accessToken));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, status: 1, numero_reservation_restaurateur: r.restaurateur, email_queued: true });
    expect(body.feuille_salle_url).toBe(`http://sheets.test/reservations/${r.numero}/feuille-salle?code=${r.code}`);
    expect(await readRow(r.numero)).toMatchObject({ status: 1, is_accepted: true });
    await sendQueued(service, alice.restaurantId);
    expect(smtp.messages.filter((m) => m.to.includes(r.email))).toHaveLength(1);

    const other = await aliceRequest();
    const rejected = await decide('reject', other, bearer(alice.accessToken));
    expect(await rejected.json()).toMatchObject({ success: true, status: 2 });
    expect(await readRow(other.numero)).toMatchObject({ status: 2 });
  });

  const refused: [string, () => Record<string, string>, Record<string, unknown>, number, string][] = [
    ['no token, even with the right code_manage', () => ({}), { withCode: true }, 401, MISSING],
    ['a Basic authorization', () => ({ authorization: 'Basic YTpi' }), { withCode: true }, 401, MISSING],
    ['the anon key as the token', () => bearer(env.anonKey), { withCode: true }, 401, INVALID],
    ['the service-role key as the token', () => bearer(env.serviceRoleKey), {}, 401, INVALID],
    ['a forged token', () => bearer(`${alice.accessToken.slice(0, -4)}AAAA`), {}, 401, INVALID],
    ['owner B on owner A’s reservation', () => bearer(bob.accessToken), { withCode: true }, 404, 'Réservation non trouvée.'],
  ];
  test.each(refused)('%s: refused, nothing changes, nothing is sent', async (_name, headers, { withCode }, status, message) => {
    const r = await aliceRequest();
    const before = await readRow(r.numero);
    for (const action of ['accept', 'reject'] as const) {
      const res = await decide(action, r, headers(), withCode ? { code_manage: r.code } : {});
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual(refusal(message));
    }
    expect(await readRow(r.numero)).toEqual(before);
    expect(smtp.messages).toEqual([]);
  });

  test('owner B cannot reach A’s reservation by naming B’s own restaurant either', async () => {
    const r = await aliceRequest();
    const res = await decide('accept', r, bearer(bob.accessToken), { restaurant_id: bob.restaurantId });
    expect(res.status).toBe(404);
    expect((await readRow(r.numero)).status).toBe(0);
  });

  test('a token whose session was signed out is refused', async () => {
    const carol = await ownerWithRestaurant('carol', { complete: true });
    const r = await submitRequest({}, carol.restaurantId);
    await carol.client.auth.signOut();
    const res = await post(`${service.url}/api/reservations/accept_reservation`, { numero_reservation: r.numero, restaurant_id: carol.restaurantId }, bearer(carol.accessToken));
    expect(res.status).toBe(401);
    expect((await readRow(r.numero)).status).toBe(0);
  });

  test('a second decision by the owner is refused with 409', async () => {
    const r = await aliceDecided(1);
    const res = await decide('reject', r, bearer(alice.accessToken));
    expect(res.status).toBe(409);
    expect((await res.json()).message).toContain('elle a déjà été acceptée');
  });
});

describe('a team: access by membership, not by who created the restaurant', () => {
  test('a manager decides and gets the sheets with their own token; once removed, the same token is refused', async () => {
    const manager = await newOwner('gerant');
    // Made a member as the team functions would (they are tested with them).
    await withDb((db) => db.query(`insert into public.restaurant_members (user_id, restaurant_id, role) values ($1, $2, 'manager')`, [manager.userId, alice.restaurantId]));
    const token = (await manager.client.auth.getSession()).data.session!.access_token;

    const r = await aliceRequest();
    const res = await decide('accept', r, bearer(token));
    expect(await res.json()).toMatchObject({ success: true, status: 1, numero_reservation_restaurateur: r.restaurateur });
    expect(await readRow(r.numero)).toMatchObject({ status: 1, is_accepted: true });
    // The history names the manager.
    const actors = await withDb(
      async (db) =>
        (await db.query('select e.actor_user_id from public.reservation_events e join public.restaurant_reservations r on r.id = e.reservation_id where r.numero_reservation = $1', [r.numero]))
          .rows,
    );
    expect(actors).toEqual([{ actor_user_id: manager.userId }]);
    const links = await sheets(r.numero, bearer(token));
    expect(links.status).toBe(200);
    await links.json();

    await withDb((db) => db.query('delete from public.restaurant_members where user_id = $1 and restaurant_id = $2', [manager.userId, alice.restaurantId]));
    const next = await aliceRequest();
    const before = await readRow(next.numero);
    for (const action of ['accept', 'reject'] as const) {
      const refusedDecision = await decide(action, next, bearer(token));
      expect(refusedDecision.status).toBe(404);
      expect(await refusedDecision.json()).toEqual(refusal('Réservation non trouvée.'));
    }
    expect(await readRow(next.numero)).toEqual(before);
    const refusedSheets = await sheets(r.numero, bearer(token));
    expect(refusedSheets.status).toBe(404);
    expect(await refusedSheets.text()).not.toContain(r.code);
  });
});

describe('GET /api/reservations/{numero}/sheets', () => {
  test('hands the owner of an accepted or paid reservation the two links, which serve PDFs', async () => {
    for (const status of [1, 3]) {
      const r = await aliceDecided(status);
      const res = await sheets(r.numero, bearer(alice.accessToken));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.json();
      expect(body).toEqual({
        success: true,
        numero_reservation_restaurateur: r.restaurateur,
        status,
        feuille_cuisine_url: `http://sheets.test/reservations/${r.numero}/feuille-cuisine?code=${r.code}`,
        feuille_salle_url: `http://sheets.test/reservations/${r.numero}/feuille-salle?code=${r.code}`,
      });
      const pdf = await fetch(body.feuille_cuisine_url.replace('http://sheets.test', service.url));
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      // Read whole: an unread body keeps its connection busy, and the service's close() waits for it.
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });

  test.each([
    ['no token', () => ({}), 401, MISSING],
    ['the anon key', () => bearer(env.anonKey), 401, INVALID],
    ['owner B', () => bearer(bob.accessToken), 404, 'Réservation non trouvée.'],
  ])('%s: refused without the links', async (_name, headers, status, message) => {
    const r = await aliceDecided(1);
    const res = await sheets(r.numero, headers());
    expect(res.status).toBe(status);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual(refusal(message));
    expect(text).not.toContain(r.code);
  });

  test.each([[0], [2], [4]])('status %i: no sheets yet (409), no code', async (status) => {
    const r = status === 0 ? await aliceRequest() : await aliceDecided(status);
    const res = await sheets(r.numero, bearer(alice.accessToken));
    expect(res.status).toBe(409);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ success: false, status, message: expect.stringContaining('acceptées ou payées') });
    expect(text).not.toContain(r.code);
  });
});

describe('code_manage is out of the owner’s and the public’s reach in the tables', () => {
  test('supabase-js as the owner: the column is refused, directly, through * and through an embed; the other columns read', async () => {
    const r = await aliceRequest();
    const table = () => alice.client.from('restaurant_reservations');
    for (const query of [
      table().select('code_manage').eq('id', r.id),
      table().select('*').eq('id', r.id),
      table().select('id').eq('code_manage', r.code),
      alice.client.from('restaurants').select('id, restaurant_reservations(code_manage)').eq('id', alice.restaurantId),
    ]) {
      const { data, error } = await query;
      expect(error).not.toBeNull();
      expect(JSON.stringify(data ?? null)).not.toContain(r.code);
    }
    const { data, error } = await table().select('id, numero_reservation, status, email').eq('id', r.id).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: r.id, numero_reservation: r.numero, status: 0, email: r.email });
  });

  test('supabase-js as anonymous: refused', async () => {
    const r = await aliceRequest();
    const { data, error } = await anon().from('restaurant_reservations').select('code_manage').eq('id', r.id);
    expect(error).not.toBeNull();
    expect(data).toBeNull();
  });

  test('catalog: authenticated may select every column but code_manage and the chatbot’s idempotency (a new column must be granted); anon none', async () => {
    const rows = await withDb(
      async (db) =>
        (
          await db.query<{ column: string; authenticated: boolean; anon: boolean }>(
            `select attname as column,
                has_column_privilege('authenticated', attrelid, attnum, 'SELECT') as authenticated,
                has_column_privilege('anon', attrelid, attnum, 'SELECT') as anon
           from pg_attribute
          where attrelid = 'public.restaurant_reservations'::regclass and attnum > 0 and not attisdropped`,
          )
        ).rows,
    );
    expect(rows.length).toBeGreaterThan(20);
    // external_id, request_fingerprint and request_scope are the chatbot's idempotency (scoped to its credential), nothing the owner reads;
    // customer_page_hash finds the reservation of a customer's page link (the customer's key, not the restaurant's).
    expect(rows.filter((c) => !c.authenticated).map((c) => c.column)).toEqual(['code_manage', 'external_id', 'request_fingerprint', 'request_scope', 'customer_page_hash']);
    expect(rows.filter((c) => c.anon).map((c) => c.column)).toEqual([]);
  });
});
