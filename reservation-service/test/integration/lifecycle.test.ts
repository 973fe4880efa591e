import { withDb } from '../../../local-supabase/test/clients';
import { ownerWithRestaurant, parseMail, post, readRow, sendQueued, serviceWithSmtp, writeReservation, type Owner, type PendingReservation } from '../helpers';

/**
 * After the decision. 'Acompte reçu' (accepted → paid) and cancellation (accepted or paid →
 * cancelled, with a reason), a refusal's reason and proposal: only the allowed transitions, one winner
 * under concurrent clicks, ownership checked, who and when recorded, the customer e-mailed.
 */
const running = serviceWithSmtp();
let alice: Owner;
let bob: Owner;

beforeAll(async () => {
  [alice, bob] = await Promise.all([ownerWithRestaurant('lifecycle-alice'), ownerWithRestaurant('lifecycle-bob')]);
});

type Endpoint = 'accept_reservation' | 'reject_reservation' | 'mark_paid' | 'cancel_reservation';
// A hand-picked total at a restaurant without terms (no acompte), decided statuses, a past date: rows submit_group_request refuses.
const aliceReservation = (overrides: Record<string, unknown> = {}) => writeReservation({ restaurant_id: alice.restaurantId, selected_menu_id: null, total_amount: 840, ...overrides });
const call = (endpoint: Endpoint, r: PendingReservation, body: Record<string, unknown> = {}, owner: Owner = alice) =>
  post(`${running.service.url}/api/reservations/${endpoint}`, { numero_reservation: r.numero, restaurant_id: alice.restaurantId, ...body }, { authorization: `Bearer ${owner.accessToken}` });

const events = (reservationId: string) =>
  withDb(
    async (db) =>
      (
        await db.query(
          'select from_status, to_status, reason, reason_detail, proposal, actor, actor_user_id is not null as by_user from public.reservation_events where reservation_id = $1 order by created_at',
          [reservationId],
        )
      ).rows,
  );
/** What the sender sent to that reservation's customer, once it has sent what was queued. */
const mailsOf = async (r: PendingReservation) => {
  await sendQueued(running.service, alice.restaurantId);
  return running.smtp.messages.filter((m) => m.to.includes(r.email)).map((m) => parseMail(m.raw));
};

test('accepted → Acompte reçu → cancelled with a reason: each change recorded with its author, each e-mailed', async () => {
  const r = await aliceReservation();
  expect((await call('accept_reservation', r)).status).toBe(200);
  // Each e-mail goes out while its decision stands: sent before the next decision.
  await mailsOf(r);
  const paid = await call('mark_paid', r);
  expect(paid.status).toBe(200);
  expect(await paid.json()).toMatchObject({ success: true, status: 3, message: expect.stringContaining('Acompte reçu') });
  await mailsOf(r);
  // Paid: what becomes of the money is said (issue 30), here all of it refunded.
  const cancelled = await call('cancel_reservation', r, { reason: 'demande_du_client', deposit: 'refunded', refund_amount_cents: 84_000 });
  expect(await cancelled.json()).toMatchObject({ success: true, status: 4 });
  expect(await readRow(r.numero)).toMatchObject({ status: 4, is_accepted: false });

  expect(await events(r.id)).toEqual([
    { from_status: 0, to_status: 1, reason: null, reason_detail: null, proposal: null, actor: 'owner', by_user: true },
    { from_status: 1, to_status: 3, reason: null, reason_detail: null, proposal: null, actor: 'owner', by_user: true },
    { from_status: 3, to_status: 4, reason: 'demande_du_client', reason_detail: null, proposal: null, actor: 'owner', by_user: true },
  ]);
  const [accepted, deposit, cancellation] = await mailsOf(r);
  expect(accepted.subject).toContain('est confirmée');
  // Nothing asked in advance in these terms: a payment, received in full (neither arrhes nor an acompte).
  expect(deposit.subject).toBe('Paiement reçu : votre réservation chez Restaurant lifecycle-alice');
  expect(deposit.text).toContain('Paiement reçu : 840,00');
  expect(deposit.text).toContain('Reste à payer : 0,00');
  expect(cancellation.subject).toBe('Votre réservation chez Restaurant lifecycle-alice est annulée');
  // Cancelled at the customer's request: said as such, without regret or « Raison : À la demande du client ».
  for (const part of [cancellation.text, cancellation.html]) expect(part).toContain('Comme vous l’avez demandé, Restaurant lifecycle-alice a annulé votre réservation.');
  expect(cancellation.text).not.toContain('au regret');
  expect(cancellation.text.replace(/[\u00a0\u202f]/g, ' ')).toContain('Paiement remboursé : 840,00 €');
});

test('a refusal with its reason and a proposal: stored, and written in the customer’s e-mail (both parts)', async () => {
  const r = await aliceReservation();
  const res = await call('reject_reservation', r, { reason: 'complet', proposal: 'Le samedi 12 décembre à 20 h' });
  expect(res.status).toBe(200);
  expect(await events(r.id)).toEqual([{ from_status: 0, to_status: 2, reason: 'complet', reason_detail: null, proposal: 'Le samedi 12 décembre à 20 h', actor: 'owner', by_user: true }]);
  const [mail] = await mailsOf(r);
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain('Complet');
    expect(part).toContain('Le restaurant vous propose');
    expect(part).toContain('Le samedi 12 décembre à 20 h');
  }
  const other = await aliceReservation();
  await call('reject_reservation', other, { reason: 'autre', reason_detail: 'Cuisine en travaux' });
  expect((await mailsOf(other))[0].text).toContain('Raison : Cuisine en travaux');
});

test('the one-click link is recorded as the link, without a user', async () => {
  const r = await aliceReservation();
  expect((await post(`${running.service.url}/api/reservations/${r.numero}/accept/${r.code}`)).status).toBe(200);
  expect(await events(r.id)).toEqual([{ from_status: 0, to_status: 1, reason: null, reason_detail: null, proposal: null, actor: 'link', by_user: false }]);
});

describe('refused: nothing changes, nothing is recorded, nothing is sent', () => {
  const cases: [string, number, Endpoint, Record<string, unknown>, number, RegExp][] = [
    ['Acompte reçu on a pending request', 0, 'mark_paid', {}, 409, /pas possible pour une réservation « En attente »/],
    ['Acompte reçu on a refused one', 2, 'mark_paid', {}, 409, /« Refusée »/],
    ['a cancellation of a refused one', 2, 'cancel_reservation', { reason: 'autre', reason_detail: 'x' }, 409, /« Refusée »/],
    ['a cancellation of a pending request', 0, 'cancel_reservation', { reason: 'demande_du_client' }, 409, /« En attente »/],
    ['accepting a paid one', 3, 'accept_reservation', {}, 409, /déjà été traitée/],
    ['a cancellation without a reason', 1, 'cancel_reservation', {}, 422, /Indiquez la raison/],
    ['« Autre » without its words', 1, 'cancel_reservation', { reason: 'autre', reason_detail: '  ' }, 422, /Indiquez la raison/],
    ['a refusal reason given to a cancellation', 1, 'cancel_reservation', { reason: 'complet' }, 422, /Raison inconnue/],
    ['an unknown refusal reason', 0, 'reject_reservation', { reason: 'pas-de-raison' }, 422, /Raison inconnue/],
  ];
  test.each(cases)('%s', async (_name, status, endpoint, body, http, message) => {
    const r = await aliceReservation({ status });
    const before = await readRow(r.numero);
    const res = await call(endpoint, r, body);
    expect(res.status).toBe(http);
    expect((await res.json()).message).toMatch(message);
    expect(await readRow(r.numero)).toEqual(before);
    expect(await events(r.id)).toEqual([]);
    expect(running.smtp.messages).toEqual([]);
  });

  test('another owner, naming the reservation: not found', async () => {
    const r = await aliceReservation({ status: 1 });
    const before = await readRow(r.numero);
    for (const endpoint of ['mark_paid', 'cancel_reservation'] as const) {
      const res = await call(endpoint, r, { reason: 'demande_du_client' }, bob);
      expect(res.status).toBe(404);
    }
    expect(await readRow(r.numero)).toEqual(before);
    expect(running.smtp.messages).toEqual([]);
  });

  test('without a session: 401', async () => {
    const r = await aliceReservation({ status: 1 });
    const res = await post(`${running.service.url}/api/reservations/mark_paid`, { numero_reservation: r.numero, restaurant_id: alice.restaurantId });
    expect(res.status).toBe(401);
    expect(await readRow(r.numero)).toMatchObject({ status: 1 });
  });
});

test('concurrent clicks: of 8 simultaneous « Acompte reçu » and 8 cancellations, exactly one change wins per reservation', async () => {
  const reservations = await Promise.all(Array.from({ length: 4 }, () => aliceReservation({ status: 1 })));
  const answers = await Promise.all(
    reservations.flatMap((r) => Array.from({ length: 4 }, (_, i) => (i % 2 ? call('mark_paid', r) : call('cancel_reservation', r, { reason: 'demande_du_client' })))),
  );
  const statuses = answers.map((a) => a.status);
  // Paid, a cancellation that does not say what becomes of the acompte is refused (422, issue 30):
  // one change per reservation, and every history is a valid path.
  for (const r of reservations) {
    const history = await events(r.id);
    const path = history.map((e) => `${e.from_status}>${e.to_status}`).join(',');
    expect(['1>3', '1>4']).toContain(path);
    expect((await readRow(r.numero)).status).toBe(history.at(-1)!.to_status);
  }
  expect(statuses.filter((s) => s === 200).length).toBe((await Promise.all(reservations.map((r) => events(r.id)))).flat().length);
  expect(statuses.every((s) => s === 200 || s === 409 || s === 422)).toBe(true);
});

test('the history is in the order the changes were made, even when a slower transaction began first', async () => {
  const r = await aliceReservation({ status: 1 });
  await withDb(async (slow) => {
    await slow.query('begin');
    await slow.query('select 1');
    expect((await call('mark_paid', r)).status).toBe(200);
    await slow.query("select public.transition_reservation_by_id($1, 4::smallint, 'owner', null, 'demande_du_client', null, null, 'kept')", [r.id]);
    await slow.query('commit');
  });
  expect((await events(r.id)).map((e) => `${e.from_status}>${e.to_status}`)).toEqual(['1>3', '3>4']);
});

test('a pending request whose date is gone: the link does not accept it (422 naming the date), the app and a refusal still may', async () => {
  const past = await aliceReservation({ reservation_date: '2026-01-15' });
  const before = await readRow(past.numero);
  const byLink = await post(`${running.service.url}/api/reservations/${past.numero}/accept/${past.code}`);
  expect(byLink.status).toBe(422);
  expect((await byLink.json()).message).toContain('jeudi 15 janvier 2026, une date déjà passée');
  expect(await readRow(past.numero)).toEqual(before);
  expect(running.smtp.messages).toEqual([]);
  // The owner, who confirmed the date in the app, may accept it.
  expect((await call('accept_reservation', past)).status).toBe(200);
  const refused = await aliceReservation({ reservation_date: '2026-01-15' });
  expect((await post(`${running.service.url}/api/reservations/${refused.numero}/reject/${refused.code}`)).status).toBe(200);
});
