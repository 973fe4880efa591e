import {
  DEMO,
  ownerWithRestaurant,
  parseMail,
  post,
  readRow,
  sendQueued,
  startService,
  startSmtp,
  submitRequest,
  uuid,
  writeReservation,
  type Owner,
  type PendingReservation,
  type RunningService,
} from '../helpers';

/** Accept and reject through the four POST endpoints, with customer e-mails going to a real SMTP server. */
let service: RunningService;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
/** The dashboard endpoints need the owner's session (dashboard-auth.test.ts covers who is refused). */
let owner: Owner;
let signedIn: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtp();
  service = await startService({ smtpUrl: smtp.url });
  owner = await ownerWithRestaurant('transitions', { complete: true });
  signedIn = { authorization: `Bearer ${owner.accessToken}` };
});
afterAll(async () => {
  await service.close();
  await smtp.close();
});
beforeEach(() => smtp.messages.splice(0));

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

describe('link endpoints (code in the path)', () => {
  test('accept moves a pending reservation to accepted and sends one French e-mail', async () => {
    // A fixed far-future date and hand-picked amounts, for the e-mail's exact text: submit_group_request takes dates within a year and computes totals.
    const r = await writeReservation();
    const res = await post(`${service.url}/api/reservations/${r.numero}/accept/${r.code}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, numero_reservation_restaurateur: r.restaurateur, status: 1, email_queued: true });
    expect(body.message).toContain('Réservation acceptée');
    expect(body.message).toContain('Un email de confirmation va être envoyé au client.');
    expect(body.feuille_cuisine_url).toBe(`http://sheets.test/reservations/${r.numero}/feuille-cuisine?code=${r.code}`);
    const row = await readRow(r.numero);
    expect(row).toMatchObject({ status: 1, is_accepted: true });

    await sendQueued(service);
    const mails = mailsTo(r.email);
    expect(mails).toHaveLength(1);
    const mail = parseMail(mails[0].raw);
    // Le Comptoir des Halles asks 30 % in advance, arrhes (its CGV say nothing else): accepted, confirmed once they are received.
    expect(mail.subject).toBe('Votre demande chez Le Comptoir des Halles est acceptée : réglez les arrhes pour la confirmer');
    const text = mail.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Bonjour Hélène Test,');
    expect(text).toMatch(
      /Le Comptoir des Halles a accepté votre demande de réservation\. Elle sera confirmée dès réception de vos arrhes de 30 % du total, soit 370,35 €, à régler avant le [a-zé]+ \d+ [a-zéû]+ \d{4}\./,
    );
    expect(text).toContain('- Date : samedi 5 décembre 2099');
    expect(text).toContain('- Heure d’arrivée : 19:45');
    expect(text).toContain('- Nombre de personnes : 14 personnes (12 adultes et 2 enfants)');
    expect(text).toContain('- Menu : Menu Canut');
    expect(text).toContain("- Options : Apéritif maison × 12 (6,00 € l'unité)");
    expect(text).toContain('- Total : 1 234,50 €');
    expect(text).toContain(`- Code de réservation : ${r.restaurateur.slice(2, 8)}`);
    // The customer never receives the owner's management code.
    expect(mails[0].raw).not.toContain(r.code);
    expect(mail.html).toContain('Récapitulatif');
  });

  test('reject moves a pending reservation to rejected and sends one refusal e-mail', async () => {
    const r = await submitRequest({ children: 0 });
    const res = await post(`${service.url}/api/reservations/${r.numero}/reject/${r.code}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, numero_reservation_restaurateur: r.restaurateur, status: 2, email_queued: true });
    expect(body.message).toContain('Réservation refusée');
    expect(body.feuille_cuisine_url).toBeUndefined();
    expect(await readRow(r.numero)).toMatchObject({ status: 2, is_accepted: false });
    await sendQueued(service);
    const mails = mailsTo(r.email);
    expect(mails).toHaveLength(1);
    const mail = parseMail(mails[0].raw);
    expect(mail.subject).toBe('Votre demande de réservation chez Le Comptoir des Halles n’a pas pu être acceptée');
    expect(mail.text).toContain('ne peut pas accepter votre demande de réservation');
    expect(mail.text).toContain('- Nombre de personnes : 12 personnes (12 adultes)');
    expect(mail.text).toContain('- Options : aucune');
  });

  test('the seeded demo reservation TBL-DEMO01 answers to its fixed code (checked, not decided: the run shares the seed)', async () => {
    // A sheet checks the code before the status: the right code on a pending reservation gets 409, a wrong one 403.
    const sheet = (code: string) => fetch(`${service.url}/reservations/${DEMO.numero}/feuille-salle?code=${code}`);
    expect((await sheet(DEMO.code)).status).toBe(409);
    expect((await sheet('0'.repeat(64))).status).toBe(403);
    expect((await readRow(DEMO.numero)).status).toBe(0);
  });

  test('a reservation without e-mail address is still decided, and the answer says no e-mail went out', async () => {
    const r = await submitRequest({ customer: { email: null } });
    const res = await post(`${service.url}/api/reservations/${r.numero}/accept/${r.code}`);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.message).toContain('aucun email n’a été envoyé');
    expect(smtp.messages).toHaveLength(0);
  });

  test('the link page may send an empty JSON body', async () => {
    const r = await submitRequest();
    const res = await post(`${service.url}/api/reservations/${r.numero}/accept/${r.code}`, '', { 'content-type': 'application/json' });
    expect(res.status).toBe(200);
  });
});

describe('dashboard endpoints (JSON body, owner signed in)', () => {
  test('accept_reservation and reject_reservation decide with numero and restaurant; a code_manage sent along is not needed nor checked', async () => {
    const a = await submitRequest({}, owner.restaurantId);
    const res = await post(`${service.url}/api/reservations/accept_reservation`, { numero_reservation: a.numero, restaurant_id: owner.restaurantId }, signedIn);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, numero_reservation_restaurateur: a.restaurateur, status: 1 });
    await sendQueued(service, owner.restaurantId);
    expect(mailsTo(a.email)).toHaveLength(1);

    const b = await submitRequest({}, owner.restaurantId);
    const res2 = await post(`${service.url}/api/reservations/reject_reservation`, { numero_reservation: b.numero, code_manage: 'f'.repeat(64), restaurant_id: owner.restaurantId }, signedIn);
    expect(res2.status).toBe(200);
    expect(await res2.json()).toMatchObject({ success: true, numero_reservation_restaurateur: b.restaurateur, status: 2 });
    expect(await readRow(b.numero)).toMatchObject({ status: 2 });
    await sendQueued(service, owner.restaurantId);
    expect(mailsTo(b.email)).toHaveLength(1);
  });
});

describe('refusals change nothing and send nothing', () => {
  const cases: [string, (r: PendingReservation) => Promise<Response>, number, RegExp][] = [
    ['wrong code (link)', (r) => post(`${service.url}/api/reservations/${r.numero}/accept/${'0'.repeat(64)}`), 403, /Code de gestion invalide/],
    ['unknown number', (r) => post(`${service.url}/api/reservations/TST-NOPE${r.numero.slice(4)}/accept/${r.code}`), 404, /Réservation non trouvée/],
    [
      'another restaurant (dashboard)',
      (r) => post(`${service.url}/api/reservations/accept_reservation`, { numero_reservation: r.numero, restaurant_id: uuid() }, signedIn),
      404,
      /Réservation non trouvée/,
    ],
  ];
  test.each(cases)('%s', async (_name, call, status, message) => {
    const r = await submitRequest({}, owner.restaurantId);
    const before = await readRow(r.numero);
    const res = await call(r);
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body).toEqual({ success: false, numero_reservation_restaurateur: null, status: null, message: expect.stringMatching(message) });
    expect(await readRow(r.numero)).toEqual(before);
    expect(smtp.messages).toHaveLength(0);
  });

  test.each([
    [1, 'accept', 'elle a déjà été acceptée'],
    [2, 'accept', 'elle a déjà été refusée'],
    [1, 'reject', 'elle a déjà été acceptée'],
    [3, 'reject', 'acceptée et payée'],
    [4, 'accept', 'elle a été annulée'],
  ] as const)('not pending (status %i, %s) → 409 saying it was already handled', async (status, action, text) => {
    // A decided status: submit_group_request only makes pending requests.
    const r = await writeReservation({ status });
    const before = await readRow(r.numero);
    const res = await post(`${service.url}/api/reservations/${r.numero}/${action}/${r.code}`);
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, status, numero_reservation_restaurateur: r.restaurateur });
    expect(body.message).toContain('Cette réservation a déjà été traitée');
    expect(body.message).toContain(text);
    expect(await readRow(r.numero)).toEqual(before);
    expect(smtp.messages).toHaveLength(0);
  });

  test('a second click on the same link is refused with 409 and sends no second e-mail', async () => {
    const r = await submitRequest();
    expect((await post(`${service.url}/api/reservations/${r.numero}/accept/${r.code}`)).status).toBe(200);
    const again = await post(`${service.url}/api/reservations/${r.numero}/reject/${r.code}`);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toContain('elle a déjà été acceptée');
    await sendQueued(service);
    expect(mailsTo(r.email)).toHaveLength(1);
    expect(await readRow(r.numero)).toMatchObject({ status: 1 });
  });
});

describe('malformed input → 400 in French, never a stack trace', () => {
  const bad: [string, () => Promise<Response>][] = [
    ['code too short', () => post(`${service.url}/api/reservations/TBL-DEMO02/accept/abc`)],
    ['code with forbidden characters', () => post(`${service.url}/api/reservations/TBL-DEMO02/accept/${"'%20or%201=1--".padEnd(40, 'x')}`)],
    ['numero with forbidden characters', () => post(`${service.url}/api/reservations/TBL%20DEMO02/reject/${'a'.repeat(64)}`)],
    // The dashboard's body is read once the session is known (dashboard-auth.test.ts: refused before).
    ['invalid JSON', () => post(`${service.url}/api/reservations/accept_reservation`, '{"numero_reservation":', { 'content-type': 'application/json', ...signedIn })],
    ['missing body', () => post(`${service.url}/api/reservations/accept_reservation`, undefined, signedIn)],
    ['missing restaurant_id', () => post(`${service.url}/api/reservations/accept_reservation`, { numero_reservation: 'TBL-DEMO02' }, signedIn)],
    ['restaurant_id not a uuid', () => post(`${service.url}/api/reservations/reject_reservation`, { numero_reservation: 'TBL-DEMO02', restaurant_id: 'x' }, signedIn)],
    [
      'malformed code_manage',
      () => post(`${service.url}/api/reservations/reject_reservation`, { numero_reservation: 'TBL-DEMO02', code_manage: 'short', restaurant_id: owner.restaurantId }, signedIn),
    ],
    ['body is an array', () => post(`${service.url}/api/reservations/reject_reservation`, [1, 2], signedIn)],
  ];
  test.each(bad)('%s', async (_name, call) => {
    const before = await readRow('TBL-DEMO02');
    const res = await call();
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      success: false,
      numero_reservation_restaurateur: null,
      status: null,
      message: expect.stringContaining('Requête invalide'),
    });
    expect(text).not.toMatch(/at .*\.ts|stack|Error:/);
    expect(await readRow('TBL-DEMO02')).toEqual(before);
  });
});

describe('service basics', () => {
  test("HEAD / answers below 500 (the front end's connectivity check)", async () => {
    const res = await fetch(`${service.url}/`, { method: 'HEAD' });
    expect(res.status).toBeLessThan(500);
  });

  test("CORS allows the configured front-end origin only (with the owner's Authorization header)", async () => {
    const preflight = (origin: string) =>
      fetch(`${service.url}/api/reservations/accept_reservation`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
    const allowed = await preflight('http://localhost:3004');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3004');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type,authorization');
    const other = await preflight('http://evil.test');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('unknown /api route → French 404 JSON', async () => {
    const res = await post(`${service.url}/api/nothing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: 'Adresse inconnue.' });
  });

  test('logs carry neither codes nor customer data', async () => {
    const r = await submitRequest();
    await post(`${service.url}/api/reservations/${r.numero}/accept/${r.code}`);
    await post(`${service.url}/api/reservations/reject_reservation`, { numero_reservation: r.numero, code_manage: r.code, restaurant_id: owner.restaurantId }, signedIn);
    const logs = service.logs();
    expect(logs).not.toContain(owner.accessToken);
    expect(logs).toContain(`/api/reservations/${r.numero}/accept/[code]`);
    expect(logs).not.toContain(r.code);
    expect(logs).not.toContain(r.email);
    expect(logs).not.toContain('Hélène');
  });
});
