import fs from 'node:fs';
import path from 'node:path';
import { withDb } from '../../../local-supabase/test/clients';
import { ownerWithRestaurant, parseMail, post, readRow, sendQueued, startService, writeReservation, type Owner, type PendingReservation, type RunningService } from '../helpers';

/**
 * Issue 30, items 3 and 4, through the owner's endpoints: cancelling a paid reservation says what
 * becomes of the acompte (refunded, how much; or kept, per the CGV), the history records it and the
 * customer's e-mail (the .eml outbox, read back) says it; 'Non présenté' (mark_no_show) once the arrival
 * time has passed, from accepted or paid, the customer not e-mailed; refusals in French, nothing changed.
 */
let running: RunningService;
let alice: Owner;
let bob: Owner;

beforeAll(async () => {
  running = await startService();
  // Complete profiles: an acompte of 30 % (Facturation), cancellation up to 48 h before (CGV).
  [alice, bob] = await Promise.all([ownerWithRestaurant('deposit-alice', { complete: true }), ownerWithRestaurant('deposit-bob', { complete: true })]);
});
afterAll(() => running?.close());

type Endpoint = 'mark_paid' | 'cancel_reservation' | 'mark_no_show';
// Decided statuses, a hand-picked total of 400 €, a past date: rows submit_group_request refuses.
const aliceReservation = (overrides: Record<string, unknown> = {}) =>
  writeReservation({ restaurant_id: alice.restaurantId, selected_menu_id: null, total_amount: 400, reservation_date: '2026-01-15', arrival_time: '20:00', ...overrides });
const call = (endpoint: Endpoint, r: PendingReservation, body: Record<string, unknown> = {}, owner: Owner = alice) =>
  post(`${running.url}/api/reservations/${endpoint}`, { numero_reservation: r.numero, restaurant_id: alice.restaurantId, ...body }, { authorization: `Bearer ${owner.accessToken}` });

const events = (reservationId: string) =>
  withDb(
    async (db) =>
      (await db.query('select from_status, to_status, reason, deposit, amount_cents from public.reservation_events where reservation_id = $1 order by created_at', [reservationId])).rows,
  );
/** The e-mails the sender writes to the outbox folder for one reservation (file names carry its number), once it has sent what was queued, spaces normalised. */
const mailsOf = async (r: PendingReservation) =>
  (await sendQueued(running, alice.restaurantId)) &&
  fs
    .readdirSync(running.config.outboxDir)
    .filter((f) => f.includes(r.numero))
    .sort()
    .map((f) => parseMail(fs.readFileSync(path.join(running.config.outboxDir, f), 'utf8')))
    .map((m) => ({ ...m, text: m.text.replace(/[\u00a0\u202f]/g, ' '), html: m.html.replace(/[\u00a0\u202f]/g, ' ') }));

async function paidReservation() {
  const r = await aliceReservation({ status: 1 });
  expect((await call('mark_paid', r)).status).toBe(200);
  return r;
}

describe('cancelling a paid reservation: the acompte', () => {
  test('refunded in part: recorded, and the customer’s e-mail says how much of what was paid', async () => {
    const r = await paidReservation();
    const res = await call('cancel_reservation', r, { reason: 'demande_du_client', deposit: 'refunded', refund_amount_cents: 5000 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, status: 4, email_queued: true });
    expect((await events(r.id)).at(-1)).toEqual({ from_status: 3, to_status: 4, reason: 'demande_du_client', deposit: 'refunded', amount_cents: 5000 });
    const cancellation = (await mailsOf(r)).at(-1)!;
    expect(cancellation.subject).toContain('est annulée');
    expect(cancellation.text).toContain('Arrhes remboursées : 50,00 € (sur 120,00 € versés)');
    expect(cancellation.html).toContain('Arrhes remboursées :</span> 50,00 € (sur 120,00 € versés)');
  });

  test('refunded in full: the amount alone', async () => {
    const r = await paidReservation();
    expect((await call('cancel_reservation', r, { reason: 'fermeture_exceptionnelle', deposit: 'refunded', refund_amount_cents: 12_000 })).status).toBe(200);
    expect((await mailsOf(r)).at(-1)!.text).toContain('Arrhes remboursées : 120,00 €\n');
  });

  test('kept: the e-mail names the CGV’s cancellation policy', async () => {
    const r = await paidReservation();
    expect((await call('cancel_reservation', r, { reason: 'demande_du_client', deposit: 'kept' })).status).toBe(200);
    expect((await events(r.id)).at(-1)).toMatchObject({ deposit: 'kept', amount_cents: 12_000 });
    const { text, html } = (await mailsOf(r)).at(-1)!;
    for (const part of [text, html]) expect(part).toContain('120,00 €, conformément aux conditions d’annulation du restaurant (annulation possible jusqu’à 48 h avant votre venue)');
    expect(text).toContain('Arrhes conservées : 120,00 €');
  });

  describe('refused in French, nothing changed, nothing sent', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['without saying what becomes of the acompte', { reason: 'demande_du_client' }, /indiquez si l’acompte est remboursé \(et de combien\) ou conservé/],
      ['refunding more than was received', { reason: 'demande_du_client', deposit: 'refunded', refund_amount_cents: 13_000 }, /au plus le montant reçu, 120,00/],
      ['refunding nothing', { reason: 'demande_du_client', deposit: 'refunded', refund_amount_cents: 0 }, /supérieur à 0/],
    ];
    test.each(cases)('%s', async (_name, body, message) => {
      const r = await paidReservation();
      const before = await readRow(r.numero);
      const sent = (await mailsOf(r)).length;
      const res = await call('cancel_reservation', r, body);
      expect(res.status).toBe(422);
      expect((await res.json()).message.replace(/[\u00a0\u202f]/g, ' ')).toMatch(message);
      expect(await readRow(r.numero)).toEqual(before);
      expect(await mailsOf(r)).toHaveLength(sent);
    });

    test('a refund in a fraction of a cent is not an amount: refused before the database', async () => {
      const r = await paidReservation();
      const before = await readRow(r.numero);
      expect((await call('cancel_reservation', r, { reason: 'demande_du_client', deposit: 'refunded', refund_amount_cents: 1000.5 })).status).toBe(400);
      expect(await readRow(r.numero)).toEqual(before);
    });

    test('an acompte said of an accepted (unpaid) one, and an outcome that is not one', async () => {
      const r = await aliceReservation({ status: 1 });
      expect((await call('cancel_reservation', r, { reason: 'demande_du_client', deposit: 'kept' })).status).toBe(422);
      expect((await call('cancel_reservation', r, { reason: 'demande_du_client', deposit: 'perdu' })).status).toBe(400);
      expect(await readRow(r.numero)).toMatchObject({ status: 1 });
    });
  });
});

describe('Non présenté', () => {
  test('from accepted or paid, after the arrival time: recorded with its author, the customer not e-mailed', async () => {
    for (const status of [1, 3]) {
      const r = await aliceReservation({ status, ...(status === 3 ? { amount_received_cents: 12_000 } : {}) });
      const res = await call('mark_no_show', r);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, status: 5, message: 'Réservation marquée « Non présenté ».', email_queued: false });
      expect(await readRow(r.numero)).toMatchObject({ status: 5, is_accepted: false });
      expect(await events(r.id)).toEqual([{ from_status: status, to_status: 5, reason: null, deposit: null, amount_cents: null }]);
      expect(await mailsOf(r)).toEqual([]);
    }
  });

  test('before the arrival time: 422 naming it; from a pending or cancelled one: 409', async () => {
    const soon = await aliceReservation({ status: 1, reservation_date: '2099-06-01', arrival_time: '19:30' });
    const early = await call('mark_no_show', soon);
    expect(early.status).toBe(422);
    expect((await early.json()).message).toBe(
      'Le client ne peut être marqué « Non présenté » qu’une fois l’heure de la réservation passée (le lundi 1 juin 2099 à 19:30). Aucune modification n’a été faite.',
    );
    expect(await readRow(soon.numero)).toMatchObject({ status: 1 });
    for (const [status, label] of [
      [0, 'En attente'],
      [4, 'Annulée'],
    ] as const) {
      const r = await aliceReservation({ status });
      const res = await call('mark_no_show', r);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toContain(`« ${label} »`);
    }
  });

  test('another owner: 404; without a session: 401; nothing changed', async () => {
    const r = await aliceReservation({ status: 1 });
    expect((await call('mark_no_show', r, {}, bob)).status).toBe(404);
    expect((await post(`${running.url}/api/reservations/mark_no_show`, { numero_reservation: r.numero, restaurant_id: alice.restaurantId })).status).toBe(401);
    expect(await readRow(r.numero)).toMatchObject({ status: 1 });
    expect(await events(r.id)).toEqual([]);
  });

  test('concurrent clicks: one 200, the others 409', async () => {
    const r = await aliceReservation({ status: 1 });
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => call('mark_no_show', r)))).map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
  });
});

test('the deposit rule (private.deposit_for), and what « paid » received (private.received_when_paid): the acompte, else the total', async () => {
  // [terms, total, the deposit the rule gives]: a share to the cent, a fixed amount never above the total, an imprint takes nothing.
  const cases: [
    { requires_deposit: boolean; deposit_method: string | null; deposit_type: string; deposit_amount: number | null },
    number,
    { method: string; amount: number; percentage?: number; nature?: string } | null,
  ][] = [
    [{ requires_deposit: true, deposit_method: 'acompte', deposit_type: 'percentage', deposit_amount: 30 }, 1234.56, { method: 'acompte', amount: 370.37, percentage: 30, nature: 'arrhes' }],
    [{ requires_deposit: true, deposit_method: 'acompte', deposit_type: 'percentage', deposit_amount: 33.33 }, 99.99, { method: 'acompte', amount: 33.33, percentage: 33.33, nature: 'arrhes' }],
    [{ requires_deposit: true, deposit_method: 'acompte', deposit_type: 'fixed', deposit_amount: 150 }, 400, { method: 'acompte', amount: 150, nature: 'arrhes' }],
    [{ requires_deposit: true, deposit_method: 'acompte', deposit_type: 'fixed', deposit_amount: 5000 }, 400, { method: 'acompte', amount: 400, nature: 'arrhes' }],
    [{ requires_deposit: true, deposit_method: 'empreinte', deposit_type: 'fixed', deposit_amount: 20 }, 400, { method: 'empreinte', amount: 20 }],
    [{ requires_deposit: false, deposit_method: null, deposit_type: 'percentage', deposit_amount: null }, 400, null],
    [{ requires_deposit: true, deposit_method: null, deposit_type: 'percentage', deposit_amount: 10 }, 0, { method: 'acompte', amount: 0, percentage: 10, nature: 'arrhes' }],
  ];
  for (const [term, total, deposit] of cases) {
    await withDb((db) =>
      db.query('update public.restaurant_billing set requires_deposit = $2, deposit_method = $3, deposit_type = $4, deposit_amount = $5 where restaurant_id = $1', [
        bob.restaurantId,
        term.requires_deposit,
        term.deposit_method,
        term.deposit_type,
        term.deposit_amount,
      ]),
    );
    const row = await withDb(async (db) => (await db.query('select private.deposit_for($1, $2) as deposit, private.received_when_paid($1, $2) as received', [total, bob.restaurantId])).rows[0]);
    expect({ term, total, deposit: row.deposit, received: Number(row.received) }).toEqual({ term, total, deposit, received: deposit?.method === 'acompte' ? deposit.amount : total });
  }
});
