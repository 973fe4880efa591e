import { randomUUID } from 'node:crypto';
import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { must, sample } from '../../local-supabase/test/fixtures';
import { insertReservationsAsSuperuser } from '../../local-supabase/test/reservations';

/**
 * Issue 30, items 3 and 4, in public.transition_reservation_by_id (the one way a status changes):
 * - 'Acompte reçu' records what was received (the acompte of the billing terms, or the total);
 *   cancelling a paid reservation says what becomes of it — refunded (more than 0, at most what was
 *   received) or kept — and the history records it; anything else is refused, nothing changed;
 * - 'Non présenté' (no_show): from accepted or paid only, once the arrival time (France) has passed;
 *   apart in the planning (not among the covers expected) and labelled in the export.
 */
let owner: Awaited<ReturnType<typeof newOwner>>;
let restaurantId: string;

beforeAll(async () => {
  owner = await newOwner('deposit');
  ({ id: restaurantId } = await must(owner.client.from('restaurants').insert({ name: 'Acompte' }).select('id').single()));
  // An acompte of 30 % of the total.
  await must(owner.client.from('restaurant_billing').upsert({ restaurant_id: restaurantId, ...sample.billing }, { onConflict: 'restaurant_id' }));
});

const STATUS = { pending: 0, accepted: 1, rejected: 2, paid: 3, cancelled: 4, no_show: 5 } as const;

/** A reservation of 400 € in a status and on a date of the test's choosing (decided, past: rows submit_group_request refuses). */
async function reservation(status: number, fields: Record<string, unknown> = {}) {
  const [written] = await insertReservationsAsSuperuser([
    { restaurant_id: restaurantId, number_people: 10, children: 2, reservation_date: '2026-01-15', arrival_time: '20:00', total_amount: 400, status, ...fields },
  ]);
  return written.id;
}

const transition = async (id: string, target: number, args: Record<string, unknown> = {}) =>
  (await service().rpc('transition_reservation_by_id', { p_reservation_id: id, p_target_status: target, p_actor: 'owner', p_actor_user_id: owner.userId, ...args })).data as Record<
    string,
    unknown
  >;

const row = (id: string) => withDb(async (db) => (await db.query('select status, amount_received_cents, updated_at from public.restaurant_reservations where id = $1', [id])).rows[0]);
const events = (id: string) =>
  withDb(async (db) => (await db.query('select from_status, to_status, reason, deposit, amount_cents from public.reservation_events where reservation_id = $1 order by created_at', [id])).rows);

describe('the acompte of a paid reservation', () => {
  test('Acompte reçu records what was received: the acompte (30 % of 400 €), or the whole total without an acompte', async () => {
    const id = await reservation(STATUS.accepted);
    expect(await transition(id, STATUS.paid)).toMatchObject({ outcome: 'ok', status: STATUS.paid, amount_cents: 12_000 });
    expect(await row(id)).toMatchObject({ status: STATUS.paid, amount_received_cents: 12_000 });
    expect(await events(id)).toEqual([{ from_status: 1, to_status: 3, reason: null, deposit: null, amount_cents: 12_000 }]);

    const other = await newOwner('deposit-none');
    const { id: plain } = await must(other.client.from('restaurants').insert({ name: 'Sans acompte' }).select('id').single());
    const [written] = await insertReservationsAsSuperuser([{ restaurant_id: plain, number_people: 8, reservation_date: '2026-01-15', total_amount: 250, status: STATUS.accepted }]);
    expect(await transition(written.id, STATUS.paid)).toMatchObject({ outcome: 'ok', amount_cents: 25_000 });
    expect(await row(written.id)).toMatchObject({ amount_received_cents: 25_000 });
  });

  test('cancelled with the acompte refunded, in part: the history says how much', async () => {
    const id = await reservation(STATUS.accepted);
    await transition(id, STATUS.paid);
    const answer = await transition(id, STATUS.cancelled, { p_reason: 'demande_du_client', p_deposit: 'refunded', p_amount_cents: 5050 });
    expect(answer).toMatchObject({ outcome: 'ok', status: STATUS.cancelled, deposit: 'refunded', amount_cents: 5050 });
    expect(await row(id)).toMatchObject({ status: STATUS.cancelled, amount_received_cents: 12_000 });
    expect((await events(id)).at(-1)).toEqual({ from_status: 3, to_status: 4, reason: 'demande_du_client', deposit: 'refunded', amount_cents: 5050 });
  });

  test('cancelled with the acompte kept: the amount kept is what was received', async () => {
    const id = await reservation(STATUS.accepted);
    await transition(id, STATUS.paid);
    expect(await transition(id, STATUS.cancelled, { p_reason: 'demande_du_client', p_deposit: 'kept' })).toMatchObject({ outcome: 'ok', deposit: 'kept', amount_cents: 12_000 });
    expect((await events(id)).at(-1)).toMatchObject({ deposit: 'kept', amount_cents: 12_000 });
  });

  test('an accepted (unpaid) reservation is cancelled as before, without a word of an acompte', async () => {
    const id = await reservation(STATUS.accepted);
    expect(await transition(id, STATUS.cancelled, { p_reason: 'acompte_non_recu' })).toMatchObject({ outcome: 'ok' });
    expect(await events(id)).toEqual([{ from_status: 1, to_status: 4, reason: 'acompte_non_recu', deposit: null, amount_cents: null }]);
  });

  describe('refused: nothing changes, nothing is recorded', () => {
    const cases: [string, number, Record<string, unknown>, Record<string, unknown>][] = [
      ['a paid one cancelled without saying what becomes of the acompte', STATUS.paid, { p_reason: 'demande_du_client' }, { outcome: 'deposit_required' }],
      ['refunded without an amount', STATUS.paid, { p_reason: 'demande_du_client', p_deposit: 'refunded' }, { outcome: 'amount_invalid', amount_received_cents: 12_000 }],
      [
        'refunded more than was received',
        STATUS.paid,
        { p_reason: 'demande_du_client', p_deposit: 'refunded', p_amount_cents: 12_001 },
        { outcome: 'amount_invalid', amount_received_cents: 12_000 },
      ],
      ['refunded nothing', STATUS.paid, { p_reason: 'demande_du_client', p_deposit: 'refunded', p_amount_cents: 0 }, { outcome: 'amount_invalid' }],
      ['refunded a negative amount', STATUS.paid, { p_reason: 'demande_du_client', p_deposit: 'refunded', p_amount_cents: -1000 }, { outcome: 'amount_invalid' }],
      ['kept, with an amount', STATUS.paid, { p_reason: 'demande_du_client', p_deposit: 'kept', p_amount_cents: 1000 }, { outcome: 'amount_invalid' }],
      ['an unknown outcome of the acompte', STATUS.paid, { p_reason: 'demande_du_client', p_deposit: 'perdu' }, { outcome: 'deposit_invalid' }],
      ['an acompte said of an accepted (unpaid) one', STATUS.accepted, { p_reason: 'demande_du_client', p_deposit: 'refunded', p_amount_cents: 1000 }, { outcome: 'deposit_invalid' }],
      ['a paid one cancelled without a reason', STATUS.paid, { p_deposit: 'kept' }, { outcome: 'reason_required' }],
    ];
    test.each(cases)('%s', async (_name, status, args, answer) => {
      const id = await reservation(status, status === STATUS.paid ? { amount_received_cents: 12_000 } : {});
      const before = await row(id);
      expect(await transition(id, STATUS.cancelled, args)).toMatchObject({ ...answer, status });
      expect(await row(id)).toEqual(before);
      expect(await events(id)).toEqual([]);
    });
  });

  test('concurrent cancellations of one paid reservation (refunds and keeps): exactly one is recorded', async () => {
    const id = await reservation(STATUS.paid, { amount_received_cents: 12_000 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        transition(id, STATUS.cancelled, i % 2 ? { p_reason: 'demande_du_client', p_deposit: 'kept' } : { p_reason: 'demande_du_client', p_deposit: 'refunded', p_amount_cents: 10_000 + i }),
      ),
    );
    expect(answers.filter((a) => a.outcome === 'ok')).toHaveLength(1);
    expect(answers.filter((a) => a.outcome !== 'ok').every((a) => a.outcome === 'not_allowed' && a.status === STATUS.cancelled)).toBe(true);
    const history = await events(id);
    expect(history).toHaveLength(1);
    const winner = answers.find((a) => a.outcome === 'ok')!;
    expect(history[0]).toMatchObject({ deposit: winner.deposit, amount_cents: winner.amount_cents });
  });
});

describe('Non présenté (no_show)', () => {
  test('from accepted or paid, once the arrival time has passed: recorded, who and when', async () => {
    for (const status of [STATUS.accepted, STATUS.paid]) {
      const id = await reservation(status);
      expect(await transition(id, STATUS.no_show)).toMatchObject({ outcome: 'ok', status: STATUS.no_show });
      expect(await row(id)).toMatchObject({ status: STATUS.no_show });
      expect(await events(id)).toEqual([{ from_status: status, to_status: STATUS.no_show, reason: null, deposit: null, amount_cents: null }]);
    }
    // Today at midnight (France): the time has come.
    const today = await withDb(async (db) => (await db.query("select (now() at time zone 'Europe/Paris')::date::text as d")).rows[0].d as string);
    expect(await transition(await reservation(STATUS.accepted, { reservation_date: today, arrival_time: '00:00' }), STATUS.no_show)).toMatchObject({ outcome: 'ok' });
  });

  test('before the arrival time: refused with the date and time, nothing changed', async () => {
    const id = await reservation(STATUS.accepted, { reservation_date: '2099-06-01', arrival_time: '19:30' });
    const before = await row(id);
    expect(await transition(id, STATUS.no_show)).toMatchObject({ outcome: 'too_early', status: STATUS.accepted, reservation_date: '2099-06-01', arrival_time: '19:30' });
    expect(await row(id)).toEqual(before);
    expect(await events(id)).toEqual([]);
  });

  test('from pending, refused, cancelled or already a no-show: not allowed', async () => {
    for (const status of [STATUS.pending, STATUS.rejected, STATUS.cancelled, STATUS.no_show]) {
      const id = await reservation(status);
      expect(await transition(id, STATUS.no_show)).toMatchObject({ outcome: 'not_allowed', status });
      expect(await events(id)).toEqual([]);
    }
  });

  test('nothing moves out of a no-show, and a no-show carries no reason', async () => {
    const id = await reservation(STATUS.no_show);
    for (const target of [STATUS.accepted, STATUS.paid, STATUS.cancelled]) expect((await transition(id, target, { p_reason: 'demande_du_client' })).outcome).toMatch(/^not_/);
    expect(await transition(await reservation(STATUS.accepted), STATUS.no_show, { p_reason: 'complet' })).toMatchObject({ outcome: 'reason_invalid' });
  });

  test('concurrent clicks: exactly one no-show is recorded', async () => {
    const id = await reservation(STATUS.paid);
    const answers = await Promise.all(Array.from({ length: 6 }, () => transition(id, STATUS.no_show)));
    expect(answers.filter((a) => a.outcome === 'ok')).toHaveLength(1);
    expect(await events(id)).toHaveLength(1);
  });

  test('anonymous and owners cannot call the transition (the reservation service only)', async () => {
    const id = await reservation(STATUS.accepted);
    for (const client of [anon(), owner.client]) {
      const { error } = await client.rpc('transition_reservation_by_id', { p_reservation_id: id, p_target_status: STATUS.no_show });
      expect(error).not.toBeNull();
      const cancel = await client.rpc('transition_reservation_by_id', { p_reservation_id: id, p_target_status: STATUS.cancelled, p_reason: 'autre', p_reason_detail: 'x', p_deposit: 'kept' });
      expect(cancel.error).not.toBeNull();
    }
    expect(await row(id)).toMatchObject({ status: STATUS.accepted });
    expect(await events(id)).toEqual([]);
  });
});

describe('counted in the planning and the export', () => {
  let planningOwner: Awaited<ReturnType<typeof newOwner>>;
  let rid: string;
  beforeAll(async () => {
    planningOwner = await newOwner('no-show-planning');
    ({ id: rid } = await must(planningOwner.client.from('restaurants').insert({ name: 'Planning absents' }).select('id').single()));
    const r = (n: string, status: number, number_people: number, children: number, fields: Record<string, unknown> = {}) => ({
      restaurant_id: rid,
      numero_reservation_restaurateur: n,
      numero_reservation: `NS-${randomUUID()}`,
      code_reservation: 'NS',
      customer_name: `Client ${n}`,
      reservation_date: '2026-11-23',
      arrival_time: '20:00',
      number_people,
      children,
      total_amount: 400,
      status,
      ...fields,
    });
    // A fixed past Monday, decided statuses: rows submit_group_request refuses.
    await insertReservationsAsSuperuser([
      r('NS-1', STATUS.accepted, 10, 0, { created_at: '2026-11-01T10:00:00Z' }),
      r('NS-2', STATUS.no_show, 6, 2, { created_at: '2026-11-02T10:00:00Z' }),
      r('NS-3', STATUS.no_show, 4, 0, { created_at: '2026-11-03T10:00:00Z' }),
      r('NS-4', STATUS.paid, 5, 0, { amount_received_cents: 12_000, created_at: '2026-11-04T10:00:00Z' }),
      r('NS-5', STATUS.paid, 5, 0, { amount_received_cents: 40_000, created_at: '2026-11-05T10:00:00Z' }),
    ]);
  });

  test('the planning shows the no-shows apart, not among the covers expected', async () => {
    const rows = await must(planningOwner.client.rpc('reservation_planning', { p_restaurant_id: rid, p_from: '2026-11-23', p_to: '2026-11-23' }));
    expect(rows.find((c: { service: string }) => c.service === 'dinner')).toMatchObject({
      confirmed_covers: 20,
      confirmed_reservations: 3,
      pending_requests: 0,
      no_show_covers: 12,
      no_show_reservations: 2,
    });
    expect(rows.find((c: { service: string }) => c.service === 'lunch')).toMatchObject({ no_show_covers: 0, no_show_reservations: 0 });
  });

  test('the export labels them « Non présenté », and a paid one with money still due « Acompte reçu »', async () => {
    const text = (await must(planningOwner.client.rpc('export_reservations_csv', { p_restaurant_id: rid }))) as string;
    const [header, ...lines] = text.slice(1).split('\r\n');
    const statusColumn = header.split(';').indexOf('Statut');
    const statuses = Object.fromEntries(
      lines.slice(0, -1).map((line) => {
        const fields = line.split(';');
        return [fields[0].replace(/"/g, ''), fields[statusColumn]];
      }),
    );
    expect(statuses).toEqual({ 'NS-1': 'Acceptée', 'NS-2': 'Non présenté', 'NS-3': 'Non présenté', 'NS-4': 'Acompte reçu', 'NS-5': 'Payée' });
    // The status filter of the list takes the new status.
    const noShows = (await must(planningOwner.client.rpc('export_reservations_csv', { p_restaurant_id: rid, p_status: STATUS.no_show }))) as string;
    expect(noShows.split('\r\n').filter((l) => l.includes('Non présenté'))).toHaveLength(2);
  });

  test('another owner reads none of it', async () => {
    const other = await newOwner('no-show-other');
    expect(await must(other.client.rpc('reservation_planning', { p_restaurant_id: rid, p_from: '2026-11-23', p_to: '2026-11-23' }))).toEqual([]);
    expect((await other.client.rpc('export_reservations_csv', { p_restaurant_id: rid })).error).not.toBeNull();
  });
});
